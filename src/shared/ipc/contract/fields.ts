/** Request fields several domains of the IPC contract share, and the shape of one channel's entry. */
import { z } from 'zod';

export interface ChannelSpec {
  request: z.ZodType;
  response: z.ZodType;
  secret?: true;
}

export const none = z.undefined();
export const password = z.string().min(1).max(1024);
export const walletId = z.string().min(1).max(100);
export const networkId = z.string().min(1).max(100);
export const url = z.string().min(1).max(2048);

/** A transaction a review prepared (tx:preview, multisig:preview): what signing takes, never the form again. */
export const preparedId = z.string().regex(/^[0-9a-f]{32}$/, 'expected the id of a prepared review');

/** The channels a domain's names file lists: its contract file keys exactly these (no more, no fewer). */
export type ChannelsOf<Names extends { channels: readonly string[] }> = Names['channels'][number];
