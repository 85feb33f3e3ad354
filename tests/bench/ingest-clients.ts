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

/**
 * The client process's side: takes one job and says 'loaded', runs it on 'go' and answers with the result, then
 * exits. The job's bodies cross the IPC channel before the timing starts: sending them (about 1.2 MB of JSON a
 * round) is work of the bench's, which the node's main thread paid inside the timed window before (ARK Core's
 * clients build theirs in their own process: ingest-ark.cjs).
 */
export function serveClientProcess(): void {
  let job: ClientJob | undefined;
  process.on('message', (message: ClientJob | 'go') => {
    if (message !== 'go') {
      job = message;
      process.send!('loaded');
      return;
    }
    if (job === undefined) {
      process.send!({ accepted: 0, cpuSeconds: 0, firstError: 'go before a job' }, () => process.exit(1));
      return;
    }
    runClients(job).then(
      (result) => process.send!(result, () => process.exit(0)),
      (error: unknown) =>
        process.send!({ accepted: 0, cpuSeconds: 0, firstError: String(error) }, () => process.exit(1)),
    );
  });
  process.send!('ready');
}

/**
 * A client process on `script` (the bench's own bundle, started with `--clients`), loaded and ready: `load` hands it
 * the job and resolves once it holds it, `run` starts it and resolves with the result; the process then ends.
 */
export async function startClientProcess(
  script: string,
): Promise<{ load(job: ClientJob): Promise<void>; run(): Promise<ClientResult> }> {
  const child = fork(script, ['--clients'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // The next message, or the reason none will come: the process failed or ended first.
  const nextMessage = <T>() =>
    new Promise<T>((resolve, reject) => {
      const settle = (done: () => void) => {
        child.off('message', onMessage).off('error', onError).off('exit', onExit);
        done();
      };
      const onMessage = (message: T) => settle(() => resolve(message));
      const onError = (error: Error) => settle(() => reject(error));
      const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
        settle(() => reject(new Error(`the clients' process ended (${signal ?? `exit code ${code}`})`)));
      child.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
  await nextMessage<'ready'>();
  return {
    async load(job) {
      const loaded = nextMessage<'loaded'>();
      child.send(job);
      await loaded;
    },
    async run() {
      const done = nextMessage<ClientResult>();
      child.send('go');
      try {
        return await done;
      } finally {
        child.kill();
      }
    },
  };
}
