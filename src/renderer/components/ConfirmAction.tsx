/**
 * A destructive action behind a confirm step (reset and rollback): the first button only reveals what
 * will happen and a second, explicitly named button that does it. Focus moves to the confirm button so keyboard
 * users land on the choice; Cancel puts it back.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export function ConfirmAction({
  label,
  confirmLabel,
  warning,
  disabled,
  onConfirm,
}: {
  label: string;
  confirmLabel: string;
  warning: ReactNode;
  disabled?: boolean;
  onConfirm: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  }
  return (
    <div className="confirm-step" role="group" aria-label={label}>
      <p>{warning}</p>
      <div className="row">
        <button
          ref={confirm}
          type="button"
          className="danger"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void onConfirm().finally(() => {
              setBusy(false);
              setAsking(false);
            });
          }}
        >
          {confirmLabel}
        </button>
        <button type="button" disabled={busy} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}
