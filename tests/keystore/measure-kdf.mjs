#!/usr/bin/env node
// Tunes the vault KDF (src/core/keystore/kdf.ts): times scrypt as the key store runs it (node:crypto, OpenSSL, on
// libuv's thread pool) beside the pure-JavaScript @noble/hashes scrypt it replaced, at several costs on this
// machine, and checks that both derive the same bytes. Run: node tests/keystore/measure-kdf.mjs
import { randomBytes, scrypt } from 'node:crypto';
import { scryptAsync } from '@noble/hashes/scrypt.js';

const RUNS = 5;
const salt = randomBytes(32);
const password = Buffer.from('a typical vault password');
const openssl = (N) =>
  new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N, r: 8, p: 1, maxmem: 2 ** 29 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
const noble = (N) =>
  scryptAsync(password, salt, { N, r: 8, p: 1, dkLen: 32, maxmem: 2 ** 29, asyncTick: 25 });

for (const logN of [15, 16, 17]) {
  for (const [name, derive] of [
    ['node:crypto', openssl],
    ['@noble/hashes', noble],
  ]) {
    const times = [];
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await derive(2 ** logN);
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const memory = (128 * 2 ** logN * 8) / 2 ** 20;
    console.log(
      `${name.padEnd(13)} scrypt N=2^${logN} r=8 p=1 (${memory} MiB): median ${times[RUNS >> 1].toFixed(0)} ms ` +
        `(min ${times[0].toFixed(0)}, max ${times[RUNS - 1].toFixed(0)})`,
    );
  }
}
const same = Buffer.from(await noble(2 ** 14)).equals(await openssl(2 ** 14));
console.log(`same key from both: ${same}`);
