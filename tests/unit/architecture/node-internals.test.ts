import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Above node/ and api/, the embedded node is reached through its ChainAccess and LocalnetControls, never through
 * its store, pool or forger (eslint.config.js, docs/design/architecture.md "Chain access"). These cases lint such an
 * access as if it were written in real files of each layer above, so a change that disables the rule fails here.
 */
const eslint = new ESLint();

async function internalsErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const reachIn = (part: string) =>
  `import type { LocalNode } from '../../node/node';\nexport const x = (node: LocalNode) => node.${part};\n`;

describe("the node's parts stay inside node/ and api/", () => {
  for (const file of [
    'src/core/services/app-core.ts',
    'src/core/chain-access/local-chain.ts',
    'src/core/monitor/monitor.ts',
  ]) {
    for (const part of ['store', 'pool', 'forger']) {
      it(`${file} may not reach node.${part}`, async () => {
        expect(await internalsErrors(file, reachIn(part))).toHaveLength(1);
      });
    }
  }

  it('the node itself, the API and the controls may', async () => {
    for (const file of [
      'src/core/node/node.ts',
      'src/core/api/context.ts',
      'src/core/node/controls/faucet.ts',
    ]) {
      expect(await internalsErrors(file, reachIn('store'))).toEqual([]);
    }
  });

  it('a class its own fields, and the public surface, are fine', async () => {
    const own =
      'export class A {\n  private readonly store = 1;\n  get size() {\n    return this.store;\n  }\n}\n';
    expect(await internalsErrors('src/core/services/app-core.ts', own)).toEqual([]);
    expect(await internalsErrors('src/core/chain-access/local-chain.ts', reachIn('lastBlock()'))).toEqual([]);
  });
});
