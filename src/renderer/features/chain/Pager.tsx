/**
 * Previous / next page of a paginated list (docs/design/architecture.md "Rules": every list is paginated end to
 * end).
 */
import type { PageMetaView } from '../../../shared/domain/common';

export function Pager({
  meta,
  label,
  onPage,
}: {
  meta: PageMetaView;
  /** What is paged, for the buttons' accessible names ("transactions"). */
  label: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, meta.pageCount);
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={`Pages of ${label}`}>
      <button
        type="button"
        disabled={meta.page <= 1}
        onClick={() => onPage(meta.page - 1)}
        aria-label={`Previous page of ${label}`}
      >
        ‹ Previous
      </button>
      <span>
        Page {meta.page} of {pages}
      </span>
      <button
        type="button"
        disabled={meta.page >= pages}
        onClick={() => onPage(meta.page + 1)}
        aria-label={`Next page of ${label}`}
      >
        Next ›
      </button>
    </nav>
  );
}
