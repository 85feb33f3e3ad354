/**
 * Every command's usage, each option named: `votary --help` prints them all, `votary <command> --help` its own, and
 * a usage error points to the command's help.
 */
export const COMMAND_USAGE = {
  keys: `votary keys --passphrase-file F [--network NAME]
      the public key, address and WIF of a passphrase (JSON)`,
  tx: `votary tx sign   --draft F --passphrase-file P [--second-passphrase-file Q] [--network NAME] [--height N]
votary tx decode --hex H [--network NAME] [--height N]
votary tx verify (--hex H | --json F) [--second-public-key K] [--network NAME] [--height N]
      sign a draft, decode serialized bytes, verify a signed transaction (JSON; verify exits 1 when it fails)`,
  block: `votary block decode --hex H [--network NAME]
votary block verify --hex H [--network NAME]
      decode a serialized block, or verify it (exit 1 when it fails)`,
  message: `votary message sign (--message M | --message-file F) --passphrase-file P [--format core3|arkvault]
votary message verify --json F [--network NAME]
      sign a message with a passphrase's key, or verify a signed message in either ARK form (JSON; verify exits 1
      when it fails)`,
  serve: `votary serve [--port N] [--api-port P] [--api-secondary-port S] [--data-dir DIR] [--block-time T]
      [--ledger-speculos 127.0.0.1:PORT]
      the app in a browser on 127.0.0.1:N (default 4200): prints http://127.0.0.1:N/#token=…; the embedded
      node's public API on 127.0.0.1:P (default 4003), its secondary interface on S (default 4004); a Ledger over
      USB, or Ledger's emulator (speculos with ARK's app) on that loopback APDU port (env VOTARY_LEDGER_SPECULOS)`,
  node: `votary node --data-dir DIR [--network localnet] [--block-time S] [--port N] [--public-port M] [--host H] [--verbose]
      run the local chain until SIGINT/SIGTERM; public API on --public-port (default 4003), secondary interface
      on --port (default 4004), both on 127.0.0.1 unless --host; --verbose logs each block and missed slot
votary node --follow URL[,URL…] --data-dir DIR [--p2p HOST:PORT[,…]] [--ark-test-mode] [--port N] [--public-port M] [--host H]
      follow and verify a real network from its peers (http://host:port/api), serve its API, print progress;
      --p2p also downloads blocks from ARK Core P2P ports (each peer kept within ARK's limits)
votary node verify --data-dir DIR [--network localnet|FOLDER]
      replay a stored chain from genesis and compare the state (JSON; exit 1 when it differs)`,
  'musig-server': `votary musig-server --data-dir DIR [--network NAME] [--host H] [--port N] [--pending K] [--per-key P]
      [--max-proposals M] [--max-mib B] [--node URL] [--rate-limit R]
      a multisignature server (ARK's REST shape and ArkVault's JSON-RPC) on H:N (default 127.0.0.1:8080) until
      SIGINT/SIGTERM: proposals in DIR/musig-NAME.db, every signature verified on arrival, K per sender (default 3),
      P waiting for one participant (default 100), at most M proposals and B MiB in all (default 10000, 64),
      purged 24 hours after they arrive, R requests a minute per client (default 100, 0: no limit); listing, reading
      and deleting need a participant's signed proof (docs/design/multisig.md); with --node, a proposal whose nonce
      is used or whose wallet is not registered with its asset is refused and removed`,
} as const;

export type CommandName = keyof typeof COMMAND_USAGE;

export const USAGE = `usage: votary <command> [options]   (votary <command> --help for one command)

${Object.values(COMMAND_USAGE).join('\n')}

networks: mainnet, devnet (default), testnet, localnet
exit codes: 0 done, 1 the input failed or does not verify, 2 usage error,
            73 the data directory cannot be written (read-only, no permission), 74 the disk is full`;

/** `--help` / `-h` anywhere among a command's arguments asks for its usage. */
export const asksForHelp = (args: readonly string[]): boolean =>
  args.some((arg) => arg === '--help' || arg === '-h');
