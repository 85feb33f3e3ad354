/**
 * Wires @noble/secp256k1's synchronous hash slots once (protocol reference §10). noble v3 leaves
 * `hashes.sha256` / `hashes.hmacSha256` undefined, so its sync `sign` (RFC6979 needs HMAC-SHA256) would throw.
 * Modules that call into `secp` import it from here, never from the package, so the wiring always runs first.
 */
import * as secp from '@noble/secp256k1';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';

if (secp.hashes.sha256 === undefined) secp.hashes.sha256 = sha256;
if (secp.hashes.hmacSha256 === undefined)
  secp.hashes.hmacSha256 = (key, message) => hmac(sha256, key, message);

export { secp };
