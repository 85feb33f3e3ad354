/**
 * Profiles: several people (or one person's separate purposes) on one device, each with its own vault, wallets,
 * networks, settings and contacts (core services/profiles/). Opening another profile locks this one's vault;
 * removing one asks for a confirmation and its vault's password.
 */
import { useState, type FormEvent } from 'react';
import type { ProfileView } from '../../../shared/domain/profiles';
import { PROFILE_NAME_MAX } from '../../../shared/domain/profiles';
import { SecretInput } from '../../components/SecretInput';
import { useVotary } from '../../store';
import { dateTime } from '../../lib/dates';
import { useProfileActions } from './use-profile-actions';

export function ProfilesPage() {
  const list = useVotary((s) => s.profiles);
  const actions = useProfileActions();
  const [name, setName] = useState('');
  const [openNow, setOpenNow] = useState(true);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    if (await actions.create({ name, open: openNow })) setName('');
  };

  return (
    <section aria-labelledby="profiles-title">
      <h1 id="profiles-title">Profiles</h1>
      <p className="muted">
        Each profile has its own vault and password, wallets, networks, settings and contacts. Only one is
        open at a time; opening another locks this one.
      </p>
      <form className="card" aria-label="New profile" onSubmit={(event) => void create(event)}>
        <h2>New profile</h2>
        <label>
          Name
          <input
            value={name}
            maxLength={PROFILE_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            required
          />
        </label>
        <label className="inline">
          <input type="checkbox" checked={openNow} onChange={(e) => setOpenNow(e.target.checked)} />
          Open it now
        </label>
        <button type="submit" className="primary" disabled={actions.busy || name.trim() === ''}>
          Create profile
        </button>
      </form>
      {list === undefined ? (
        <p role="status">Reading the profiles…</p>
      ) : (
        <ul className="contact-list" aria-label="Profiles">
          {list.profiles.map((profile) => (
            <ProfileRow key={profile.id} profile={profile} actions={actions} />
          ))}
        </ul>
      )}
    </section>
  );
}

type Actions = ReturnType<typeof useProfileActions>;

function ProfileRow({ profile, actions }: { profile: ProfileView; actions: Actions }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  return (
    <li className="card" aria-label={`Profile ${profile.name}`}>
      <strong>{profile.name}</strong> {profile.active && <span className="badge">Open</span>}
      <p className="muted small">
        {profile.hasVault ? 'Has a vault.' : 'No vault yet.'} Made {dateTime(Date.parse(profile.createdAt))}.
      </p>
      {mode === 'view' && (
        <div className="row wrap">
          {!profile.active && (
            <button type="button" disabled={actions.busy} onClick={() => void actions.open(profile.id)}>
              Open
            </button>
          )}
          <button type="button" onClick={() => setMode('rename')}>
            Rename
          </button>
          {!profile.active && profile.id !== 'default' && (
            <button type="button" className="danger" onClick={() => setMode('remove')}>
              Remove…
            </button>
          )}
        </div>
      )}
      {mode === 'rename' && <RenameForm profile={profile} actions={actions} done={() => setMode('view')} />}
      {mode === 'remove' && <RemoveForm profile={profile} actions={actions} done={() => setMode('view')} />}
    </li>
  );
}

function RenameForm({
  profile,
  actions,
  done,
}: {
  profile: ProfileView;
  actions: Actions;
  done: () => void;
}) {
  const [name, setName] = useState(profile.name);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await actions.rename(profile.id, name)) done();
  };
  return (
    <form aria-label={`Rename ${profile.name}`} onSubmit={(event) => void submit(event)}>
      <label>
        New name
        <input value={name} maxLength={PROFILE_NAME_MAX} onChange={(e) => setName(e.target.value)} required />
      </label>
      <div className="row">
        <button type="submit" disabled={actions.busy || name.trim() === ''}>
          Save name
        </button>
        <button type="button" onClick={done}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function RemoveForm({
  profile,
  actions,
  done,
}: {
  profile: ProfileView;
  actions: Actions;
  done: () => void;
}) {
  const [understood, setUnderstood] = useState(false);
  const [password, setPassword] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const given = password;
    setPassword('');
    if (await actions.remove(profile.id, profile.hasVault ? given : undefined)) done();
  };
  return (
    <form aria-label={`Remove ${profile.name}`} onSubmit={(event) => void submit(event)}>
      <p role="alert">
        Removing “{profile.name}” deletes its vault, wallets, contacts, networks and settings from this
        device. Funds stay on the chain, but a wallet whose recovery phrase is written nowhere else cannot be
        opened again.
      </p>
      <label className="inline">
        <input type="checkbox" checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />I have
        the recovery phrases I need; remove “{profile.name}”
      </label>
      {profile.hasVault && (
        <label>
          Vault password of “{profile.name}”
          <SecretInput value={password} onChange={(e) => setPassword(e.target.value)} required />
        </label>
      )}
      <div className="row">
        <button
          type="submit"
          className="danger"
          disabled={actions.busy || !understood || (profile.hasVault && password === '')}
        >
          Remove profile
        </button>
        <button type="button" onClick={done}>
          Cancel
        </button>
      </div>
    </form>
  );
}
