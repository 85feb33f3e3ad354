/**
 * On the lock screen: which profile's vault this is, and another one to open instead (the gate covers every
 * screen while locked, so the Profiles page cannot be reached from here).
 */
import { useState } from 'react';
import { useVotary } from '../../store';
import { activeProfileName } from '../../store/profiles-slice';
import { useProfileActions } from './use-profile-actions';

export function ProfileChooser() {
  const list = useVotary((s) => s.profiles);
  const name = activeProfileName(list);
  const actions = useProfileActions();
  const [chosen, setChosen] = useState('');
  if (list === undefined || name === undefined) return null;
  const others = list.profiles.filter((profile) => !profile.active);
  return (
    <section className="card" aria-label="Profile">
      <p>
        Profile: <strong>{name}</strong>
      </p>
      {others.length > 0 && (
        <div className="row wrap">
          <label>
            Open another profile
            <select value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">Choose a profile…</option>
              {others.map((profile) => (
                <option key={profile.id} value={profile.id}>
                  {profile.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            disabled={actions.busy || chosen === ''}
            onClick={() => void actions.open(chosen).then(() => setChosen(''))}
          >
            Open profile
          </button>
        </div>
      )}
    </section>
  );
}
