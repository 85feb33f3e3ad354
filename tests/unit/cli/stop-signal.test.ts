/**
 * `votary node` and `votary serve` run until SIGINT or SIGTERM (src/cli/stop-signal.ts): the handlers are in place
 * before the ready line, so a signal sent the moment that line is read stops the command cleanly instead of killing
 * it (seen in CI: `votary node` exited by SIGTERM's default action, code null, about 1 run in 40).
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { runUntilStopSignal, type SignalSource } from '../../../src/cli/stop-signal';

function fakeProcess(): EventEmitter & SignalSource {
  return new EventEmitter() as EventEmitter & SignalSource;
}

const settleSoon = <T>(promise: Promise<T>) =>
  Promise.race([
    promise,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 50)),
  ]);

describe('runUntilStopSignal', () => {
  it('a signal sent as soon as the command says it is ready stops it', async () => {
    const source = fakeProcess();
    const order: string[] = [];
    const stopped = runUntilStopSignal(() => {
      order.push(`ready with ${source.listenerCount('SIGTERM')} SIGTERM handler`);
      source.emit('SIGTERM');
    }, source);
    expect(await settleSoon(stopped)).toBe('SIGTERM');
    expect(order).toEqual(['ready with 1 SIGTERM handler']);
  });

  it('says which signal came, and leaves no handler behind', async () => {
    const source = fakeProcess();
    const stopped = runUntilStopSignal(() => undefined, source);
    expect(await settleSoon(stopped)).toBe('still running');
    source.emit('SIGINT');
    expect(await stopped).toBe('SIGINT');
    expect(source.listenerCount('SIGINT') + source.listenerCount('SIGTERM')).toBe(0);
  });
});
