/**
 * A Ledger wallet as a signer of the prepared-transaction flow (docs/design/signing.md "Signers") and of messages:
 * core/ledger's LedgerSigner over this process's device (LedgerHost, one use at a time), handed exactly the
 * reviewed bytes, its answer checked by the flow as a vault signature is. While the device waits for the person,
 * `ledger:prompt` says what it shows and what to press; when it answered or failed, how it ended.
 */
import { randomUUID } from 'node:crypto';
import {
  LedgerSigner,
  ledgerParticipantSigner,
  ledgerSenderSigner,
  type DevicePrompt,
  type LedgerAccountRef,
} from '../../ledger';
import type { MessageFormat, SignedMessageDocument } from '../../protocol/message';
import { isCodedError } from '../../../shared/lib/coded-error';
import type { ParticipantSignature, SenderSignatures, Signer } from '../transactions/signer';
import type { LedgerDeps } from './deps';

export type DeviceSignerDeps = LedgerDeps;

/** A refusal or failure of the device (ERR_LEDGER_*): nothing was signed, the review can be confirmed again. */
export function isDeviceFailure(error: unknown): boolean {
  return isCodedError(error) && error.code.startsWith('ERR_LEDGER_');
}

const SCROLL =
  'press the right button to read on, then both buttons on “Approve” to sign, or on “Reject” to refuse.';

function instruction(prompt: DevicePrompt): string {
  return prompt.subject === 'message'
    ? `Check your Ledger’s screen: it shows the message to sign; ${SCROLL}`
    : `Check your Ledger’s screen: it shows this ${prompt.kind} page by page (${prompt.screens.join(' → ')}); compare each with the review, ${SCROLL}`;
}

/** The ARK app names every amount "ARK" (its src/constants.h TOKEN_NAME): on another token, say which it is. */
function tokenNote(deps: DeviceSignerDeps, nethash: string): string | undefined {
  const entry = deps.networks.byNethash(nethash);
  if (entry === undefined || entry.token === 'ARK') return undefined;
  return `The Ledger writes every amount as “ARK”; on ${entry.name} they are ${entry.token}.`;
}

/**
 * One signing on the device for the Ledger wallet `walletId`: `run` gets a LedgerSigner whose prompts are pushed as
 * `ledger:prompt` events; the device is used alone (ERR_LEDGER_BUSY otherwise).
 */
async function onDevice<T>(
  deps: DeviceSignerDeps,
  walletId: string,
  preparedId: string | undefined,
  run: (signer: LedgerSigner) => Promise<T>,
): Promise<T> {
  const account: LedgerAccountRef & { address: string } = deps.keystore.ledgerAccount(walletId);
  const wallet = deps.keystore.getWallet(walletId);
  const id = randomUUID();
  let shown: DevicePrompt | undefined;
  const base = (prompt: DevicePrompt) => {
    const note = prompt.subject === 'transaction' ? tokenNote(deps, wallet.nethash) : undefined;
    return {
      id,
      walletId,
      address: account.address,
      ...(preparedId === undefined ? {} : { preparedId }),
      subject: prompt.subject,
      kind: prompt.kind,
      screens: prompt.screens,
      path: prompt.path,
      ...(prompt.message === undefined ? {} : { message: prompt.message }),
      instruction: instruction(prompt),
      ...(note === undefined ? {} : { tokenNote: note }),
    };
  };
  return deps.ledger.exclusive(async (open) => {
    const signer = new LedgerSigner(open, account, {
      onDevicePrompt: (prompt) => {
        shown = prompt;
        deps.events.emit('ledger:prompt', { ...base(prompt), phase: 'confirm' });
      },
      ...(deps.ledger.timeouts === undefined ? {} : { timeouts: deps.ledger.timeouts }),
    });
    try {
      const answer = await run(signer);
      if (shown !== undefined)
        deps.events.emit('ledger:prompt', { ...base(shown), phase: 'finished', outcome: 'signed' });
      return answer;
    } catch (error) {
      if (shown !== undefined) {
        const code = isCodedError(error) ? error.code : 'ERR_INTERNAL';
        deps.events.emit('ledger:prompt', {
          ...base(shown),
          phase: 'finished',
          outcome: code === 'ERR_LEDGER_REJECTED' ? 'rejected' : 'failed',
          code,
        });
      }
      throw error;
    }
  });
}

/** The sender's signer for a Ledger wallet: the device signs exactly the prepared bytes (no second signature). */
export function ledgerSender(
  deps: DeviceSignerDeps,
  walletId: string,
  options: { secondSignature: boolean; preparedId?: string },
): Signer<SenderSignatures> {
  const label = deps.keystore.getWallet(walletId).name;
  return {
    label,
    sign: (request) =>
      onDevice(deps, walletId, options.preparedId, (signer) =>
        ledgerSenderSigner(signer, label, { hasSecondPublicKey: options.secondSignature }).sign(request),
      ),
  };
}

/** A multisignature participant's signer for a Ledger wallet holding `publicKeys[index]`. */
export function ledgerParticipant(
  deps: DeviceSignerDeps,
  walletId: string,
  index: number,
  publicKeys: readonly string[],
  preparedId?: string,
): Signer<ParticipantSignature> {
  const label = `participant ${index + 1} (${deps.keystore.getWallet(walletId).name})`;
  return {
    label,
    sign: (request) =>
      onDevice(deps, walletId, preparedId, (signer) =>
        ledgerParticipantSigner(signer, label, index, publicKeys).sign(request),
      ),
  };
}

/** A message signed on the device, in ARK Core 3's form (ECDSA) or ArkVault's (Schnorr). */
export function ledgerMessage(
  deps: DeviceSignerDeps,
  walletId: string,
  message: string,
  format: MessageFormat,
): Promise<SignedMessageDocument> {
  return onDevice(deps, walletId, undefined, (signer) => signer.signMessage(message, format));
}
