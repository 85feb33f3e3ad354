import { blockHeaderToJson, deserializeBlock, verifyBlock } from '../../core/protocol/blocks';
import { fromHex } from '../../core/protocol/hex';
import { transactionToJson } from '../../core/protocol/transactions';
import { usageError } from '../cli-error';
import { printJson } from '../io';
import { resolveNetwork } from '../network-option';
import { parseOptions, requireOption } from '../parse-options';

/** `votary block decode|verify --hex H [--network NAME]` (protocol reference §6). */
export function blockCommand(args: string[]): number {
  const [sub, ...rest] = args;
  if (sub !== 'decode' && sub !== 'verify') {
    throw usageError(`block needs one of: decode, verify${sub ? ` (got "${sub}")` : ''}`);
  }
  const options = parseOptions(rest, { hex: { type: 'string' }, network: { type: 'string' } });
  const network = resolveNetwork(options.network);
  const block = deserializeBlock(fromHex(requireOption(options.hex, 'hex').trim(), '--hex'), network);
  if (sub === 'decode') {
    // ARK's Block.toJson(): the header fields with the transactions' toJson() forms.
    printJson({
      ...blockHeaderToJson(block.header, network),
      transactions: block.transactions.map(transactionToJson),
    });
    return 0;
  }
  const result = verifyBlock(block, network, { now: Date.now() });
  printJson({ id: block.header.id, ...result });
  return result.verified ? 0 : 1;
}
