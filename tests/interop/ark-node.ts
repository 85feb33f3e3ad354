/**
 * Where the interop suites find the ARK Core testnet node scripts/interop.sh started, and its forging delegates'
 * secrets (the testnet config's delegates.json, which ARK Core ships for its test network).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** ARK Core's public API base, without /api. */
export const ARK_URL = process.env.ARK_URL ?? `http://127.0.0.1:${process.env.ARK_API_PORT ?? '14003'}`;

/** Where scripts/interop.sh installs it. */
export const ARK_BASE = process.env.ARK_BASE ?? '/var/tmp/ark-core-testnet';

/** The 51 testnet delegates' passphrases, in the order of the config. */
export function delegateSecrets(): string[] {
  const file = join(ARK_BASE, 'config', 'delegates.json');
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { secrets?: unknown };
  if (!Array.isArray(parsed.secrets) || parsed.secrets.some((secret) => typeof secret !== 'string')) {
    throw new Error(`${file} has no list of secrets`);
  }
  return parsed.secrets as string[];
}

/** GET ARK Core's own answer (the reference the suites compare with). */
export async function arkGet<T = unknown>(route: string): Promise<T> {
  const response = await fetch(`${ARK_URL}/api${route}`, { headers: { connection: 'close' } });
  if (!response.ok) throw new Error(`ARK Core ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** ARK Core's height. */
export async function arkHeight(): Promise<number> {
  return (await arkGet<{ data: { block: { height: number } } }>('/blockchain')).data.block.height;
}

/**
 * Waits until ARK Core's chain reaches `height` (a freshly started testnet forges a block every 8 s; `what` says
 * why the caller needs that height, in the timeout's message).
 */
export async function untilArkHeight(height: number, what: string): Promise<void> {
  const deadline = Date.now() + (height + 10) * 8_000;
  for (;;) {
    const now = await arkHeight();
    if (now >= height) return;
    if (Date.now() > deadline) throw new Error(`ARK Core is at height ${now}, not ${height} (${what})`);
    await sleep(2_000);
  }
}

/** The height from which ARK Core's milestone flag `flag` (e.g. aip36, which activates Entity) is on; 1 when never. */
export async function arkMilestoneHeight(flag: string): Promise<number> {
  const crypto = await arkGet<{ data: { milestones: ({ height: number } & Record<string, unknown>)[] } }>(
    '/node/configuration/crypto',
  );
  return crypto.data.milestones.find((milestone) => milestone[flag] === true)?.height ?? 1;
}
