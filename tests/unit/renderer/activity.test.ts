/** Only a person's input reports activity, at most once per interval (src/renderer/lib/activity.ts). */
import { describe, expect, it } from 'vitest';
import { watchActivity } from '../../../src/renderer/lib/activity';

describe('activity reports', () => {
  it('reports key presses, clicks, scrolls and touches, at most once per interval, until stopped', () => {
    const target = new EventTarget();
    const clock = { now: 0 };
    let reports = 0;
    const stop = watchActivity(
      target,
      () => reports++,
      () => clock.now,
      10_000,
    );
    target.dispatchEvent(new Event('keydown'));
    target.dispatchEvent(new Event('pointerdown'));
    expect(reports).toBe(1);
    clock.now = 9_999;
    target.dispatchEvent(new Event('wheel'));
    expect(reports).toBe(1);
    clock.now = 10_000;
    target.dispatchEvent(new Event('touchstart'));
    expect(reports).toBe(2);
    clock.now = 30_000;
    target.dispatchEvent(new Event('mousemove'));
    target.dispatchEvent(new Event('focus'));
    expect(reports).toBe(2);
    stop();
    target.dispatchEvent(new Event('keydown'));
    expect(reports).toBe(2);
  });
});
