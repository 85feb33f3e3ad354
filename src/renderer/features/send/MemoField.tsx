/** Send's memo: public, optional, counted in bytes against the network's vendor field length. */
import { FieldError } from '../../components/FieldError';

export function MemoField(props: {
  memo: string;
  onChange: (memo: string) => void;
  bytes: number;
  limit: number;
  problem: string | undefined;
}) {
  return (
    <label>
      Memo (public, optional)
      <input
        value={props.memo}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.problem !== undefined}
      />
      <span className="muted small">
        {props.bytes} of {props.limit} bytes
      </span>
      <FieldError message={props.problem} />
    </label>
  );
}
