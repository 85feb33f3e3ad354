/**
 * The warning shown while a plain-http node on another machine is being added (shared/lib/insecure-url.ts), with
 * the checkbox that confirms it; the host refuses such a node without that confirmation.
 */
import { PLAIN_HTTP_WARNING } from '../../shared/lib/insecure-url';

export function PlainHttpWarning({
  confirmed,
  onConfirm,
}: {
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
}) {
  return (
    <div className="warning-note" role="alert">
      <p>{PLAIN_HTTP_WARNING}</p>
      <label className="inline">
        <input type="checkbox" checked={confirmed} onChange={(e) => onConfirm(e.target.checked)} />I
        understand, add this node anyway
      </label>
    </div>
  );
}
