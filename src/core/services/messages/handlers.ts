/**
 * messages:* — signing a text message with a wallet's key (a Ledger wallet's on the device) and verifying one of
 * either wallet form (core/protocol/message.ts). Signing asks for the vault password as tx:send does (the Signing setting): a
 * signature on a message can be as binding as one on a transaction ("I own this address", "I agree to …").
 */
import { ProtocolError } from '../../protocol/errors';
import { signedMessageText, verifySignedMessage, type SignedMessageDocument } from '../../protocol/message';
import type { ChannelHandlers } from '../dispatcher';
import { ledgerMessage } from '../ledger/device-signers';
import type { LedgerHost } from '../ledger/ledger-host';
import type { AppEvents } from '../events';
import type { Keystore } from '../../keystore';
import type { Networks } from '../networks/networks';
import type { SettingsFile } from '../settings';

/** What messages:* works with: the vault signs, the network names the address form, the Signing setting asks. */
export interface MessageDeps {
  keystore: Keystore;
  networks: Networks;
  settings: SettingsFile;
  /** A Ledger wallet's message is signed on the device, its prompt pushed as an event. */
  events: AppEvents;
  ledger: LedgerHost;
}

type MessageChannels = Extract<keyof ChannelHandlers, `messages:${string}`>;

function publicKeyOf(document: SignedMessageDocument): string {
  return 'signatory' in document ? document.signatory : document.publicKey;
}

/** The pasted text as JSON; ERR_JSON in plain words when it is not. */
export function parseSignedMessageText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProtocolError(
      'ERR_JSON',
      'The signed message is not JSON: paste the whole {…} block the signer gave you.',
    );
  }
}

export function messageHandlers(s: MessageDeps): Pick<ChannelHandlers, MessageChannels> {
  return {
    'messages:sign': async ({ walletId, message, format, password }) => {
      await s.keystore.confirmPasswordIfStale(s.settings.get().signPasswordAfterMs, password);
      const wallet = s.keystore.getWallet(walletId);
      // A Ledger wallet's message is signed on the device, which shows it first (plain ASCII, at most 255).
      const document =
        wallet.kind === 'ledger'
          ? await ledgerMessage(s, walletId, message, format)
          : s.keystore.signMessage(walletId, message, format);
      return {
        format,
        message,
        publicKey: publicKeyOf(document),
        signature: document.signature,
        address: wallet.address,
        text: signedMessageText(document),
      };
    },
    'messages:verify': ({ signed }) => {
      const pubKeyHash = s.networks.active().pubKeyHash;
      const verdict = verifySignedMessage(parseSignedMessageText(signed), pubKeyHash);
      return {
        verified: verdict.verified,
        format: verdict.format,
        scheme: verdict.scheme,
        message: verdict.message,
        publicKey: verdict.publicKey,
        address: verdict.address ?? '',
        ...(verdict.reason === undefined ? {} : { reason: verdict.reason }),
      };
    },
  };
}
