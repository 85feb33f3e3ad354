/**
 * contacts:* through AppCore's dispatcher on a real data directory: checked per network, one per address and name,
 * kept across a restart in the profile's folder, exported and imported (JSON and CSV) with every row accounted
 * for, and a damaged file set aside.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressFromPassphrase } from '../../src/core/protocol/crypto';
import { call, coreEach, refusal } from './support';

const LOCALNET = 30;
const MAINNET = 23;
const alice = addressFromPassphrase('contacts test alice', LOCALNET);
const bob = addressFromPassphrase('contacts test bob', LOCALNET);
const carol = addressFromPassphrase('contacts test carol', LOCALNET);

const t = coreEach();

const failure = (channel: 'contacts:add' | 'contacts:import' | 'contacts:update', payload: unknown) =>
  refusal(t.core, channel, payload);

describe('the contact book', () => {
  it('adds, lists by name, updates and removes; kept in the profile folder across a restart', async () => {
    const added = await call(t.core, 'contacts:add', { name: '  Bob  ', address: ` ${bob} `, note: 'rent' });
    expect(added).toMatchObject({ name: 'Bob', address: bob, note: 'rent', networkId: 'embedded' });
    await call(t.core, 'contacts:add', { name: 'Alice', address: alice });
    expect((await call(t.core, 'contacts:list')).map((c) => c.name)).toEqual(['Alice', 'Bob']);

    const updated = await call(t.core, 'contacts:update', { id: added.id, name: 'Bob B.', address: bob });
    expect(updated.note).toBe('');
    await t.restart();
    expect((await call(t.core, 'contacts:list')).map((c) => c.name)).toEqual(['Alice', 'Bob B.']);
    expect(existsSync(join(t.dir, 'profiles', 'default', 'contacts.json'))).toBe(true);

    await call(t.core, 'contacts:remove', { id: added.id });
    expect((await call(t.core, 'contacts:list')).map((c) => c.name)).toEqual(['Alice']);
  });

  it('refuses an address of another network, a bad checksum, a second contact for an address or a name', async () => {
    const other = addressFromPassphrase('contacts test alice', MAINNET);
    let error = await failure('contacts:add', { name: 'Main', address: other });
    expect(error.code).toBe('ERR_CONTACT_INVALID');
    expect(error.message).toBe(`“${other}” is an address of another network, not of localnet.`);
    const typo = `${alice.slice(0, -1)}${alice.endsWith('a') ? 'b' : 'a'}`;
    expect(await failure('contacts:add', { name: 'Typo', address: typo })).toMatchObject({
      code: 'ERR_CONTACT_INVALID',
      message: `“${typo}” has a typo: its checksum does not match. Copy it again from where it came from.`,
    });
    expect((await failure('contacts:add', { name: '   ', address: alice })).message).toBe(
      'A contact needs a name.',
    );

    await call(t.core, 'contacts:add', { name: 'Alice', address: alice });
    error = await failure('contacts:add', { name: 'Other', address: alice });
    expect(error).toMatchObject({
      code: 'ERR_CONTACT_EXISTS',
      message: `${alice} is already the contact “Alice”.`,
    });
    error = await failure('contacts:add', { name: 'alice', address: bob });
    expect(error).toMatchObject({
      code: 'ERR_CONTACT_EXISTS',
      message: 'There is already a contact named “Alice”.',
    });
    expect((await failure('contacts:update', { id: 'nope', name: 'X', address: bob })).code).toBe(
      'ERR_CONTACT_NOT_FOUND',
    );
  });

  it('exports JSON and CSV that import back into an empty book as the same contacts', async () => {
    await call(t.core, 'contacts:add', { name: 'Alice', address: alice, note: 'says "hi", twice\nand =1+1' });
    await call(t.core, 'contacts:add', { name: 'Bob', address: bob });
    const before = (await call(t.core, 'contacts:list')).map(({ name, address, note }) => ({
      name,
      address,
      note,
    }));
    for (const format of ['json', 'csv'] as const) {
      const exported = await call(t.core, 'contacts:export', { format });
      expect(exported).toMatchObject({ fileName: `votary-contacts-localnet.${format}`, count: 2 });
      for (const contact of await call(t.core, 'contacts:list'))
        await call(t.core, 'contacts:remove', { id: contact.id });
      const result = await call(t.core, 'contacts:import', { text: exported.text });
      expect(result).toEqual({ saved: true, added: expect.any(Array) as unknown, skipped: [] });
      expect(
        (await call(t.core, 'contacts:list')).map(({ name, address, note }) => ({ name, address, note })),
      ).toEqual(before);
    }
  });

  it('previews an import, then adds the good rows and says where and why each other row was left out', async () => {
    await call(t.core, 'contacts:add', { name: 'Alice', address: alice });
    const csv = [
      'Name,Address,Notes',
      `Alice,${alice},same as before`,
      `Bob,${bob},new`,
      `Bobby,${bob},same address as the row above`,
      `Mainnet friend,${addressFromPassphrase('x', MAINNET)},`,
      `,${carol},`,
      `Typo,${carol.slice(0, -1)}${carol.endsWith('a') ? 'b' : 'a'},`,
      `Short,Dshort,`,
      `Carol,${carol},"quoted, with a comma"`,
    ].join('\n');
    const preview = await call(t.core, 'contacts:import', { text: csv, dryRun: true });
    expect(preview.saved).toBe(false);
    expect(preview.added.map((c) => c.name)).toEqual(['Bob', 'Carol']);
    expect(preview.skipped).toEqual([
      { at: 'line 2', reason: 'already the contact “Alice”' },
      { at: 'line 4', reason: 'the same address as line 3' },
      // A wrong network and a typo are told apart, as the add form tells them apart.
      {
        at: 'line 5',
        reason: expect.stringMatching(/is an address of another network, not of localnet\.$/) as unknown,
      },
      { at: 'line 6', reason: 'A contact needs a name.' },
      { at: 'line 7', reason: expect.stringMatching(/has a typo: its checksum does not match/) as unknown },
      {
        at: 'line 8',
        reason: expect.stringMatching(/“Dshort” is not an address of localnet: an address is 34/) as unknown,
      },
    ]);
    expect(await call(t.core, 'contacts:list')).toHaveLength(1);

    const done = await call(t.core, 'contacts:import', { text: csv });
    expect(done.saved).toBe(true);
    expect((await call(t.core, 'contacts:list')).map((c) => [c.name, c.note])).toEqual([
      ['Alice', ''],
      ['Bob', 'new'],
      ['Carol', 'quoted, with a comma'],
    ]);
  });

  it('refuses a file of another network, one that is not JSON and a broken CSV, adding nothing', async () => {
    const other = JSON.stringify({ network: 'mainnet', nethash: 'ab'.repeat(32), contacts: [] });
    expect(await failure('contacts:import', { text: other })).toMatchObject({
      code: 'ERR_CONTACTS_FILE',
      message: 'This file holds contacts of mainnet, not of localnet: switch to that network to import it.',
    });
    expect((await failure('contacts:import', { text: '{"contacts": [' })).message).toBe(
      'The file is not valid JSON.',
    );
    expect((await failure('contacts:import', { text: `Bob,${bob},"open` })).message).toBe(
      'The CSV file: line 1: a quoted field is never closed.',
    );
    expect(await call(t.core, 'contacts:list')).toEqual([]);
  });

  it('refuses a file past 512 KB or past 2,000 rows with a sentence, adding nothing', async () => {
    const big = `name,address,note\n${`Bob,${bob},${'x'.repeat(400)}\n`.repeat(1_400)}`;
    expect(big.length).toBeGreaterThan(512 * 1024);
    expect(await failure('contacts:import', { text: big, dryRun: true })).toMatchObject({
      code: 'ERR_CONTACTS_FILE',
      message: 'A contacts file may be at most 512 KB: split it into smaller files.',
    });
    const many = `name,address\n${`Bob,${bob}\n`.repeat(2_001)}`;
    const expected = {
      code: 'ERR_CONTACTS_FILE',
      message:
        'A contacts file may hold at most 2,000 rows, and this one holds more: split it into smaller files.',
    };
    expect(await failure('contacts:import', { text: many, dryRun: true })).toMatchObject(expected);
    const entries = JSON.stringify(Array.from({ length: 2_001 }, () => ({ name: 'Bob', address: bob })));
    expect(await failure('contacts:import', { text: entries, dryRun: true })).toMatchObject(expected);
    expect(await call(t.core, 'contacts:list')).toEqual([]);
  });

  it('sets a damaged file aside and starts an empty book', async () => {
    await call(t.core, 'contacts:add', { name: 'Alice', address: alice });
    const path = join(t.dir, 'profiles', 'default', 'contacts.json');
    await t.restart(() => writeFileSync(path, '{"version": 1, "networks": {"x": [{"name": 5}]}}'));
    expect(await call(t.core, 'contacts:list')).toEqual([]);
    expect(readFileSync(`${path}.damaged`, 'utf8')).toContain('"name": 5');
    await call(t.core, 'contacts:add', { name: 'Bob', address: bob });
    expect((await call(t.core, 'contacts:list')).map((c) => c.name)).toEqual(['Bob']);
  });
});
