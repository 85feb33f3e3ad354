/**
 * A fake ARK mainnet node (tests/client/support/fake-node.ts) that knows one wallet with a history — 2,500 ARK in
 * over the last month, 800 out — for the price screenshots; bundled by the spec (tests/support/node-bundle.ts).
 */
import { mainnet } from '../../src/core/protocol/networks';
import { startFakeNode, transactionFixture, type FakeNode } from '../client/support/fake-node';

const DAY = 86_400_000;

function transfer(n: number, at: number, sender: string, recipient: string, amount: string) {
  const unix = Math.floor(at / 1000);
  return {
    ...transactionFixture,
    id: n.toString(16).padStart(2, '0').repeat(32),
    sender,
    recipient,
    amount,
    vendorField: undefined,
    timestamp: { epoch: unix - 1490101200, unix, human: new Date(unix * 1000).toISOString() },
  };
}

export function startMainnetNode(owner: string, other: string): Promise<FakeNode> {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const rows = [
    transfer(1, today - 3 * DAY + 9 * 3_600_000, owner, other, '30000000000'),
    transfer(2, today - 11 * DAY + 15 * 3_600_000, other, owner, '100000000000'),
    transfer(3, today - 17 * DAY + 10 * 3_600_000, owner, other, '50000000000'),
    transfer(4, today - 24 * DAY + 12 * 3_600_000, other, owner, '150000000000'),
  ];
  // 2,500 in, 800 out and four 0.1 ARK fees paid on the two sent: 1,699.8 ARK now.
  return startFakeNode({
    network: mainnet,
    wallets: { [owner]: { balance: '169980000000', nonce: '2' } },
    walletTransactions: { [owner]: rows },
  });
}
