/**
 * Alerts POSTed to a webhook as JSON (src/core/monitor/README.md "Webhook"), so they reach a phone or a team chat.
 * Never in the monitor's way: `post` only queues (a bounded queue; the oldest is dropped when full, and counted),
 * one delivery runs at a time, each try has a timeout, failed tries are retried a bounded number of times with a
 * growing pause, and a delivery that failed for good is reported once (onFailure) with the reason in words.
 * A 2xx answer is success; a redirect is not followed (the URL is the person's to fix).
 */

import { peerText, withoutMentions } from '../../shared/lib/peer-text';

/** An alert's words at most, as sent. */
const WEBHOOK_MESSAGE_MAX = 1_000;

/** The JSON body, version 1. */
export interface WebhookAlert {
  source: 'votary';
  version: 1;
  /** info, warning or error. */
  level: 'info' | 'warning' | 'error';
  /** MONITOR_<RULE> for the monitor's rules, INCOMING_TRANSACTION, NODE_UNREACHABLE… */
  code: string;
  message: string;
  /** ISO 8601 time the alert was raised. */
  at: string;
  /** The network's name in the app ("localnet", "ARK Devnet"), when known. */
  network?: string;
}

export interface WebhookOptions {
  /** Per try (default 5 s). */
  timeoutMs?: number;
  /** Tries per alert (default 3). */
  tries?: number;
  /** Pause before the second try; doubled before each next one (default 1 s). */
  retryDelayMs?: number;
  /** Alerts waiting at most (default 100). */
  queueMax?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  onFailure?: (reason: string) => void;
}

/** An http URL that stays on this machine, or https anywhere; otherwise why not. */
export function webhookUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The webhook is not a URL.';
  }
  if (url.protocol === 'https:') return undefined;
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol === 'http:' && local) return undefined;
  return url.protocol === 'http:'
    ? 'A webhook on another machine must use https: alerts name your delegates and addresses.'
    : 'A webhook is an https URL (or http on this machine).';
}

export class WebhookSender {
  private readonly queue: { url: string; alert: WebhookAlert }[] = [];
  private running = false;
  private closed = false;
  private dropped = 0;
  private readonly fetcher: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: WebhookOptions = {}) {
    this.fetcher = options.fetch ?? fetch;
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms).unref()));
  }

  /**
   * Queues the alert for the URL; returns at once. Its words mention nobody in a chat (shared/lib/peer-text.ts
   * withoutMentions): a delegate's name or a node's words could otherwise notify a whole team.
   */
  post(url: string, given: WebhookAlert): void {
    if (this.closed) return;
    const alert: WebhookAlert = {
      ...given,
      message: withoutMentions(peerText(given.message, WEBHOOK_MESSAGE_MAX)),
      ...(given.network === undefined ? {} : { network: withoutMentions(peerText(given.network, 64)) }),
    };
    if (this.queue.length >= (this.options.queueMax ?? 100)) {
      this.queue.shift();
      this.dropped += 1;
    }
    this.queue.push({ url, alert });
    if (!this.running) void this.drain();
  }

  /** Resolves once nothing is queued or being sent (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  close(): void {
    this.closed = true;
    this.queue.length = 0;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      for (let next = this.queue.shift(); next !== undefined && !this.closed; next = this.queue.shift()) {
        const failure = await this.deliver(next.url, next.alert);
        if (failure !== undefined) this.options.onFailure?.(failure);
        if (this.dropped > 0) {
          this.options.onFailure?.(`${this.dropped} alerts were not sent: too many were waiting.`);
          this.dropped = 0;
        }
      }
    } finally {
      this.running = false;
    }
  }

  /** undefined when delivered; else the last try's reason. */
  private async deliver(url: string, alert: WebhookAlert): Promise<string | undefined> {
    const tries = this.options.tries ?? 3;
    let delay = this.options.retryDelayMs ?? 1_000;
    let reason = '';
    for (let attempt = 1; attempt <= tries; attempt += 1) {
      try {
        const answer = await this.fetcher(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': 'Votary' },
          body: JSON.stringify(alert),
          redirect: 'manual',
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000),
        });
        // The body is not read: only the status says whether it arrived.
        await answer.body?.cancel().catch(() => undefined);
        if (answer.status >= 200 && answer.status < 300) return undefined;
        reason = `it answered HTTP ${answer.status}`;
        // A 4xx other than 408/429 will not change by trying again.
        if (answer.status >= 400 && answer.status < 500 && answer.status !== 408 && answer.status !== 429)
          break;
      } catch (error) {
        reason =
          error instanceof Error && error.name === 'TimeoutError'
            ? `it did not answer within ${(this.options.timeoutMs ?? 5_000) / 1000} s`
            : `it could not be reached (${error instanceof Error ? error.message : String(error)})`;
      }
      if (attempt < tries && !this.closed) {
        await this.sleep(delay);
        delay *= 2;
      }
    }
    return `The alert “${alert.message}” was not delivered to the webhook ${new URL(url).host}: ${reason}.`;
  }
}
