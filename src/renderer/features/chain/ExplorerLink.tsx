/**
 * A link between explorer pages. It is a button (it changes what the page shows, not the URL), styled as a link;
 * the accessible name says where it leads when the visible text is a bare id.
 */
import type { ReactNode } from 'react';
import { useExplorerOpen } from './context';
import { locationLabel, type ExplorerLocation } from './explorer-nav';
import { AddressName } from '../contacts/AddressName';

export function ExplorerLink({
  to,
  children,
  mono = false,
  label,
}: {
  to: ExplorerLocation;
  children: ReactNode;
  mono?: boolean;
  /** The accessible name, when the visible text is shortened. */
  label?: string;
}) {
  const open = useExplorerOpen();
  const where = locationLabel(to);
  return (
    <>
      <button
        type="button"
        className={`explorer-link${mono ? ' mono' : ''}`}
        onClick={() => open(to)}
        title={`Open ${where}`}
        aria-label={label}
      >
        {children}
      </button>
      {to.page === 'wallet' && <AddressName address={to.address} />}
    </>
  );
}
