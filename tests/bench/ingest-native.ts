/**
 * bench:ingest's reference rate: a child process on ARK Core's own Node 16 and @arkecosystem/crypto with
 * bcrypto's native addon (the ARK Core install of scripts/ark-core/run.sh, ARK_BASE) deserializes and verifies
 * the same serialized transactions Votary is sent (ingest-native.cjs). Undefined when that install is absent.
 */
import { execFile, fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface NativeRun {
  verified: number;
  failed: number;
  ms: number;
  /** CPU time of the reference's process meanwhile (one thread). */
  cpuMs: number;
  firstError?: string;
}

export interface NativeVerifier {
  backend: string;
  run(items: string[]): Promise<NativeRun>;
  close(): void;
}

type Answer = { kind: 'loaded' } | { kind: 'ready'; backend: string } | ({ kind: 'done' } & NativeRun);

function next(child: ChildProcess): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`ingest-native exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (answer: Answer) => {
      child.off('exit', onExit);
      resolve(answer);
    });
  });
}

export async function startNativeVerifier(
  arkBase: string,
  pubKeyHash: number,
  height: number,
): Promise<NativeVerifier | undefined> {
  const node16 = join(arkBase, 'node16', 'package', 'bin', 'node');
  if (!existsSync(node16) || !existsSync(join(arkBase, 'node_modules', '@arkecosystem', 'crypto'))) {
    return undefined;
  }
  // The script sits beside the sources (the bundle in dist/ is run from the project's root).
  const script = fileURLToPath(new URL('../tests/bench/ingest-native.cjs', import.meta.url));
  const child = fork(script, [arkBase], { execPath: node16, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await next(child);
  child.send({ kind: 'config', pubKeyHash, height });
  const ready = await next(child);
  const backend = ready.kind === 'ready' ? ready.backend : 'unknown';
  return {
    backend,
    async run(items) {
      child.send({ kind: 'run', items });
      const answer = await next(child);
      if (answer.kind !== 'done') throw new Error('ingest-native answered out of turn');
      const { verified, failed, ms, cpuMs, firstError } = answer;
      return firstError === undefined
        ? { verified, failed, ms, cpuMs }
        : { verified, failed, ms, cpuMs, firstError };
    },
    close() {
      child.kill();
    },
  };
}

export interface ArkCoreRate {
  accepted: number;
  perSecond: number;
  firstError?: string;
}

/**
 * ARK Core 3.9.1's own rate on the same shapes (ingest-ark.cjs): its transfers, signed by ARK's library, POSTed
 * to the local ARK Core node at `api` by 4 clients in batches of 40.
 */
export async function arkCoreRates(
  arkBase: string,
  api: string,
  perShape: number,
): Promise<{ distinct: ArkCoreRate; hot: ArkCoreRate }> {
  const node16 = join(arkBase, 'node16', 'package', 'bin', 'node');
  const script = fileURLToPath(new URL('../tests/bench/ingest-ark.cjs', import.meta.url));
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(node16, [script, arkBase, api, String(perShape)], { maxBuffer: 1 << 20 }, (error, out, err) =>
      error ? reject(new Error(`ingest-ark: ${error.message}\n${err}`)) : resolve(out),
    );
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { distinct: ArkCoreRate; hot: ArkCoreRate };
}
