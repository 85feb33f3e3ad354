/** Text another machine chose, made safe to show and to pass on (shared/lib/peer-text.ts). */
import { describe, expect, it } from 'vitest';
import { peerText, withoutMentions } from '../../../src/shared/lib/peer-text';

describe('peerText', () => {
  it('leaves ARK’s own values as they are', () => {
    for (const text of ['arkpool', 'genesis_1', 'dl@ark.io', '3.9.1', 'DѦ', 'ARK Devnet']) {
      expect(peerText(text, 32)).toBe(text);
    }
  });

  it('removes bidi controls and invisible characters, and turns control characters into spaces', () => {
    // "Trojan Source": a right-to-left override makes "gnp.exe" read "exe.png".
    expect(peerText('evil\u202Egnp.exe', 32)).toBe('evilgnp.exe');
    expect(peerText('\u2066a\u2069\u200Bb\u200D\uFEFFc\u061C\u200F', 32)).toBe('abc');
    expect(peerText('line\nbreak\ttab\u0007bell\u0085next\u2028sep', 64)).toBe(
      'line break tab bell next sep',
    );
  });

  it('cuts long text to the length, with “…”, never inside a character', () => {
    expect(peerText('x'.repeat(100_000), 32)).toBe(`${'x'.repeat(31)}…`);
    const emoji = '😀'.repeat(40);
    expect(peerText(emoji, 32)).toBe(`${'😀'.repeat(31)}…`);
    expect(Array.from(peerText(emoji, 32))).toHaveLength(32);
  });
});

describe('withoutMentions', () => {
  it('keeps chat mentions from notifying anyone, the words still readable', () => {
    const sent = withoutMentions(
      '@everyone missed slot 7; @here and @channel, @room, <!everyone> <@U123> <#C1>',
    );
    expect(sent).not.toMatch(/@[\p{L}\p{N}_]/u);
    expect(sent).not.toMatch(/<[!@#]/);
    expect(sent.replace(/\u200B/g, '')).toBe(
      '@everyone missed slot 7; @here and @channel, @room, <!everyone> <@U123> <#C1>',
    );
    expect(withoutMentions('dl@ark.io received 1 Ѵ')).toBe('dl@\u200Bark.io received 1 Ѵ');
    expect(withoutMentions('no mention @ all')).toBe('no mention @ all');
  });
});
