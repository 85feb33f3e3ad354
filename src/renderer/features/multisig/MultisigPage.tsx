/**
 * Multisignature: the profile's multisignature wallets (import one by its participants' keys), starting a
 * registration or a transfer, and the proposals waiting for this vault's participants — each reviewed with the one
 * review's facts (tx:preview's, computed by the host) before any participant signs (docs/design/multisig.md).
 *
 * What it shows follows the host (lib/reads/multisig.ts): the wallets (registered or not) and the proposals are read
 * again when a block arrives, a pending transaction changes state or the host says a wallet or a proposal changed
 * (here or in another window), and what a broadcast became is kept on the page — its id, then the block that
 * confirmed it or why it was refused — after its proposal has left the list.
 */
import { useCallback, useState } from 'react';
import type { SendResult } from '../../../shared/domain/transactions';
import { useMultisigWallets } from '../../lib/reads/multisig';
import { useVotary } from '../../store';
import { MultisigWallets } from './MultisigWallets';
import { StartRegistration } from './StartRegistration';
import { ProposeTransfer } from './ProposeTransfer';
import { Proposals } from './Proposals';
import { BroadcastOutcomes, type Broadcast } from './BroadcastOutcomes';

export function MultisigPage() {
  const reportError = useVotary((s) => s.reportError);
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  const [broadcasts, setBroadcasts] = useState<Broadcast[]>([]);
  const read = useMultisigWallets(generation, reportError);
  const wallets = read.value?.wallets ?? [];
  const server = read.value?.server;
  const broadcast = useCallback(
    (what: string, result: SendResult) => {
      setBroadcasts((list) => [{ what, result }, ...list.filter((b) => b.result.id !== result.id)]);
      refresh();
    },
    [refresh],
  );

  return (
    <section aria-labelledby="multisig-title">
      <h1 id="multisig-title">Multisignature</h1>
      <p className="muted small" data-testid="musig-server">
        {server === undefined
          ? 'Reading the multisignature server…'
          : server.url === ''
            ? 'No multisignature server for this network: proposals travel as files or QR codes.'
            : `Proposals travel through ${server.hosted ? 'the server this app runs for localnet' : 'the multisignature server'} ${server.url}, or as files.`}
      </p>
      <BroadcastOutcomes broadcasts={broadcasts} />
      <MultisigWallets wallets={wallets} onChanged={refresh} />
      <StartRegistration onStarted={refresh} />
      <ProposeTransfer wallets={wallets} onProposed={refresh} />
      <Proposals generation={generation} onChanged={refresh} onBroadcast={broadcast} />
    </section>
  );
}
