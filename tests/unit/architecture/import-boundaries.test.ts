import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The architecture's import boundaries (architecture §2) are enforced by eslint.config.js. These cases lint a
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
  );
});
