/**
 * Walks every response and event schema of the contract and collects the field names it can carry: only the two
 * channels marked `secret` may name key material (docs/design/architecture.md "Rules"). Because the
 * dispatcher parses every answer through its schema (which drops unnamed fields), a field that is not in the
 * schema cannot reach the renderer at all.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  IPC_CHANNELS,
  IPC_CONTRACT,
  IPC_EVENT_SCHEMAS,
  SECRET_CHANNELS,
} from '../../src/shared/ipc/contract';

/** Field names that would carry a wallet secret. (An HTLC's `secret`/`secretHash` is a lock preimage, see below.) */
const KEY_MATERIAL = /passphrase|mnemonic|^words$|wif|private|seed|password|^secret$/i;

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'readonly', 'nonoptional', 'catch', 'prefault']);

/** The schema's own type once optional/nullable/default wrappers are removed. */
function coreType(schema: z.ZodType): string {
  let def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  while (WRAPPERS.has(def.type) && def.innerType)
    def = (def.innerType as unknown as { _zod: { def: Def } })._zod.def;
  return def.type;
}

/** Every object key reachable in a schema that can hold text (a flag such as hasSecondPassphrase cannot). */
function fieldPaths(schema: z.ZodType, path = '', seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  const inner = (child: z.ZodType | undefined, at = path) => (child ? fieldPaths(child, at, seen) : []);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, child]) => [
        ...(['boolean', 'number', 'literal', 'enum'].includes(coreType(child)) ? [] : [`${path}.${key}`]),
        ...fieldPaths(child, `${path}.${key}`, seen),
      ]);
    case 'array':
      return inner(def.element, `${path}[]`);
    case 'union':
      return (def.options ?? []).flatMap((option) => fieldPaths(option, path, seen));
    case 'intersection':
      return [...inner(def.left), ...inner(def.right)];
    case 'record':
      return inner(def.valueType, `${path}{}`);
    case 'pipe':
      return [...inner(def.in), ...inner(def.out)];
    default:
      return WRAPPERS.has(def.type) ? inner(def.innerType) : [];
  }
}

const leaf = (path: string) =>
  path
    .split(/[.[\]{}]+/)
    .filter(Boolean)
    .pop() ?? '';

describe('the contract: no channel but the two marked ones can return key material', () => {
  it('marks exactly the one-time new phrase and the password-gated recovery phrase as secret', () => {
    expect([...SECRET_CHANNELS].sort()).toEqual(['wallets:create-mnemonic', 'wallets:reveal-phrase']);
  });

  it('every channel has a request and a response schema', () => {
    expect(Object.keys(IPC_CONTRACT).sort()).toEqual([...IPC_CHANNELS].sort());
  });

  it.each(IPC_CHANNELS.filter((c) => !SECRET_CHANNELS.includes(c)))('%s names no key material', (channel) => {
    const fields = fieldPaths(IPC_CONTRACT[channel].response);
    const suspicious = fields.filter((path) => KEY_MATERIAL.test(leaf(path)));
    // The HTLC lock's secret is the one allowed "secret" outside the two channels: it is not a wallet key but the
    // preimage of a lock this wallet sent, returned by tx:send and, after the vault password, by
    // tx:htlc-reveal-secret (the vault keeps it until the lock is claimed or expired).
    const allowed =
      channel === 'tx:send' ? ['.htlc.secret'] : channel === 'tx:htlc-reveal-secret' ? ['.secret'] : [];
    expect(suspicious).toEqual(allowed);
  });

  it.each(Object.keys(IPC_EVENT_SCHEMAS))('event %s names no key material', (event) => {
    const fields = fieldPaths(IPC_EVENT_SCHEMAS[event as keyof typeof IPC_EVENT_SCHEMAS]);
    expect(fields.filter((path) => KEY_MATERIAL.test(leaf(path)))).toEqual([]);
  });

  it('the walker does see the secrets of the secret channels (it is not blind)', () => {
    expect(fieldPaths(IPC_CONTRACT['wallets:list'].response)).toEqual(expect.arrayContaining(['[].address']));
    expect(fieldPaths(IPC_CONTRACT['wallets:create-mnemonic'].response)).toEqual(
      expect.arrayContaining(['.mnemonic', '.words']),
    );
    expect(fieldPaths(IPC_CONTRACT['wallets:reveal-phrase'].response)).toEqual(
      expect.arrayContaining(['.secret', '.secondPassphrase']),
    );
    expect(fieldPaths(IPC_CONTRACT['chain:wallet-transactions'].response)).toContain(
      '.data[].payments[].amount',
    );
  });
});
