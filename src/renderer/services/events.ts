/** Push events from the host (networks:block, vault:status…); returns one function that unsubscribes them all. */
import type { IpcEvent } from '../../shared/ipc/channels';
import type { IpcEventPayload } from '../../shared/ipc/contract';
import { connectBridge } from './bridge';

export type EventHandlers = { [E in IpcEvent]?: (payload: IpcEventPayload<E>) => void };

export async function subscribeEvents(handlers: EventHandlers): Promise<() => void> {
  const bridge = await connectBridge();
  if (bridge === undefined) return () => undefined;
  const offs: Array<() => void> = [];
  for (const event of Object.keys(handlers) as IpcEvent[]) {
    const handler = handlers[event] as ((payload: unknown) => void) | undefined;
    if (handler !== undefined) offs.push(bridge.on(event, handler));
  }
  return () => offs.forEach((off) => off());
}
