import { parsePublicKey } from '../../core/protocol/crypto';
import { fromHex, toHex } from '../../core/protocol/hex';
import type { ChainContext } from '../../core/protocol/networks';
import {
  deserializeTransaction,
  draftFromJson,
  serializeTransaction,
  signTransaction,
  transactionFromJson,
  transactionToJson,
  verifyMultiSignatures,
  verifySecondSignature,
  verifyTransaction,
  type TransactionData,
} from '../../core/protocol/transactions';
import { usageError } from '../cli-error';
import { printJson, readJsonFile, readPassphraseFile } from '../io';
import { resolveContext } from '../network-option';
import { parseOptions, requireOption } from '../parse-options';

const contextOptions = {
  network: { type: 'string' },
  height: { type: 'string' },
} as const;

/** `votary tx sign|decode|verify …` */
export function txCommand(args: string[]): number {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'sign':
      return sign(rest);
    case 'decode':
      return decode(rest);
    case 'verify':
      return verify(rest);
    default:
      throw usageError(`tx needs one of: sign, decode, verify${sub ? ` (got "${sub}")` : ''}`);
  }
}

/** Signs a draft (ARK's transaction JSON without signatures) with a passphrase and an optional second one. */
function sign(args: string[]): number {
  const options = parseOptions(args, {
    draft: { type: 'string' },
    'passphrase-file': { type: 'string' },
    'second-passphrase-file': { type: 'string' },
    ...contextOptions,
  });
  const ctx = resolveContext(options.network, options.height);
  const draft = draftFromJson(readJsonFile(requireOption(options.draft, 'draft'), 'draft'), ctx);
  const passphrase = readPassphraseFile(requireOption(options['passphrase-file'], 'passphrase-file'));
  const secondFile = options['second-passphrase-file'];
  const signed = signTransaction(
    draft,
    secondFile === undefined
      ? { passphrase }
      : { passphrase, secondPassphrase: readPassphraseFile(secondFile, 'second passphrase') },
    ctx,
  );
  printJson({ transaction: transactionToJson(signed), serialized: toHex(serializeTransaction(signed)) });
  return 0;
}

function decodeHex(hex: string, ctx: ChainContext): TransactionData {
  return deserializeTransaction(fromHex(hex.trim(), '--hex'), ctx);
}

function decode(args: string[]): number {
  const options = parseOptions(args, { hex: { type: 'string' }, ...contextOptions });
  const ctx = resolveContext(options.network, options.height);
  printJson(transactionToJson(decodeHex(requireOption(options.hex, 'hex'), ctx)));
  return 0;
}

/**
 * Verifies the sender's signature as the reference `Transaction.verify()` does (protocol reference §4.4, §5),
 * plus the second signature when its public key is given and the participants' signatures of a multisignature
 * registration (their keys are in the asset). Exit 0 with {"verified":true}, or exit 1 with the reason.
 */
function verify(args: string[]): number {
  const options = parseOptions(args, {
    hex: { type: 'string' },
    json: { type: 'string' },
    'second-public-key': { type: 'string' },
    ...contextOptions,
  });
  if ((options.hex === undefined) === (options.json === undefined)) {
    throw usageError('tx verify needs exactly one of --hex or --json');
  }
  const ctx = resolveContext(options.network, options.height);
  const tx =
    options.hex !== undefined
      ? decodeHex(options.hex, ctx)
      : transactionFromJson(readJsonFile(options.json!, 'transaction'), ctx);

  const result = verifyTransaction(tx, ctx);
  let reason = result.verified ? undefined : (result.reason ?? 'signature does not verify');
  const secondKey = options['second-public-key'];
  if (reason === undefined && secondKey !== undefined) {
    if (!tx.secondSignature) reason = 'the transaction has no second signature';
    else if (!verifySecondSignature(tx, parsePublicKey(secondKey, '--second-public-key'))) {
      reason = 'second signature does not verify';
    }
  }
  const multiSignature = tx.typeGroup === 1 && tx.type === 4 ? tx.asset?.multiSignature : undefined;
  if (reason === undefined && multiSignature && !verifyMultiSignatures(tx, multiSignature)) {
    reason = 'participant signatures of the multisignature registration do not verify';
  }
  printJson(reason === undefined ? { verified: true, id: tx.id } : { verified: false, id: tx.id, reason });
  return reason === undefined ? 0 : 1;
}
