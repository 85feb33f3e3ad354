/**
 * The lock gate covers every screen while the vault is locked (features/vault/VaultGate.tsx). A plan waiting behind it
 * for the next signature — a vote change whose unvote became final while the vault locked itself — says so there,
 * since the page that started it is hidden (app-slice.ts `awaitingUnlock`).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { VaultGate } from '../../../src/renderer/features/vault/VaultGate';
import { useVotary } from '../../../src/renderer/store';

/** Server rendering reads the store's initial state: render with these fields in it, put back afterwards. */
const initial = useVotary.getInitialState();
const saved = { vault: initial.vault, awaitingUnlock: initial.awaitingUnlock };
afterEach(() => {
  Object.assign(initial, saved);
});

const LOCKED = { hasVault: true, unlocked: false, lockedBy: 'idle' as const, idleLockMs: 300_000 };

describe('the lock gate', () => {
  it('says what waits behind it for the unlock', () => {
    Object.assign(initial, {
      vault: LOCKED,
      awaitingUnlock: 'Switch: the unvote is final; unlock the vault to review the vote.',
    });
    const html = renderToStaticMarkup(createElement(VaultGate));
    expect(html).toContain('The vault locked itself after a while without use.');
    expect(html).toContain(
      '<p role="status">Switch: the unvote is final; unlock the vault to review the vote.</p>',
    );
  });

  it('says nothing more when nothing waits', () => {
    Object.assign(initial, { vault: LOCKED, awaitingUnlock: undefined });
    expect(renderToStaticMarkup(createElement(VaultGate))).not.toContain('role="status"');
  });
});
