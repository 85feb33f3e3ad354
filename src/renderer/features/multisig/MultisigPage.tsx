/**
 * Multisignature: the profile's multisignature wallets (import one by its participants' keys), starting a
 * registration or a transfer, and the proposals waiting for this vault's participants — each reviewed with the one
 * review's facts (tx:preview's, computed by the host) before any participant signs (docs/design/multisig.md).
 */
import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import type { multisigWalletView, musigServerView } from '../../../shared/domain/multisig';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { MultisigWallets } from './MultisigWallets';
import { StartRegistration } from './StartRegistration';
import { ProposeTransfer } from './ProposeTransfer';
import { Proposals } from './Proposals';

export type MultisigWallet = z.output<typeof multisigWalletView>;

export function MultisigPage() {
  const reportError = useVotary((s) => s.reportError);
  const [wallets, setWallets] = useState<MultisigWallet[]>([]);
  const [server, setServer] = useState<z.output<typeof musigServerView> | undefined>();
  const [generation, setGeneration] = useState(0);
  const refresh = useCallback(() => setGeneration((g) => g + 1), []);
  useEffect(() => {
    let live = true;
    Promise.all([call('multisig:wallets'), call('multisig:server')]).then(
      ([list, chosen]) => {
        if (!live) return;
        setWallets(list);
        setServer(chosen);
      },
      (error: unknown) => live && reportError(error),
    );
    return () => {
      live = false;
    };
  }, [generation, reportError]);

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
      <MultisigWallets wallets={wallets} onChanged={refresh} />
      <StartRegistration onStarted={refresh} />
      <ProposeTransfer wallets={wallets} onProposed={refresh} />
      <Proposals generation={generation} onChanged={refresh} />
    </section>
  );
}
