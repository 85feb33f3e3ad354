/**
 * `votary musig-server`: a multisignature server anyone can run (core/musig-server): ARK's multi-signature server
 * REST shape and ArkVault's JSON-RPC, proposals in SQLite at `<data-dir>/musig-<network>.db`, every participant
 * signature verified on arrival, at most `--pending` (default 3, as ARK's) proposals per sender, `--per-key`
 * waiting for one participant, `--max-proposals` and `--max-mib` on the whole server, each purged 24 hours after
 * it arrived. `--node <url>`: a node of the network, asked about nonces and wallets (core/musig-server/
 * chain-check.ts). Connections are bounded as the public API's (core/api/http/connection-limits.ts). Runs until
 * SIGINT/SIGTERM.
 */
import { join, resolve } from 'node:path';
import { isValidPeerUrl } from '../../core/client';
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_PROPOSALS,
  DEFAULT_PENDING_LIMIT,
  DEFAULT_PER_KEY_LIMIT,
  ProposalRules,
  ProposalStore,
  SWEEP_EVERY_MS,
  createMusigServer,
  nodeWalletLookup,
} from '../../core/musig-server';
import { CliError, usageError } from '../cli-error';
import { diskFault, ensureWritableDir } from '../disk-fault';
import { resolveContext } from '../network-option';
import { parseOptions, requireOption } from '../parse-options';
import { runUntilStopSignal } from '../stop-signal';

/** ARK's multi-signature server listens on 8080 by default. */
const DEFAULT_PORT = 8080;
/** ARK's server purges every 15 minutes; reads purge as well, so none is ever answered late. */
const PURGE_EVERY_MS = 15 * 60 * 1000;

function wholeNumber(
  name: string,
  value: string | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  if (!/^\d{1,6}$/.test(value) || Number(value) < min || Number(value) > max) {
    throw usageError(`--${name} must be a whole number from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

export async function musigServerCommand(args: string[]): Promise<number> {
  const options = parseOptions(args, {
    'data-dir': { type: 'string' },
    network: { type: 'string' },
    host: { type: 'string' },
    port: { type: 'string' },
    pending: { type: 'string' },
    'per-key': { type: 'string' },
    'max-proposals': { type: 'string' },
    'max-mib': { type: 'string' },
    node: { type: 'string' },
    'rate-limit': { type: 'string' },
  });
  const dataDir = resolve(requireOption(options['data-dir'], 'data-dir'));
  const ctx = resolveContext(options.network, undefined);
  const host = options.host ?? '127.0.0.1';
  if (host === '') throw usageError('--host must not be empty');
  const port = wholeNumber('port', options.port, DEFAULT_PORT, 0, 65535);
  const pendingLimit = wholeNumber('pending', options.pending, DEFAULT_PENDING_LIMIT, 1, 1000);
  const perKeyLimit = wholeNumber('per-key', options['per-key'], DEFAULT_PER_KEY_LIMIT, 1, 100_000);
  const maxProposals = wholeNumber(
    'max-proposals',
    options['max-proposals'],
    DEFAULT_MAX_PROPOSALS,
    1,
    1_000_000,
  );
  const maxMib = wholeNumber('max-mib', options['max-mib'], DEFAULT_MAX_BYTES / 1024 / 1024, 1, 65_536);
  const nodeUrl = options.node;
  if (nodeUrl !== undefined && !isValidPeerUrl(nodeUrl)) {
    throw usageError(`--node must be a node's http(s) URL such as http://127.0.0.1:4003, got "${nodeUrl}"`);
  }
  const perMinute = wholeNumber('rate-limit', options['rate-limit'], 100, 0, 100_000);
  ensureWritableDir(dataDir);
  const file = join(dataDir, `musig-${ctx.network.network.name}.db`);
  let store: ProposalStore;
  try {
    store = new ProposalStore(file);
  } catch (error) {
    throw diskFault(error, file) ?? new CliError(`cannot open ${file}: ${(error as Error).message}`);
  }
  const rules = new ProposalRules({
    store,
    ctx,
    pendingLimit,
    perKeyLimit,
    maxProposals,
    maxBytes: maxMib * 1024 * 1024,
    ...(nodeUrl === undefined ? {} : { wallets: nodeWalletLookup(nodeUrl, ctx) }),
  });
  const app = await createMusigServer({
    rules,
    rateLimitPerMinute: perMinute,
    onServerError: (error) => process.stderr.write(`votary musig-server: internal error: ${String(error)}\n`),
  });
  let url: string;
  try {
    await app.listen({ host, port });
    const address = app.server.address();
    const bound = typeof address === 'object' && address !== null ? address.port : port;
    url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  } catch (error) {
    store.close();
    throw new CliError(
      `cannot listen on ${host}:${port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const purged = rules.purge();
  const timer = setInterval(() => rules.purge(), PURGE_EVERY_MS);
  const sweeper = setInterval(() => {
    rules
      .sweep()
      .then((gone) => {
        if (gone > 0)
          process.stdout.write(`votary musig-server: ${gone} proposals with a used nonce removed\n`);
      })
      .catch((error: unknown) =>
        process.stderr.write(`votary musig-server: internal error: ${String(error)}\n`),
      );
  }, SWEEP_EVERY_MS);
  await runUntilStopSignal(() => {
    process.stdout.write(
      `votary musig-server ready: ${url}, network ${ctx.network.network.name}, database ${file}, ${pendingLimit} pending per sender${nodeUrl === undefined ? '' : `, node ${nodeUrl}`}${purged > 0 ? `, ${purged} expired purged` : ''}\n`,
    );
  });
  clearInterval(timer);
  clearInterval(sweeper);
  await app.close();
  store.close();
  return 0;
}
