/**
 * Reset, snapshots and rollback. Each of them throws blocks away, so each waits for a confirm step;
 * a snapshot whose block is no longer on the chain cannot be rolled back to and says why.
 */
import { useState, type FormEvent } from 'react';
import type { LocalnetStatus } from '../../../shared/domain/localnet';
import { ConfirmAction } from '../../components/ConfirmAction';
import { useVotary } from '../../store';
import type { RunControl } from './run-control';
import { checkRollbackHeight, describeRollback } from './localnet-model';
import { dateTime } from '../../lib/dates';
import { call } from '../../services/call';

export function Snapshots({
  status,
  run,
  onChanged,
}: {
  status: LocalnetStatus;
  run: RunControl;
  onChanged: () => void;
}) {
  const reportError = useVotary((s) => s.reportError);
  const loadNode = useVotary((s) => s.loadNode);
  const [name, setName] = useState('');
  const [heightText, setHeightText] = useState('');
  const height = checkRollbackHeight(heightText, status.height);
  const afterRollback = () => {
    onChanged();
    void loadNode();
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(
      () => call('localnet:snapshot-save', { name: name.trim() }),
      (snapshot) => `Snapshot "${snapshot.name}" saved at height ${snapshot.height}.`,
      () => {
        setName('');
        onChanged();
      },
    );
  };

  return (
    <div className="card">
      <h2>Snapshots and rollback</h2>
      <form className="row wrap align-end" onSubmit={save}>
        <label>
          Snapshot name
          <input value={name} maxLength={64} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit" disabled={name.trim() === ''}>
          Save snapshot
        </button>
      </form>
      {status.snapshots.length === 0 ? (
        <p className="muted">No snapshots yet.</p>
      ) : (
        <table>
          <caption className="table-caption">Saved snapshots</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Height</th>
              <th scope="col">Saved</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {status.snapshots.map((snapshot) => (
              <tr key={snapshot.name}>
                <th scope="row">{snapshot.name}</th>
                <td>{snapshot.height}</td>
                <td>{dateTime(Date.parse(snapshot.createdAt))}</td>
                <td className="row wrap">
                  {snapshot.reachable ? (
                    <ConfirmAction
                      label={`Roll back to ${snapshot.name}`}
                      confirmLabel={`Yes, roll back to ${snapshot.name}`}
                      warning={`The chain returns to height ${snapshot.height}; later blocks are removed and their transactions go back to the pool, except those that no longer apply without the removed blocks.`}
                      onConfirm={() =>
                        run(
                          () => call('localnet:rollback', { snapshot: snapshot.name }),
                          (result) => describeRollback(result, `Rolled back to ${snapshot.name}`),
                          afterRollback,
                        )
                      }
                    />
                  ) : (
                    <span className="muted small">Its block is no longer on the chain.</span>
                  )}
                  <button
                    type="button"
                    aria-label={`Delete snapshot ${snapshot.name}`}
                    onClick={() =>
                      void run(
                        () => call('localnet:snapshot-delete', { name: snapshot.name }),
                        () => `Snapshot "${snapshot.name}" deleted.`,
                        onChanged,
                      )
                    }
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Roll back to a height</h3>
      <div className="row wrap align-end">
        <label>
          Height to roll back to
          <input
            inputMode="numeric"
            value={heightText}
            onChange={(e) => setHeightText(e.target.value)}
            aria-invalid={heightText !== '' && !height.ok}
            aria-describedby="rollback-height-help"
          />
        </label>
        <span id="rollback-height-help" className="muted small">
          {heightText !== '' && !height.ok ? height.message : `Below the current height ${status.height}.`}
        </span>
      </div>
      <ConfirmAction
        label="Roll back to this height"
        confirmLabel={height.ok ? `Yes, roll back to height ${height.value}` : 'Yes, roll back'}
        disabled={!height.ok}
        warning={`Blocks above height ${height.ok ? height.value : '…'} are removed; their transactions go back to the pool, except those that no longer apply without the removed blocks.`}
        onConfirm={async () => {
          if (!height.ok) {
            reportError(new Error(height.message));
            return;
          }
          await run(
            () => call('localnet:rollback', { height: height.value }),
            (result) => describeRollback(result, `Rolled back to height ${height.value}`),
            () => {
              setHeightText('');
              afterRollback();
            },
          );
        }}
      />
      <h3>Reset</h3>
      <ConfirmAction
        label="Reset to genesis"
        confirmLabel="Yes, reset the chain to genesis"
        warning="Every block after genesis is removed, with all balances, votes and registrations made since. Snapshots above genesis can no longer be reached."
        onConfirm={() =>
          run(
            () => call('localnet:reset'),
            (result) => describeRollback(result, 'Reset to genesis'),
            afterRollback,
          )
        }
      />
    </div>
  );
}
