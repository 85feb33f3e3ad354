/**
 * `votary message sign|verify` — signed messages offline, in ARK Core 3's form (`Crypto.Message`: DER ECDSA,
 * `{publicKey, signature, message}`) or ArkVault's (legacy Schnorr, `{message, signatory, signature}`), both over
 * SHA-256 of the UTF-8 message (core/protocol/message.ts).
 */
import { readFileSync } from 'node:fs';
import { addressFromPublicKey } from '../../core/protocol/crypto';
import {
  MESSAGE_FORMATS,
  signMessageWithPassphrase,
  verifySignedMessage,
  type MessageFormat,
} from '../../core/protocol/message';
import { CliError, usageError } from '../cli-error';
import { printJson, readJsonFile, readPassphraseFile } from '../io';
import { resolveNetwork } from '../network-option';
import { parseOptions, requireOption } from '../parse-options';

export function messageCommand(args: string[]): number {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'sign':
      return sign(rest);
    case 'verify':
      return verify(rest);
    default:
      throw usageError(`message needs one of: sign, verify${sub ? ` (got "${sub}")` : ''}`);
  }
}

function formatOption(value: string | undefined): MessageFormat {
  const format = value ?? 'core3';
  if (!(MESSAGE_FORMATS as readonly string[]).includes(format)) {
    throw usageError(`--format must be one of ${MESSAGE_FORMATS.join(', ')}, got "${format}"`);
  }
  return format as MessageFormat;
}

/** The message: --message as given, or a file's bytes as UTF-8 with nothing trimmed. */
function messageText(inline: string | undefined, file: string | undefined): string {
  if ((inline === undefined) === (file === undefined)) {
    throw usageError('message sign needs exactly one of --message or --message-file');
  }
  if (inline !== undefined) return inline;
  try {
    return readFileSync(file!, 'utf8');
  } catch (error) {
    throw new CliError(
      `cannot read message file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'unreadable'}`,
    );
  }
}

/**
 * `message sign (--message M | --message-file F) --passphrase-file P [--format core3|arkvault]` → the signed
 * message exactly as ARK's tools write it (no network: a message signature is the same on every network).
 */
function sign(args: string[]): number {
  const options = parseOptions(args, {
    message: { type: 'string' },
    'message-file': { type: 'string' },
    'passphrase-file': { type: 'string' },
    format: { type: 'string' },
  });
  const format = formatOption(options.format);
  const message = messageText(options.message, options['message-file']);
  const passphrase = readPassphraseFile(requireOption(options['passphrase-file'], 'passphrase-file'));
  printJson(signMessageWithPassphrase(message, passphrase, format));
  return 0;
}

/**
 * `message verify --json F [--network N]` → {verified, format, scheme, publicKey, address, message}, exit 0;
 * or {verified: false, …, reason} and exit 1. A file that is not a signed message of either form: one line, exit 1.
 */
function verify(args: string[]): number {
  const options = parseOptions(args, { json: { type: 'string' }, network: { type: 'string' } });
  const document = readJsonFile(requireOption(options.json, 'json'), 'signed message');
  const { network } = resolveNetwork(options.network);
  const verdict = verifySignedMessage(document, network.pubKeyHash);
  printJson({
    verified: verdict.verified,
    format: verdict.format,
    scheme: verdict.scheme,
    publicKey: verdict.publicKey,
    address: verdict.address ?? addressFromPublicKey(verdict.publicKey, network.pubKeyHash),
    message: verdict.message,
    ...(verdict.reason === undefined ? {} : { reason: verdict.reason }),
  });
  return verdict.verified ? 0 : 1;
}
