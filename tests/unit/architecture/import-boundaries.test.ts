import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's import boundaries (docs/design/architecture.md "Layers") are enforced by eslint.config.js.
 * These cases lint a
 * forbidden import as if it were written in a real file of each layer, and an allowed one, so a change that
 * silently disables a boundary fails here.
 */
const eslint = new ESLint();

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const cases: [layer: string, file: string, forbidden: string, allowed: string][] = [
  [
    'core',
    'src/core/protocol/hex.ts',
    "import { app } from 'electron';\nexport const x = app;\n",
    "import { sha256 } from '@noble/hashes/sha2.js';\nexport const x = sha256;\n",
  ],
  [
    'shared',
    'src/shared/ipc/contract.ts',
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    'export const x = 1;\n',
  ],
  [
    'renderer',
    'src/renderer/services/app-info.ts',
    "import { toHex } from '../../core/protocol/hex';\nexport const x = toHex;\n",
    "import type { AppInfo } from '../../shared/ipc/contract';\nexport type X = AppInfo;\n",
  ],
  [
    'renderer (node builtins)',
    'src/renderer/services/app-info.ts',
    "import { join } from 'node:path';\nexport const x = join;\n",
    "import { create } from 'zustand';\nexport const x = create;\n",
  ],
  // Inside core, a folder imports only the folders below it (docs/design/architecture.md "Layers").
  [
    'core/protocol',
    'src/core/protocol/hex.ts',
    "import { LocalNode } from '../node/node';\nexport const x = LocalNode;\n",
    "import { sha256 } from './hash';\nexport const x = sha256;\n",
  ],
  [
    'core/protocol (no threads or files)',
    'src/core/protocol/hex.ts',
    "import { Worker } from 'node:worker_threads';\nexport const x = Worker;\n",
    "import { Buffer } from 'node:buffer';\nexport const x = Buffer;\n",
  ],
  [
    'core/protocol (below parallel)',
    'src/core/protocol/crypto/verdicts.ts',
    "import { VerifyWorkers } from '../../parallel/verify-workers';\nexport const x = VerifyWorkers;\n",
    "import { toHex } from '../hex';\nexport const x = toHex;\n",
  ],
  [
    'core/parallel',
    'src/core/parallel/verify-workers.ts',
    "import { LocalNode } from '../node/node';\nexport const x = LocalNode;\n",
    "import { fromHex } from '../protocol/hex';\nexport const x = fromHex;\n",
  ],
  [
    'core/domain',
    'src/core/domain/wallet.ts',
    "import type { StateView } from '../node/state';\nexport type X = StateView;\n",
    "import { toHex } from '../protocol/hex';\nexport const x = toHex;\n",
  ],
  [
    'core/db',
    'src/core/db/repositories/wallets.ts',
    "import { isEmptyWallet } from '../../node/state';\nexport const x = isEmptyWallet;\n",
    "import { isEmptyWallet } from '../../domain';\nexport const x = isEmptyWallet;\n",
  ],
  [
    'core/node',
    'src/core/node/node.ts',
    "import { createApiServer } from '../api';\nexport const x = createApiServer;\n",
    "import { BlockStore } from './block-store';\nimport { openDatabase } from '../db';\nexport const x = [BlockStore, openDatabase];\n",
  ],
  [
    'core/query',
    'src/core/query/chain-queries.ts',
    "import { createApiServer } from '../api';\nexport const x = createApiServer;\n",
    "import { listBlocks } from '../db/read-model/blocks';\nimport type { NodeReadSide } from '../node/read-side';\nexport const x = listBlocks;\nexport type X = NodeReadSide;\n",
  ],
  [
    'core/query (below client)',
    'src/core/query/chain-queries.ts',
    "import { NodeClient } from '../client';\nexport const x = NodeClient;\n",
    "import { NotFoundError } from '../domain';\nexport const x = NotFoundError;\n",
  ],
  [
    'core/api',
    'src/core/api/server.ts',
    "import { AppCore } from '../services';\nexport const x = AppCore;\n",
    "import { ChainQueries } from '../query';\nexport const x = ChainQueries;\n",
  ],
  [
    'core/client',
    'src/core/client/node-client.ts',
    "import { Keystore } from '../keystore';\nexport const x = Keystore;\n",
    "import { GuardedFile } from '../fs/atomic-file';\nexport const x = GuardedFile;\n",
  ],
  [
    'core/keystore',
    'src/core/keystore/vault-session.ts',
    "import { NodeClient } from '../client';\nexport const x = NodeClient;\n",
    "import { GuardedFile } from '../fs/atomic-file';\nexport const x = GuardedFile;\n",
  ],
  [
    'core/monitor',
    'src/core/monitor/errors.ts',
    "import { ServiceError } from '../services/service-error';\nexport const x = ServiceError;\n",
    "import { NodeClient } from '../client';\nexport const x = NodeClient;\n",
  ],
  [
    'core/chain-access',
    'src/core/chain-access/local-chain.ts',
    "import { Networks } from '../services/networks';\nexport const x = Networks;\n",
    "import { LocalNode } from '../node';\nimport { NodeClient } from '../client';\nexport const x = [LocalNode, NodeClient];\n",
  ],
  [
    'core/monitor (below chain)',
    'src/core/monitor/target.ts',
    "import { LocalChain } from '../chain-access';\nexport const x = LocalChain;\n",
    "import { NodeClient } from '../client';\nexport const x = NodeClient;\n",
  ],
  [
    'core/host',
    'src/core/host/local-host.ts',
    "import { AppCore } from '../services';\nexport const x = AppCore;\n",
    "import { LocalChain } from '../chain-access';\nimport { ChainQueries } from '../query';\nimport { Follower } from '../sync';\nexport const x = [LocalChain, ChainQueries, Follower];\n",
  ],
  [
    'core/musig-server',
    'src/core/musig-server/server.ts',
    "import { Networks } from '../services/networks/networks';\nexport const x = Networks;\n",
    "import { applyConnectionLimits } from '../api/http/connection-limits';\nexport const x = applyConnectionLimits;\n",
  ],
  [
    'core/api (below musig-server)',
    'src/core/api/server.ts',
    "import { ProposalRules } from '../musig-server';\nexport const x = ProposalRules;\n",
    "import { ChainQueries } from '../query';\nexport const x = ChainQueries;\n",
  ],
  [
    'core/sync (below host)',
    'src/core/sync/follower.ts',
    "import { hostLocalNode } from '../host';\nexport const x = hostLocalNode;\n",
    "import { LocalNode } from '../node';\nexport const x = LocalNode;\n",
  ],
  [
    'preload',
    'src/preload/index.ts',
    "import { toHex } from '../core/protocol/hex';\nexport const x = toHex;\n",
    "import { contextBridge } from 'electron';\nexport const x = contextBridge;\n",
  ],
];

describe('import boundaries (eslint no-restricted-imports)', () => {
  it.each(cases)(
    '%s: a forbidden import is an error, an allowed one is not',
    async (_layer, file, bad, good) => {
      expect(await boundaryErrors(file, bad)).not.toEqual([]);
      expect(await boundaryErrors(file, good)).toEqual([]);
    },
    // The first lint of a run builds the type-checked program: slow on a busy machine, so a generous limit.
    120_000,
  );
});
