/**
 * @arkecosystem/crypto runs on bcrypto. Its native addon is built (the node verifies with it, loading its
 * libsecp256k1 wrapper directly: core/protocol/crypto/secp256k1-native.ts), but these tests keep the reference
 * library on bcrypto's pure-JS backend, as before: bcrypto picks its backend per module when first loaded, and
 * NODE_BACKEND=js selects the pure-JS one, which the reference vectors say gives identical bytes. This module must
 * be imported before @arkecosystem/crypto.
 */
process.env['NODE_BACKEND'] = 'js';
