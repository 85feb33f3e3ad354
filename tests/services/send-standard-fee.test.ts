/**
 * What the Send page reads for its fees from a remote node that inflates its static fees, and what the core then
 * signs. The node's `/transactions/fees` says the transfer fee is 9.9× devnet's: chain:fees carries that word (the
 * Fees page shows it), while tx:fee-bounds `static` — the network's static fee from its milestones, which Send
 * offers as "Standard", warns from and checks a typed fee against (src/renderer/lib/fees.ts; its side is
 * tests/unit/renderer/standard-fee.test.ts) — is the real one, for the draft Send sizes its fees by before the
 * form is filled in (src/shared/lib/sizing-draft.ts: as many payments and the same memo, each to the
 * wallet itself for 1 arktoshi), exactly as for the filled-in draft. docs/design/security.md "Fees".
 */
import { describe, expect, it } from 'vitest';
import type { DraftInput } from '../../src/shared/domain/transactions';
import { devnet } from '../../src/core/protocol/networks';
import { ADDRESS as OTHER, nodeConfiguration } from '../client/support/fake-node';
import { sizingDraft } from '../../src/shared/lib/sizing-draft';
import { call, reviewAndSend } from './support';
import { remoteWorld } from './support/remote-setup';

const REAL_TRANSFER_FEE = 10_000_000n; // devnet's static transfer fee (its milestones)
const CLAIMED = (REAL_TRANSFER_FEE * 99n) / 10n; // 9.9×

describe('Send fees vs a remote node that inflates the static fees', () => {
  const world = remoteWorld();

  it('reads the network’s own static fee for the draft, not the node’s, and the core signs it', async () => {
    const { core, node, wallet } = world();
    node.on('GET', /^\/api\/transactions\/fees$/, () => ({ data: { '1': { transfer: String(CLAIMED) } } }));

    const fees = await call(core, 'chain:fees');
    expect(fees.static['1']?.['transfer']).toBe(String(CLAIMED)); // the node's word
    const bounds = await call(core, 'tx:fee-bounds', {
      walletId: wallet.id,
      draft: sizingDraft(1, '', wallet.address),
    });
    expect(bounds).toMatchObject({ static: String(REAL_TRANSFER_FEE), dynamic: false });

    const draft = { kind: 'transfer' as const, recipientId: OTHER, amount: String(5n * 100_000_000n) };
    const sent = await reviewAndSend(core, wallet.id, { ...draft, fee: bounds.static });
    expect(sent.accepted).toBe(true);
    expect(node.posted.at(-1)!.transactions[0]!['fee']).toBe(String(REAL_TRANSFER_FEE));
  });

  it('gives the draft Send sizes its fees by the fees of the filled-in draft', async () => {
    const { core, node, wallet } = world();
    // Dynamic fees on, so the least a node admits depends on the draft's size.
    node.on('GET', /^\/api\/node\/configuration$/, () => ({
      data: {
        ...nodeConfiguration(devnet, node.height),
        transactionPool: {
          dynamicFees: { enabled: true, minFeePool: 3000, addonBytes: { multiPayment: 500 } },
        },
      },
    }));
    const filled: DraftInput = {
      kind: 'multiPayment',
      payments: ['100000000', '250000000', '1'].map((amount) => ({ recipientId: OTHER, amount })),
      memo: 'rent',
    };
    const forFilled = await call(core, 'tx:fee-bounds', { walletId: wallet.id, draft: filled });
    const forSized = await call(core, 'tx:fee-bounds', {
      walletId: wallet.id,
      draft: sizingDraft(3, 'rent', wallet.address),
    });
    expect(forFilled.dynamic).toBe(true);
    expect(forSized).toEqual(forFilled);
  });
});
