#!/usr/bin/env node
// Tunes the vault KDF (src/core/keystore/kdf.ts): times noble's scryptAsync, as the key store runs it, at
// several costs on this machine. The default is the N whose median is closest to a quarter of a second.
// Run: node tests/keystore/measure-kdf.mjs
import { randomBytes } from 'node:crypto';
import { scryptAsync } from '@noble/hashes/scrypt.js';

const RUNS = 5;
const salt = randomBytes(32);
const password = new TextEncoder().encode('a typical vault password');

for (const logN of [14, 15, 16, 17]) {
  const times = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await scryptAsync(password, salt, {
      N: 2 ** logN,
      r: 8,
      p: 1,
      dkLen: 32,
      maxmem: 2 ** 29,
      asyncTick: 25,
    });
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const memory = (128 * 2 ** logN * 8) / 2 ** 20;
  console.log(
    `scrypt N=2^${logN} r=8 p=1 (${memory} MiB): median ${times[RUNS >> 1].toFixed(0)} ms ` +
      `(min ${times[0].toFixed(0)}, max ${times[RUNS - 1].toFixed(0)})`,
  );
}
