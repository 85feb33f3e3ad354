/**
 * Send's "Standard" fee, its high-fee warning and its check of a typed fee take the network's static fee from the
 * host (tx:fee-bounds `static`, from the network's milestones), never the node's `/transactions/fees` as
 * chain:fees carries it (src/renderer/lib/fees.ts, wired as features/send/SendPage.tsx wires it; docs/design/
 * security.md "Fees"). The node here says the transfer fee is 9.9× devnet's, as a hostile remote node did in
 * tests/services/send-standard-fee.test.ts, whose answers these are.
 */
import { describe, expect, it } from 'vitest';
import type { FeesView } from '../../../src/shared/domain/chain-views';
import type { FeeBoundsView } from '../../../src/shared/domain/transactions';
import {
  ceilingMultiple,
  customFeeProblem,
  highFeeReason,
  workableFees,
} from '../../../src/renderer/lib/fees';
import { sizingDraft } from '../../../src/shared/lib/sizing-draft';

const REAL = 10_000_000n; // devnet's static transfer fee (its milestones)
const CLAIMED = (REAL * 99n) / 10n;
const AMOUNT = String(5n * 100_000_000n);
const SELF = 'D61mfSggzbvQgTUe6JhYKH2doHaqJ3Dyib';

// What chain:fees and tx:fee-bounds answer on a network without dynamic fees.
const fees: FeesView = {
  static: { '1': { transfer: String(CLAIMED) } },
  stats: {
    byTypeGroup: { '1': { transfer: { min: '3000000', avg: '9783112', max: '50000000', sum: '0' } } },
  },
};
const bounds: FeeBoundsView = {
  minimum: String(REAL),
  static: String(REAL),
  ceiling: String(REAL * 10n),
  dynamic: false,
};
const say = (arktoshi: string) => arktoshi;

describe('the standard fee on Send vs a node that inflates its static fees', () => {
  const options = workableFees(fees, 'transfer', 0, bounds);
  const standard = options.find((o) => o.choice === 'static')?.value;

  it('offers the host’s static fee as "Standard", and nothing the node claims on a network without dynamic fees', () => {
    expect(options).toEqual([{ choice: 'static', value: String(REAL) }]);
  });

  it('warns of a fee above the host’s ceiling (ten times its static fee by default)', () => {
    expect(highFeeReason(String(11n * REAL), bounds.ceiling, AMOUNT)).toBe('ceiling');
    expect(highFeeReason(standard, bounds.ceiling, AMOUNT)).toBeUndefined();
    expect(ceilingMultiple(bounds)).toBe(10);
  });

  it('follows the ceiling the host says, not a copy of its default', () => {
    // Lowered to five times in Settings: a fee of seven times is the host's to refuse without a confirmation,
    // and the review asks for one (before, the renderer's own ×10 let it through to the host's refusal).
    const lowered = { ...bounds, ceiling: String(5n * REAL) };
    expect(highFeeReason(String(7n * REAL), lowered.ceiling, AMOUNT)).toBe('ceiling');
    expect(ceilingMultiple(lowered)).toBe(5);
    // Raised to a hundred times: eleven times is no longer "far above" it.
    const raised = { ...bounds, ceiling: String(100n * REAL) };
    expect(highFeeReason(String(11n * REAL), raised.ceiling, AMOUNT)).toBeUndefined();
  });

  it('takes the real fee typed, and refuses the node’s', () => {
    expect(customFeeProblem(String(REAL), standard, bounds, say)).toBeUndefined();
    expect(customFeeProblem(String(CLAIMED), standard, bounds, say)).toBe(
      `This network takes exactly the standard fee (${REAL}).`,
    );
  });

  it('offers the node’s recent fees only on a network with dynamic fees, at least its minimum', () => {
    const dynamic = { ...bounds, minimum: '534000', dynamic: true };
    expect(workableFees(fees, 'transfer', 0, dynamic)).toEqual([
      { choice: 'static', value: String(REAL) },
      { choice: 'min', value: '3000000' },
      { choice: 'avg', value: '9783112' },
      { choice: 'max', value: '50000000' },
    ]);
  });

  it('offers no amount until the host has said it: the draft then goes without a fee', () => {
    expect(workableFees(fees, 'transfer', 0, undefined)).toEqual([]);
  });

  it('asks the host for the fees of a draft sized as the form, before the form is filled in', () => {
    expect(sizingDraft(1, '', SELF)).toEqual({ kind: 'transfer', recipientId: SELF, amount: '1' });
    expect(sizingDraft(3, 'rent', SELF)).toEqual({
      kind: 'multiPayment',
      payments: [1, 2, 3].map(() => ({ recipientId: SELF, amount: '1' })),
      memo: 'rent',
    });
  });
});
