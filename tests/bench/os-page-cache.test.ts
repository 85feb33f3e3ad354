/**
 * bench:scale's apply step starts each turn from a known OS page cache (os-page-cache.ts): the file must really
 * leave the cache, or the "cold" figures would be whatever earlier runs left there.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evictFromPageCache, residentBytes } from './os-page-cache';

// Under the project, not os.tmpdir(): a tmpfs keeps its pages in memory and cannot drop them.
const base = join(process.cwd(), '.votary-data');
mkdirSync(base, { recursive: true });
const dir = mkdtempSync(join(base, 'page-cache-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the OS page cache of a file', () => {
  it('drops a file (and its WAL) that was just written and read', () => {
    const file = join(dir, 'chain.db');
    const size = 8 * 2 ** 20;
    writeFileSync(file, randomBytes(size));
    writeFileSync(`${file}-wal`, randomBytes(2 ** 20));
    expect(readFileSync(file).length).toBe(size);
    expect(residentBytes(file)).toBeGreaterThan(size / 2);
    expect(evictFromPageCache(file)).toBeLessThan(size / 16);
    expect(residentBytes(`${file}-wal`)).toBeLessThan(2 ** 20 / 4);
    // Reading it again brings it back: the figure is the kernel's, not a stale answer.
    readFileSync(file);
    expect(residentBytes(file)).toBeGreaterThan(size / 2);
  });

  it('says which file it could not read', () => {
    expect(() => residentBytes(join(dir, 'absent.db'))).toThrow(/absent\.db/);
  });
});
