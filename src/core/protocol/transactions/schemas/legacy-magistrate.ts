import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { utf8Bytes } from '../../hash';
import { wellFormed } from './common';

/**
 * The field formats of the legacy business and bridgechain types (Magistrate 0–5), as ARK Core 3.9.1 checks them:
 * core-magistrate-crypto `src/transactions/utils/business-schema.ts` and `utils/bridgechain-schemas.ts`, over the
 * shared schemas and formats of crypto `src/validation/schemas.ts` and `formats.ts` (ajv 6.12.6, its default
 * "fast" formats; `minLength`/`maxLength` count code points). Every string must also fit the 1-byte length prefix
 * its bytes carry.
 */

/** Text whose bytes fit a 1-byte length prefix. */
export const text = wellFormed
  .min(1)
  .refine((value) => utf8Bytes(value).length <= 255, 'must be at most 255 UTF-8 bytes');

/** ajv's `minLength` / `maxLength`: code points, not UTF-16 units. */
const codePoints = (min: number, max: number) =>
  text.refine((value) => {
    const length = [...value].length;
    return length >= min && length <= max;
  }, `must be ${min} to ${max} characters long`);

/** crypto `validation/schemas.ts` genericName: words of letters and digits, 1–40 characters. */
export const genericName = text
  .max(40, 'must be at most 40 characters long')
  .regex(
    /^[a-zA-Z0-9]+(( - |[ ._-])[a-zA-Z0-9]+)*[.]?$/,
    'must match pattern "^[a-zA-Z0-9]+(( - |[ ._-])[a-zA-Z0-9]+)*[.]?$"',
  );

/** ajv 6 `compile/formats.js` fast `uri`: a scheme, then no white space. */
const URI = /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/)?[^\s]*$/i;

/** crypto `validation/schemas.ts` uri: format uri, 4–80 characters. */
export const uri = codePoints(4, 80).refine((value) => URI.test(value), 'must match format "uri"');

/** business-schema.ts vat: 8–15 letters and digits (crypto `alphanumeric`). */
export const vat = codePoints(8, 15).regex(/^[a-zA-Z0-9]+$/, 'must match pattern "^[a-zA-Z0-9]+$"');

/**
 * crypto `validation/formats.ts` `peer` → `utils/is-valid-peer.ts` isValidPeer(…, false): an address ipaddr.js
 * reads (IPv4 in any of its notations, IPv6, an IPv4-mapped IPv6 read as IPv4), which once written in its normal
 * form is not loopback nor starts with "0" (0.x.x.x, and IPv6 written from a leading zero group). ARK used
 * ipaddr.js 2.1.0; the 2.x releases since refuse a few malformed IPv6 strings 2.1.0 let through (a group of five
 * hex digits, a "::" that stands for no group), which Votary refuses too.
 */
export function isArkPeerAddress(ip: string): boolean {
  let address: string;
  try {
    address = ipaddr.process(ip).toString();
  } catch {
    return false;
  }
  try {
    const parsed = ipaddr.parse(address);
    const local =
      parsed.range() === 'loopback' ||
      address.startsWith('0') ||
      address === '127.0.0.1' ||
      address === '::ffff:127.0.0.1';
    return !local;
  } catch {
    // isLocalHost answers false for what it cannot parse, so the peer is valid.
    return true;
  }
}

/** bridgechain-schemas.ts seedNodesSchema: 1–10 distinct peer addresses. */
export const seedNodes = z
  .array(text.refine(isArkPeerAddress, 'must match format "peer"'))
  .min(1)
  .max(10)
  .refine((nodes) => new Set(nodes).size === nodes.length, 'must not contain duplicate items');

/** The port every bridgechain must announce (bridgechain-schemas.ts portsSchema `required`). */
export const API_PORT_KEY = '@arkecosystem/core-api';

/**
 * bridgechain-schemas.ts portsSchema: 1–10 ports, one of them `@arkecosystem/core-api`, each 0–65535. (ARK's
 * schema drops a key outside `^.{1,214}$` instead of refusing it — ajv's removeAdditional — where the handler's
 * npm package name rule, which every such key fails, refuses it here: node/transaction-handlers bridgechain.ts.)
 */
export const ports = z
  .record(text, z.number().int().min(0).max(0xffff))
  .refine((value) => {
    const count = Object.keys(value).length;
    return count >= 1 && count <= 10;
  }, 'must have 1 to 10 entries')
  .refine((value) => Object.hasOwn(value, API_PORT_KEY), `must have required property '${API_PORT_KEY}'`);
