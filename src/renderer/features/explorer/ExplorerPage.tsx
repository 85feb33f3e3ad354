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
import { useSearch } from '../../lib/reads/explorer';

/** A link to text the explorer must look up first (a public key): it resolves, then replaces itself. */
function Lookup({ query, onFound }: { query: string; onFound: (to: ExplorerLocation) => void }) {
  const read = useSearch(query);
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

/**
 * Lists show an id shortened ("1a2b3c4d5e6f7a8b…"); searching for that text would be read as a delegate name. Say
 * what it is instead, and where the whole id is.
 */
export function shortenedIdHint(query: string, found: 'unknown' | 'not found'): string | undefined {
  const text = query.trim();
  // With the ellipsis it cannot be a name (no name holds "…" or "."); without it, only once nothing matched.
  const ellipsis = /^[0-9a-fA-F]{6,63}(…|\.\.\.)$/.test(text);
  const bare = found === 'not found' && /^[0-9a-fA-F]{6,63}$/.test(text) && !/^\d+$/.test(text);
  if (!ellipsis && !bare) return undefined;
  return (
    'This is part of an id, as lists shorten them. Search for the whole id: the copy button beside a shortened ' +
    'id copies all 64 characters.'
  );
}

function SearchBox({
  onFound,
  onFailed,
}: {
  onFound: (to: ExplorerLocation) => void;
  /** The search found nothing: the page under it must not keep showing the previous result. */
  onFailed: () => void;
}) {
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    const hint = shortenedIdHint(query, 'unknown');
    if (hint !== undefined) {
      setMessage(hint);
      onFailed();
      return;
    }
    setBusy(true);
    try {
      // A command, not a view: the person's submit is answered once, by opening what it found (or saying why not).
      const result = await call('chain:search', { query });
      const to = locationOf(result);
      if (to === undefined) {
        setMessage(
          shortenedIdHint(query, 'not found') ?? (result.kind === 'notFound' ? result.message : 'Not found.'),
        );
        onFailed();
      } else onFound(to);
    } catch (error) {
      setMessage(plainError(error).message);
      onFailed();
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
  // A failed search hides the page below it until the next move, so its error is not read as about that page.
  const [searchFailed, setSearchFailed] = useState(false);
  const failed = useCallback(() => setSearchFailed(true), []);
  const open = useCallback((to: ExplorerLocation) => {
    moved.current = true;
    setSearchFailed(false);
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
      <SearchBox onFound={open} onFailed={failed} />
      {previous !== undefined && (
        <button
          type="button"
          onClick={() => {
            moved.current = true;
            setSearchFailed(false);
            dispatch({ type: 'back' });
          }}
          aria-label={`Back to ${locationLabel(previous)}`}
        >
          ‹ Back
        </button>
      )}
      <div ref={region} tabIndex={-1} className="explorer-page">
        {!searchFailed && (
          <ExplorerOpen.Provider value={open}>
            <Current at={nav.shown} onFound={replace} />
          </ExplorerOpen.Provider>
        )}
      </div>
    </section>
  );
}
