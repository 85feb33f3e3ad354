/**
 * bench:ingest's clients: `clients` loops POSTing prepared bodies to `POST /api/transactions` in turn, in a process
 * of their own (as a wallet or an exchange posts: their JSON and HTTP work does not share the node's event loop, it
 * shares the machine's two cores, and the node's CPU time is measured without theirs). Accepted transactions are
 * counted.
 */
import { fork } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';

export interface ClientJob {
  url: string;
  batches: string[];
  clients: number;
}

export interface ClientResult {
  accepted: number;
  /** The client process's CPU time over the job (its JSON and HTTP work shares the machine with the node). */
  cpuSeconds: number;
  firstError?: string;
}

export async function runClients({ url, batches, clients }: ClientJob): Promise<ClientResult> {
  let firstError: string | undefined;
  const cpu = process.cpuUsage();
  // node:http with one kept-alive connection a client, as a wallet's or an exchange's HTTP client keeps its
  // connection; fetch (undici) spent about as much CPU a transfer here as the node's own main thread
  // (docs/benchmarks.md, "Ingest"), and these cores are the node's too.
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  let next = 0;
  let accepted = 0;
  async function post(body: string): Promise<number> {
    const text = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        url,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
    const parsed = JSON.parse(text) as {
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
  agent.destroy();
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return firstError === undefined ? { accepted, cpuSeconds } : { accepted, cpuSeconds, firstError };
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
