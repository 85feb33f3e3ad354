import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import type { LocalNode } from '../../../src/core/node/node';

/**
 * A LocalNode's store, pool and forger are its own (docs/design/architecture.md "Chain access"): TypeScript keeps
 * them private (the `@ts-expect-error` lines below stop compiling the day one becomes public again), node/parts.ts is
 * the one named door to them, and ESLint refuses an import of that door anywhere in src outside node/ — whatever the
 * variable holding the node is called.
 */
const eslint = new ESLint();

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

/** Type-level: reaching a part through the node does not compile (run by tsc over the tests, never called). */
export function reachIn(node: LocalNode): unknown[] {
  return [
    // @ts-expect-error the block store is the node's own
    node.store,
    // @ts-expect-error the pool is the node's own
    node.pool,
    // @ts-expect-error the forger is the node's own
    node.forger,
  ];
}

const PARTS_MESSAGE =
  "The node's store, pool and forger are its own: use its ChainAccess (core/chain-access), its readSide or LocalnetControls (core/node/controls).";

const door = (relative: string) => `import { nodeParts } from '${relative}';\nexport const x = nodeParts;\n`;

describe("the node's parts stay inside node/", () => {
  for (const [file, relative] of [
    ['src/core/services/app-core.ts', '../node/parts'],
    ['src/core/chain-access/local-chain.ts', '../node/parts'],
    ['src/core/monitor/monitor.ts', '../node/parts'],
    ['src/core/api/context.ts', '../node/parts'],
    ['src/core/query/chain-queries.ts', '../node/parts'],
    ['src/core/sync/follower.ts', '../node/parts.ts'],
    ['src/core/host/local-host.ts', '../node/parts'],
    ['src/cli/commands/node.ts', '../../core/node/parts'],
    ['src/main/index.ts', '../core/node/parts'],
  ]) {
    // The first lint of a run builds the type-checked program: slow on a busy machine, so a generous limit.
    it(`${file} may not import node/parts`, { timeout: 120_000 }, async () => {
      const errors = await importErrors(file!, door(relative!));
      expect(errors.filter((message) => message.includes(PARTS_MESSAGE))).toHaveLength(1);
    });
  }

  it('the node itself and its controls may', async () => {
    expect(await importErrors('src/core/node/controls/snapshots.ts', door('../parts'))).toEqual([]);
    expect(await importErrors('src/core/node/node.ts', door('./parts'))).toEqual([]);
  });

  it('the node and its read side are fine everywhere', async () => {
    const readSide =
      "import type { LocalNode } from '../node';\nexport const x = (node: LocalNode) => node.readSide.chain.height();\n";
    expect(await importErrors('src/core/chain-access/local-chain.ts', readSide)).toEqual([]);
  });
});
