/**
 * One word per domain (docs/design/architecture.md "Domains of the app services"): every channel and every event of
 * `src/shared/ipc/contract/<domain>.names.ts` begins with `<domain>:`, so a channel's name says which contract file
 * declares it, which `src/core/services/<domain>/` folder handles it and which bridge method (`methodName`) calls it.
 * The transactions domain alone says it short, `tx:`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS, IPC_EVENTS } from '../../src/shared/ipc/channels';

const CONTRACT_DIR = join(__dirname, '../../src/shared/ipc/contract');

/** The one domain whose channels carry a short form of its word. */
const SHORT_FORMS: Readonly<Record<string, string>> = { transactions: 'tx' };

interface DomainNames {
  channels: readonly string[];
  events: readonly string[];
}

async function namesFiles(): Promise<{ domain: string; names: DomainNames }[]> {
  const files = readdirSync(CONTRACT_DIR).filter((file) => file.endsWith('.names.ts'));
  return Promise.all(
    files.map(async (file) => {
      const domain = file.slice(0, -'.names.ts'.length);
      const module = (await import(join(CONTRACT_DIR, file))) as Record<string, DomainNames>;
      const exported = Object.values(module);
      expect(exported, `${file} exports one names object`).toHaveLength(1);
      return { domain, names: exported[0] as DomainNames };
    }),
  );
}

describe('channel and event names', () => {
  it("begin with their names file's domain word", async () => {
    const files = await namesFiles();
    expect(files.length).toBeGreaterThan(10);
    const strays = files.flatMap(({ domain, names }) => {
      const prefix = `${SHORT_FORMS[domain] ?? domain}:`;
      return [...names.channels, ...names.events]
        .filter((name) => !name.startsWith(prefix))
        .map((name) => `${domain}.names.ts: ${name}`);
    });
    expect(strays).toEqual([]);
  });

  it('are all gathered by channels.ts, and no name is declared twice', async () => {
    const files = await namesFiles();
    const channels = files.flatMap(({ names }) => names.channels);
    const events = files.flatMap(({ names }) => names.events);
    expect([...IPC_CHANNELS].sort()).toEqual([...channels].sort());
    expect([...IPC_EVENTS].sort()).toEqual([...events].sort());
    expect(new Set(channels).size).toBe(channels.length);
    expect(new Set(events).size).toBe(events.length);
  });
});
