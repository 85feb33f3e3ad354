/**
 * @arkecosystem/crypto runs on bcrypto, whose native addon is not built here (allowScripts: bcrypto false, so
 * `npm ci` needs no toolchain download for a dev-only dependency). bcrypto picks its backend per module when first
 * loaded: NODE_BACKEND=js selects the pure-JS one, which the reference vectors say gives identical bytes. This
 * module must be imported before @arkecosystem/crypto.
 */
process.env['NODE_BACKEND'] = 'js';
