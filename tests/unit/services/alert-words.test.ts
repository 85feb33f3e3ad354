/**
 * Every alert's words are cleaned and bounded before a shell or the webhook gets them (core/services/events.ts):
 * they may carry what a remote node said (a delegate's name, a node's reason for failing).
 */
import { describe, expect, it } from 'vitest';
import { ALERT_MESSAGE_MAX, AppEvents } from '../../../src/core/services/events';

describe('alert words', () => {
  it('reach the shells and the webhook without invisible characters and at most 1,000 characters long', () => {
    const events = new AppEvents();
    const shown: unknown[] = [];
    const tapped: string[] = [];
    events.subscribe((event, payload) => event === 'monitor:alert' && shown.push(payload));
    events.tapAlerts((alert) => tapped.push(alert.message));
    events.alert('warning', 'NODE_UNREACHABLE', `The node does not answer: \u202E${'x'.repeat(50_000)}`);
    events.emit('monitor:alert', {
      level: 'info',
      code: 'MONITOR_X',
      message: 'bad\u2066name\u0000 entered',
      at: 1,
    });
    expect(tapped[0]).toHaveLength(ALERT_MESSAGE_MAX);
    expect(tapped[0]).toMatch(/^The node does not answer: x+…$/);
    expect(tapped[1]).toBe('badname  entered');
    expect(shown).toMatchObject([{ message: tapped[0] }, { message: 'badname  entered' }]);
  });
});
