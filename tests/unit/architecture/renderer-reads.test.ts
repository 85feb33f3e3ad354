import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '../../../src/shared/ipc/channels';

/**
 * Screens read through the read layer (src/renderer/README.md "Read layer"): a feature file calls the host only for
 * a person's command, never to read what a screen shows, so every read has one key saying what it moves with and
 * stays true after an action without a reload. These are the channels that only answer; the two reads made on a
 * click and shown nowhere afterwards are the commands the README names.
 */
const READS = new Set<string>([
  ...IPC_CHANNELS.filter((channel) => channel.startsWith('chain:')),
  ...IPC_CHANNELS.filter((channel) => /:(status|list|keychain-status)$/.test(channel)),
  'monitor:overview',
  'monitor:round',
  'monitor:productivity',
  'monitor:missed-slots',
  'monitor:samples',
  'monitor:alerts',
  'networks:known',
  'networks:configuration',
  'networks:peers',
  'tx:spendable',
  'tx:fee-bounds',
  'tx:pending',
  'multisig:wallets',
  'multisig:server',
  'multisig:proposals',
  'prices:quote',
  'prices:portfolio',
  'follower:estimate',
  'localnet:snapshot-list',
]);

/** file (from src/renderer/features) → the read it makes as a command, with the README's reason. */
const COMMANDS: Record<string, string> = {
  // The Lookup's search runs once on submit and opens what it found.
  'chain/ExplorerPage.tsx': 'chain:search',
  // The CSV export reads the range as it stands at the click; nothing shows it afterwards.
  'wallet/CsvExport.tsx': 'chain:wallet-transactions',
};

const FEATURES = join(__dirname, '../../../src/renderer/features');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every `call('domain:verb'` in a source, as the channel named. */
function calledChannels(source: string): string[] {
  return [...source.matchAll(/\bcall\(\s*'([a-z-]+:[a-z-]+)'/g)].map((match) => match[1]!);
}

describe('feature files read only through the read layer', () => {
  it('knows real channels', () => {
    for (const read of READS) expect(IPC_CHANNELS, read).toContain(read);
    for (const read of Object.values(COMMANDS)) expect(READS.has(read), read).toBe(true);
  });

  it('finds the calls it checks (the walk reaches the feature files)', () => {
    const files = sources(FEATURES);
    expect(files.length).toBeGreaterThan(100);
    expect(calledChannels(files.map((file) => readFileSync(file, 'utf8')).join('\n'))).toContain(
      'tx:preview',
    );
    expect(calledChannels("await call('chain:block', { id })")).toEqual(['chain:block']);
  });

  it('makes no read by call() outside lib/reads, the two commands aside', () => {
    const reads: string[] = [];
    for (const file of sources(FEATURES)) {
      const name = relative(FEATURES, file);
      for (const channel of calledChannels(readFileSync(file, 'utf8')))
        if (READS.has(channel) && COMMANDS[name] !== channel) reads.push(`${name}: ${channel}`);
    }
    expect(reads).toEqual([]);
  });
});
