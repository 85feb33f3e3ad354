/**
 * The explorer: one search box for a block height or id, a transaction id, an address, a public key
 * or a delegate name, and a page for each kind of result, linked to each other. Reads go to the active network.
 */
import { type FormEvent, useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { plainError } from '../../lib/errors';
import { useVotary } from '../../store';
import { BlockPage } from './BlockPage';
import { ExplorerOpen } from './context';
import {
  EXPLORER_START,
  explorerNav,
  locationLabel,
  locationOf,
  type ExplorerLocation,
  type ExplorerNav,
} from './explorer-nav';
import { TransactionPage } from './TransactionPage';
import { WalletView } from './WalletView';
import { call } from '../../services/call';
import { useRead } from '../../lib/use-read';

/** A link to text the explorer must look up first (a public key): it resolves, then replaces itself. */
function Lookup({ query, onFound }: { query: string; onFound: (to: ExplorerLocation) => void }) {
  const read = useRead(() => call('chain:search', { query }), query);
  // One location per answer (the read's state object is stable), so the navigation below runs once.
  const found = useMemo(() => (read.state === 'ready' ? locationOf(read.value) : undefined), [read]);
  useEffect(() => {
    if (found !== undefined) onFound(found);
  }, [found, onFound]);
  const message =
    read.state === 'failed'
      ? read.error.message
      : read.state === 'ready' && found === undefined
        ? read.value.kind === 'notFound'
          ? read.value.message
          : 'Not found.'
        : undefined;
  return (
    <article aria-labelledby="explorer-page-title">
      <h2 id="explorer-page-title">Looking up {query}</h2>
      {message === undefined ? (
        <p className="muted">Searching…</p>
      ) : (
        <p className="explorer-missing" role="alert">
          {message}
        </p>
      )}
    </article>
  );
}

function SearchBox({ onFound }: { onFound: (to: ExplorerLocation) => void }) {
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(undefined);
    try {
      const result = await call('chain:search', { query });
      const to = locationOf(result);
      if (to === undefined) setMessage(result.kind === 'notFound' ? result.message : 'Not found.');
      else onFound(to);
    } catch (error) {
      setMessage(plainError(error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="explorer-search" role="search" onSubmit={(e) => void submit(e)}>
      <label className="field">
        Search the chain
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Height, block or transaction id, address, public key or delegate name"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={message === undefined ? undefined : 'explorer-search-message'}
        />
      </label>
      <button type="submit" disabled={busy || query.trim() === ''}>
        Search
      </button>
      {message !== undefined && (
        <p id="explorer-search-message" className="explorer-missing" role="alert">
          {message}
        </p>
      )}
    </form>
  );
}

function Current({ at, onFound }: { at: ExplorerLocation; onFound: (to: ExplorerLocation) => void }) {
  switch (at.page) {
    case 'home':
      return (
        <p className="muted">
          Search the active network’s chain. Every id, address and block on a result page is a link.
        </p>
      );
    case 'lookup':
      return <Lookup query={at.query} onFound={onFound} />;
    case 'block':
      return <BlockPage at={'height' in at ? { height: at.height } : { id: at.id }} />;
    case 'transaction':
      return <TransactionPage id={at.id} />;
    case 'wallet':
      return <WalletView address={at.address} />;
  }
}

export function ExplorerPage() {
  // Opened from a link elsewhere (a history row's details) or a URL: start on that lookup.
  const query = useVotary((s) => s.explorerQuery);
  const [nav, dispatch] = useReducer(explorerNav, query, (q): ExplorerNav =>
    q === undefined ? EXPLORER_START : { ...EXPLORER_START, shown: { page: 'lookup', query: q } },
  );
  const started = useRef(query);
  useEffect(() => {
    if (query === undefined || query === started.current) return;
    started.current = query;
    dispatch({ type: 'open', to: { page: 'lookup', query } });
  }, [query]);
  const region = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const open = useCallback((to: ExplorerLocation) => {
    moved.current = true;
    dispatch({ type: 'open', to });
  }, []);
  const replace = useCallback((to: ExplorerLocation) => dispatch({ type: 'replace', to }), []);
  // After a link or Back, focus moves to the new page, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    region.current?.focus();
  }, [nav.shown]);
  const previous = nav.back.at(-1);
  return (
    <section aria-labelledby="explorer-title" className="explorer">
      <h1 id="explorer-title">Explorer</h1>
      <SearchBox onFound={open} />
      {previous !== undefined && (
        <button
          type="button"
          onClick={() => {
            moved.current = true;
            dispatch({ type: 'back' });
          }}
          aria-label={`Back to ${locationLabel(previous)}`}
        >
          ‹ Back
        </button>
      )}
      <div ref={region} tabIndex={-1} className="explorer-page">
        <ExplorerOpen.Provider value={open}>
          <Current at={nav.shown} onFound={replace} />
        </ExplorerOpen.Provider>
      </div>
    </section>
  );
}
