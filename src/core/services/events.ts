/**
 * Push events from the core to whichever shell hosts it (new block, sync progress, wallet changed,
 * transaction status, alerts). Payloads pass through the contract's event schema, like responses do.
 */
import { EventEmitter } from 'node:events';
import { IPC_EVENT_SCHEMAS, type IpcEventPayload } from '../../shared/ipc/contract';
import type { IpcEvent } from '../../shared/ipc/channels';
import { peerText } from '../../shared/lib/peer-text';

export type EventListener = (event: IpcEvent, payload: unknown) => void;

/** Alerts kept for the first listener, at most (a core that opens raises one or two). */
const EARLY_ALERTS_MAX = 20;

/** An alert's words at most (the longest the app writes, a fork's node list, is a few hundred characters). */
export const ALERT_MESSAGE_MAX = 1_000;

/**
 * An alert as it may reach a screen, a desktop notification and the webhook: its words may carry what a remote
 * node or a peer said (a delegate's name, a node's reason), so they are cleaned of control and invisible
 * characters and bounded (shared/lib/peer-text.ts).
 */
function shownAlert<P>(payload: P): P {
  const alert = payload as { message?: unknown };
  if (typeof alert.message !== 'string') return payload;
  return { ...payload, message: peerText(alert.message, ALERT_MESSAGE_MAX) };
}

export class AppEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private early: IpcEventPayload<'monitor:alert'>[] = [];

  emit<E extends IpcEvent>(event: E, payload: IpcEventPayload<E>): void {
    const parsed = IPC_EVENT_SCHEMAS[event].parse(event === 'monitor:alert' ? shownAlert(payload) : payload);
    this.emitter.emit('event', event, parsed);
    if (event === 'monitor:alert') this.emitter.emit('alert-tap', parsed);
  }

  /**
   * Every alert, for a part of the core that passes alerts on (the webhook); not a shell, so it neither takes the
   * alerts kept for the first shell nor counts as one.
   */
  tapAlerts(listener: (alert: IpcEventPayload<'monitor:alert'>) => void): () => void {
    this.emitter.on('alert-tap', listener);
    return () => {
      this.emitter.off('alert-tap', listener);
    };
  }

  alert(level: 'info' | 'warning' | 'error', code: string, message: string): void {
    const payload = { level, code, message, at: Date.now() };
    // Raised while the core opens (a port taken, a damaged pending list), before any shell listens: kept for
    // the first listener so the person still sees it.
    if (this.emitter.listenerCount('event') === 0 && this.early.length < EARLY_ALERTS_MAX) {
      this.early.push(payload);
    }
    this.emit('monitor:alert', payload);
  }

  /** Every event, for a shell to forward; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.emitter.on('event', listener);
    const early = this.early;
    this.early = [];
    // After subscribe() has returned, so the listener can already use its unsubscribe function.
    if (early.length > 0) queueMicrotask(() => early.forEach((alert) => listener('monitor:alert', alert)));
    return () => {
      this.emitter.off('event', listener);
    };
  }

  clear(): void {
    this.emitter.removeAllListeners();
  }
}
