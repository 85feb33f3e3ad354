import { useAppStore } from '../../store/app/app-slice';

const roles = [
  {
    title: 'Wallet',
    text: 'Keys stay encrypted on this device. Transactions are built and signed locally, byte-exact with ARK Core 3.',
  },
  {
    title: 'Node monitor',
    text: 'Sync state, peers, delegates, rounds, missed slots, fees and alerts for any ARK-compatible node.',
  },
  {
    title: 'Local node',
    text: 'An embedded localnet with 21 forging delegates and the full public API on 127.0.0.1, no internet needed.',
  },
];

export function Home() {
  const info = useAppStore((s) => s.info);
  const status = useAppStore((s) => s.status);
  return (
    <main className="home">
      <header>
        <h1>Votary</h1>
        <p className="tagline">
          Desktop wallet, node monitor and local node for ARK-Core-compatible delegated-proof-of-stake chains.
        </p>
      </header>
      <section className="roles" aria-label="What Votary does">
        {roles.map((role) => (
          <article key={role.title}>
            <h2>{role.title}</h2>
            <p>{role.text}</p>
          </article>
        ))}
      </section>
      <footer data-testid="host-status">
        {status === 'loading' && 'Connecting to the Votary host…'}
        {status === 'ready' && info && `Votary ${info.version} · ${info.shell} shell · ${info.platform}`}
        {status === 'no-host' && 'Preview: no Votary host is connected to this page.'}
      </footer>
    </main>
  );
}
