/** What a `npm run bench:app` run started — servers, the browser, temp dirs — released on the way out. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import type { ServeProcess } from './app-serve';

export class Cleanup {
  private readonly dirs = new Set<string>();
  private readonly servers = new Set<ServeProcess>();
  browser: Browser | undefined;

  tempDir(prefix: string): string {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    this.dirs.add(dir);
    return dir;
  }
  removeDir(dir: string): void {
    rmSync(dir, { recursive: true, force: true });
    this.dirs.delete(dir);
  }
  track(server: ServeProcess): ServeProcess {
    this.servers.add(server);
    return server;
  }
  async stop(server: ServeProcess): Promise<void> {
    await server.stop();
    this.servers.delete(server);
  }
  async all(): Promise<void> {
    for (const server of this.servers) await server.stop().catch(() => undefined);
    this.servers.clear();
    await this.browser?.close().catch(() => undefined);
    for (const dir of this.dirs) rmSync(dir, { recursive: true, force: true });
    this.dirs.clear();
  }
}
