/**
 * The multisignature server the app hosts for its embedded localnet (docs/design/multisig.md "Transports"): the
 * same server as `votary musig-server` (core/musig-server), on 127.0.0.1 at a free port, its proposals in
 * `<dataDir>/localnet/musig.db`. Started on first use, so an app that never co-signs never opens it; closed with
 * the core. It answers this app only (`localOnly`: no web page, no other host name) and knows its node: a proposal
 * whose nonce is used or whose wallet is forged leaves it (core/musig-server/chain-check.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  ProposalRules,
  ProposalStore,
  SWEEP_EVERY_MS,
  createMusigServer,
  nodeWalletLookup,
} from '../../musig-server';
import type { ChainContext } from '../../protocol/networks';

export class LocalMusigServer {
  private started:
    Promise<{ url: string; app: FastifyInstance; store: ProposalStore; timer: NodeJS.Timeout }> | undefined;

  constructor(
    private readonly options: {
      path: string;
      ctx: () => ChainContext;
      /** The embedded node's public API, asked about nonces and wallets. */
      nodeUrl?: string;
      onDefect?: (error: unknown) => void;
    },
  ) {}

  /** The server's URL, starting it the first time. */
  async url(): Promise<string> {
    this.started ??= this.start();
    return (await this.started).url;
  }

  private async start(): Promise<{
    url: string;
    app: FastifyInstance;
    store: ProposalStore;
    timer: NodeJS.Timeout;
  }> {
    mkdirSync(dirname(this.options.path), { recursive: true });
    const store = new ProposalStore(this.options.path);
    const ctx = this.options.ctx();
    const rules = new ProposalRules({
      store,
      ctx,
      ...(this.options.nodeUrl === undefined ? {} : { wallets: nodeWalletLookup(this.options.nodeUrl, ctx) }),
    });
    const app = await createMusigServer({
      rules,
      // Only this app reaches it.
      localOnly: true,
      rateLimitPerMinute: 0,
      ...(this.options.onDefect === undefined ? {} : { onServerError: this.options.onDefect }),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    const timer = setInterval(() => {
      rules.sweep().catch((error: unknown) => this.options.onDefect?.(error));
    }, SWEEP_EVERY_MS);
    timer.unref();
    return { url: `http://127.0.0.1:${port}`, app, store, timer };
  }

  async close(): Promise<void> {
    const started = this.started;
    this.started = undefined;
    if (started === undefined) return;
    const { app, store, timer } = await started;
    clearInterval(timer);
    await app.close();
    store.close();
  }
}
