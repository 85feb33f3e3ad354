/** Votary's version as /node/configuration reports it (`core.version`); a test keeps it equal to package.json. */
export const VOTARY_VERSION = '0.1.0';
