/**
 * bench:ingest's clients: `clients` loops POSTing prepared bodies to `POST /api/transactions` in turn, in a process
 * of their own (as a wallet or an exchange posts: their JSON and HTTP work does not share the node's event loop, it
 * shares the machine's two cores, and the node's CPU time is measured without theirs). Accepted transactions are
 * counted.
 */
import { fork } from 'node:child_process';

export interface ClientJob {
  url: string;
  batches: string[];
  clients: number;
}

export interface ClientResult {
  accepted: number;
  firstError?: string;
}

export async function runClients({ url, batches, clients }: ClientJob): Promise<ClientResult> {
  let firstError: string | undefined;
  let next = 0;
  let accepted = 0;
  async function post(body: string): Promise<number> {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const parsed = (await answer.json()) as {
      data?: { accept: string[] };
      errors?: unknown;
      message?: string;
    };
    if (firstError === undefined && (parsed.errors !== undefined || parsed.data === undefined)) {
      firstError = JSON.stringify(parsed.errors ?? parsed).slice(0, 400);
    }
    return parsed.data?.accept.length ?? 0;
  }
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < batches.length) {
        const taken = await post(batches[next++]!);
        accepted += taken;
      }
    }),
  );
  return firstError === undefined ? { accepted } : { accepted, firstError };
}

/** The client process's side: answers one job, then exits. */
export function serveClientProcess(): void {
  process.once('message', (job: ClientJob) => {
    void runClients(job).then((result) => process.send!(result, () => process.exit(0)));
  });
  process.send!('ready');
}

/**
 * A client process on `script` (the bench's own bundle, started with `--clients`), loaded and ready: `run` posts
 * the job and resolves with the result; the process then ends.
 */
export async function startClientProcess(
  script: string,
): Promise<{ run(job: ClientJob): Promise<ClientResult> }> {
  const child = fork(script, ['--clients'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    async run(job) {
      const done = new Promise<ClientResult>((resolve, reject) => {
        child.once('message', (result: ClientResult) => resolve(result));
        child.once('error', reject);
      });
      child.send(job);
      try {
        return await done;
      } finally {
        child.kill();
      }
    },
  };
}
