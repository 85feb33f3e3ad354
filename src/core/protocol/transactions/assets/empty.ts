import type { AssetCodec } from './codec';

/** Types without asset bytes: Core 7 delegate resignation, Magistrate 1 business resignation (§4.2). */
export const emptyCodec: AssetCodec = {
  write() {},
  read() {},
};
