// ESLint flat config: typescript-eslint type-checked rules, plus the architecture's import boundaries
// (docs/design/architecture.md "Layers": shared imports nothing platform-specific; core never imports electron,
// React or DOM;
// renderer never imports core, main or node:*; preload imports only electron and shared/ipc).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'worker_threads',
  'http',
  'net',
];

/** A no-restricted-imports rule; `patterns` are gitignore-style groups. */
const restrict = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

/**
 * A LocalNode's store, pool and forger are private (TypeScript); node/parts.ts is the one named door to them, for
 * node/ itself and for tests. Anywhere else in src an import of it is refused (docs/design/architecture.md "Chain
 * access").
 */
const nodeParts = {
  regex: '(^|/)node/parts(\\.ts)?$',
  message:
    "The node's store, pool and forger are its own: use its ChainAccess (core/chain-access), its readSide or LocalnetControls (core/node/controls).",
};

const coreShells = {
  group: ['electron', 'react', 'react-dom', 'zustand', '**/main/**', '**/renderer/**', '**/preload/**'],
  message: 'core (and the CLI hosting it) never imports electron, React, DOM or the app shells.',
};

/** The protocol floor is pure computation: no files, processes, threads or sockets (core/parallel has the threads). */
const protocolPlatform = {
  group: ['node:fs', 'node:os', 'node:worker_threads', 'node:child_process', 'node:net', 'node:http'].flatMap(
    (name) => [name, name.slice('node:'.length)],
  ),
  message:
    'core/protocol is the pure floor: no fs, os, threads, processes or sockets (core/parallel runs the workers).',
};

/**
 * The order inside core (docs/design/architecture.md "Layers"): a folder imports only the folders below it.
 * Rules replace one another per file, so each layer's rule repeats the shells' patterns.
 */
const CORE_LAYERS = {
  protocol: [],
  // Worker threads, fs and os: not on the pure protocol floor, though it checks nothing but protocol's rules.
  parallel: ['protocol'],
  fs: ['protocol'],
  domain: ['protocol'],
  db: ['protocol', 'fs', 'domain'],
  node: ['protocol', 'parallel', 'fs', 'domain', 'db'],
  query: ['protocol', 'parallel', 'fs', 'domain', 'db', 'node'],
  api: ['protocol', 'parallel', 'fs', 'domain', 'db', 'node', 'query'],
  client: ['protocol', 'fs', 'domain'],
  p2p: ['protocol', 'client'],
  keystore: ['protocol', 'fs'],
  ledger: ['protocol'],
  monitor: ['protocol', 'fs', 'domain', 'db', 'client'],
  'chain-access': ['protocol', 'parallel', 'fs', 'domain', 'db', 'node', 'query', 'client'],
  // Price sources (CryptoCompare, CoinGecko): bounded reads of their public APIs, and the daily closes kept here.
  prices: ['protocol', 'fs', 'client'],
  // The multisignature server: its store is in db/, it asks a node through client/, it keeps api/'s connection limits.
  'musig-server': ['protocol', 'parallel', 'fs', 'domain', 'db', 'node', 'query', 'api', 'client'],
  sync: ['protocol', 'parallel', 'fs', 'domain', 'db', 'node', 'client', 'p2p'],
  host: [
    'protocol',
    'parallel',
    'fs',
    'domain',
    'db',
    'node',
    'query',
    'api',
    'client',
    'p2p',
    'chain-access',
    'sync',
  ],
};
/** Every folder of core: each layer above, and `services`, the top, which may import them all (no rule of its own). */
const CORE_FOLDERS = [...Object.keys(CORE_LAYERS), 'services'];

const coreLayerRules = Object.entries(CORE_LAYERS).map(([layer, below]) => {
  const above = CORE_FOLDERS.filter((folder) => folder !== layer && !below.includes(folder));
  return {
    files: [`src/core/${layer}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            coreShells,
            ...(layer === 'protocol' ? [protocolPlatform] : []),
            ...(layer === 'node' ? [] : [nodeParts]),
            {
              // A relative import that climbs out of this folder into one that is not below it.
              regex: `^(\\.\\./)+(${above.join('|')})(/|$)`,
              message: `core/${layer} imports only ${below.length === 0 ? 'nothing else in core' : `core/{${below.join(', ')}}`} (docs/design/architecture.md "Layers").`,
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'out/**',
      'dist/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      // The shared ARK Core tooling's script, kept as it is there (CommonJS, run by ARK's own Node 16).
      'scripts/ark-core/send-v1.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // CommonJS run by ARK Core's own Node 16 (bench:ingest's reference side): it loads ARK's modules by path.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: restrict(
      [
        'electron',
        'react',
        'react-dom',
        ...nodeBuiltins,
        '**/core/**',
        '**/main/**',
        '**/renderer/**',
        '**/preload/**',
      ],
      'src/shared is pure TypeScript usable everywhere: no platform, no core/main/renderer imports.',
    ),
  },
  {
    files: ['src/core/**/*.ts', 'src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [coreShells, nodeParts] }] },
  },
  ...coreLayerRules,
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(
        ['electron', ...nodeBuiltins, '**/core/**', '**/main/**', '**/preload/**', '**/cli/**'],
        'The renderer reaches main only through src/renderer/services/ and the IPC contract in src/shared/ipc/.',
      ),
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: restrict(
      ['**/core/**', '**/main/**', '**/renderer/**', '**/cli/**', '**/shared/domain/**', '**/shared/lib/**'],
      'preload imports only electron and src/shared/ipc.',
    ),
  },
  {
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', '**/renderer/**'], message: 'main never imports the renderer.' },
            nodeParts,
          ],
        },
      ],
    },
  },
);
