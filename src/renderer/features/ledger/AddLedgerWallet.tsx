/**
 * "Add a Ledger wallet", the way ArkVault does it (docs/design/ledger.md "Account discovery"): the device's state
 * in words first (ledger:status, asked again while it is not ready); then the accounts 44'/coin'/n'/0/0 on the
 * chosen network with their address and balance, read up to the first unused one (ledger:discover), more on
 * "Load more"; one or several chosen and named; or one account at a path typed by hand, checked by the host
 * (ledger:read-path, ERR_LEDGER_INVALID_PATH in words). Each is added on its own (ledger:add: the host reads the key
 * at the path again); a failure says which were added and which were not.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { LedgerAccountView } from '../../../shared/domain/ledger';
import { useLedgerStatus } from '../../lib/reads/ledger';
import { FieldError } from '../../components/FieldError';
import { plainError } from '../../lib/errors';
import { call } from '../../services/call';
import { useVotary } from '../../store';
import { AccountList, DeviceState, defaultLedgerName, type Chosen } from './LedgerParts';

interface Found {
  networkId: string;
  coinType: number;
  complete: boolean;
  accounts: LedgerAccountView[];
}

export function AddLedgerWallet({ onDone }: { onDone: () => void }) {
  const networks = useVotary((s) => s.networks);
  const activeId = networks.find((n) => n.active)?.id;
  const loadWallets = useVotary((s) => s.loadWallets);
  const [networkId, setNetworkId] = useState(activeId);
  const network = networks.find((n) => n.id === networkId);
  const { status, recheck: readStatus } = useLedgerStatus();
  const [checking, setChecking] = useState(false);
  // The accounts read for one network; another network's are never shown.
  const [found, setFound] = useState<Found | undefined>();
  const [loadingMore, setLoadingMore] = useState(false);
  const [scanProblem, setScanProblem] = useState<string | undefined>();
  const [chosen, setChosen] = useState<Map<string, Chosen>>(new Map());
  const [path, setPath] = useState('');
  const [pathProblem, setPathProblem] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const [outcome, setOutcome] = useState<{ added: string[]; failed: string[] } | undefined>();

  const checkAgain = () => {
    setChecking(true);
    void readStatus().finally(() => setChecking(false));
  };
  // While the device is not ready it is asked again, so plugging it in or unlocking it moves on by itself.
  const ready = status?.state === 'ready';

  /** Reads from account `start` up to the next one never used (at most 20 at a time: the host's bound). */
  const scan = useCallback(
    (start: number) => {
      if (networkId === undefined) return Promise.resolve();
      return call('ledger:discover', { networkId, start }).then(
        (answer) => {
          setScanProblem(undefined);
          setFound((before) => {
            const kept = start === 0 || before?.networkId !== answer.networkId ? [] : before.accounts;
            return {
              networkId: answer.networkId,
              coinType: answer.coinType,
              complete: answer.complete,
              accounts: [...kept, ...answer.accounts.filter((a) => !kept.some((b) => b.path === a.path))],
            };
          });
        },
        (error: unknown) => {
          // The device went away or refused mid-scan: its sentence, and its state is asked again.
          setScanProblem(plainError(error).message);
          void readStatus();
        },
      );
    },
    [networkId, readStatus],
  );
  // The accounts are read once the device is ready, and again for another network.
  useEffect(() => {
    if (ready) void scan(0);
  }, [ready, scan]);
  const shown = found?.networkId === networkId ? found : undefined;
  const accounts = shown?.accounts ?? [];
  const complete = shown?.complete ?? false;
  // 111 on ARK mainnet, 1 on every other network (the host says which, with the accounts).
  const coinType = shown?.coinType ?? 1;
  const loadMore = () => {
    setLoadingMore(true);
    const last = accounts.reduce((max, a) => Math.max(max, a.index), -1);
    void scan(last + 1).finally(() => setLoadingMore(false));
  };

  const toggle = (account: LedgerAccountView, on: boolean, custom = false) =>
    setChosen((map) => {
      const next = new Map(map);
      if (on) next.set(account.path, { account, name: defaultLedgerName(account, custom) });
      else next.delete(account.path);
      return next;
    });
  const rename = (accountPath: string, name: string) =>
    setChosen((map) => {
      const pick = map.get(accountPath);
      return pick === undefined ? map : new Map(map).set(accountPath, { ...pick, name });
    });

  const readPath = async (event: FormEvent) => {
    event.preventDefault();
    if (networkId === undefined || path.trim() === '') return;
    setPathProblem(undefined);
    try {
      const account = await call('ledger:read-path', { networkId, path: path.trim() });
      setFound((before) =>
        before === undefined ||
        before.networkId !== networkId ||
        before.accounts.some((a) => a.path === account.path)
          ? before
          : { ...before, accounts: [...before.accounts, account] },
      );
      if (account.walletId === undefined) toggle(account, true, true);
      setPath('');
    } catch (error) {
      setPathProblem(plainError(error).message);
    }
  };

  const add = async () => {
    if (networkId === undefined) return;
    setAdding(true);
    const added: string[] = [];
    const failed: string[] = [];
    for (const { account, name } of chosen.values()) {
      try {
        const given = name.trim();
        await call('ledger:add', {
          networkId,
          path: account.path,
          publicKey: account.publicKey,
          ...(given === '' ? {} : { name: given }),
        });
        added.push(account.path);
      } catch (error) {
        failed.push(`${account.path}: ${plainError(error).message}`);
      }
    }
    setAdding(false);
    await loadWallets();
    if (failed.length === 0) {
      onDone();
      return;
    }
    // What was added stays added; what failed stays chosen, to try again.
    setOutcome({ added, failed });
    setChosen((map) => new Map([...map].filter(([key]) => !added.includes(key))));
    void scan(0);
  };

  return (
    <section className="card" aria-labelledby="add-ledger-title">
      <h2 id="add-ledger-title">Add a Ledger wallet</h2>
      <p className="muted small">
        Connect your Ledger, unlock it and open the ARK app. Votary reads the accounts’ public keys from it;
        the keys themselves never leave the device.
      </p>
      <label>
        Network
        <select
          value={networkId ?? ''}
          onChange={(e) => {
            setNetworkId(e.target.value);
            setChosen(new Map());
            setOutcome(undefined);
          }}
        >
          {networks.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
              {n.active ? ' (active)' : ''}
            </option>
          ))}
        </select>
      </label>
      <DeviceState status={status} checking={checking} onCheck={checkAgain} />
      {ready && (
        <>
          {shown === undefined && scanProblem === undefined && (
            <p role="status">Reading accounts from the Ledger…</p>
          )}
          <FieldError message={scanProblem} />
          {accounts.length > 0 && (
            <AccountList
              accounts={accounts}
              chosen={chosen}
              symbol={network?.symbol ?? ''}
              onToggle={(account, on) => toggle(account, on)}
              onName={rename}
            />
          )}
          {accounts.length > 0 && (
            <p className="muted small">
              {complete
                ? 'Read up to the first account never used on this network.'
                : 'More accounts may be used: load more to read on.'}
            </p>
          )}
          <button type="button" onClick={loadMore} disabled={loadingMore || shown === undefined}>
            {loadingMore ? 'Reading…' : 'Load more'}
          </button>
          <form className="row wrap" onSubmit={(e) => void readPath(e)} aria-label="Custom path">
            <label>
              Or an account at a path of your own
              <input
                value={path}
                onChange={(e) => {
                  setPath(e.target.value);
                  setPathProblem(undefined);
                }}
                placeholder={`44'/${coinType}'/0'/0/0`}
                spellCheck={false}
                aria-invalid={pathProblem !== undefined}
              />
              <FieldError message={pathProblem} />
            </label>
            <button type="submit" disabled={path.trim() === ''}>
              Read this path
            </button>
          </form>
        </>
      )}
      {outcome !== undefined && (
        <div role="alert" className="warning-note">
          {outcome.added.length > 0 && <p>Added: {outcome.added.join(', ')}.</p>}
          <p>Not added:</p>
          <ul>
            {outcome.failed.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {networkId !== activeId && chosen.size > 0 && (
        <p className="muted small">
          These wallets are of {network?.name}: they are listed when that network is the active one.
        </p>
      )}
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={!ready || chosen.size === 0 || adding}
          onClick={() => void add()}
        >
          {chosen.size > 1 ? `Add ${chosen.size} wallets` : 'Add wallet'}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </section>
  );
}
