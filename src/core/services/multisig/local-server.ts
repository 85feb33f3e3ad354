/**
 * The multisignature server the app hosts for its embedded localnet (docs/design/multisig.md "Transports"): the
 * same server as `votary musig-server` (core/musig-server), on 127.0.0.1 at a free port, its proposals in
 * `<dataDir>/localnet/musig.db`. Started on first use, so an app that never co-signs never opens it; closed with
 * the core.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ProposalRules, ProposalStore, createMusigServer } from '../../musig-server';
import type { ChainContext } from '../../protocol/networks';

export class LocalMusigServer {
  private started: Promise<{ url: string; app: FastifyInstance; store: ProposalStore }> | undefined;

  constructor(
    private readonly options: { path: string; ctx: () => ChainContext; onDefect?: (error: unknown) => void },
  ) {}

  /** The server's URL, starting it the first time. */
  async url(): Promise<string> {
    this.started ??= this.start();
    return (await this.started).url;
  }

  private async start(): Promise<{ url: string; app: FastifyInstance; store: ProposalStore }> {
    mkdirSync(dirname(this.options.path), { recursive: true });
    const store = new ProposalStore(this.options.path);
    const app = await createMusigServer({
      rules: new ProposalRules({ store, ctx: this.options.ctx() }),
      // Only this machine's clients reach it.
      rateLimitPerMinute: 0,
      ...(this.options.onDefect === undefined ? {} : { onServerError: this.options.onDefect }),
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    return { url: `http://127.0.0.1:${port}`, app, store };
  }

  async close(): Promise<void> {
    const started = this.started;
    this.started = undefined;
    if (started === undefined) return;
    const { app, store } = await started;
    await app.close();
    store.close();
  }
}
