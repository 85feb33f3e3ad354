/**
 * Push events from the core to whichever shell hosts it (issue 5 §1: new block, sync progress, wallet changed,
 * transaction status, alerts). Payloads pass through the contract's event schema, like responses do.
 */
import { EventEmitter } from 'node:events';
import { IPC_EVENT_SCHEMAS, type IpcEventPayload } from '../../shared/ipc/contract';
import type { IpcEvent } from '../../shared/ipc/channels';

export type EventListener = (event: IpcEvent, payload: unknown) => void;

export class AppEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  emit<E extends IpcEvent>(event: E, payload: IpcEventPayload<E>): void {
    this.emitter.emit('event', event, IPC_EVENT_SCHEMAS[event].parse(payload));
  }

  alert(level: 'info' | 'warning' | 'error', code: string, message: string): void {
    this.emit('alert', { level, code, message, at: Date.now() });
  }

  /** Every event, for a shell to forward; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void {
    this.emitter.on('event', listener);
    return () => {
      this.emitter.off('event', listener);
    };
  }

  clear(): void {
    this.emitter.removeAllListeners();
  }
}
