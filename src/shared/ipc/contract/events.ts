/** The push events main (or the core behind it) sends the window, and their payloads. */
import { z } from 'zod';
import { alertView } from '../../domain/app';
import { blockEvent, syncEvent } from '../../domain/chain-views';
import { vaultStatus } from '../../domain/vault';
import { ledgerPromptEvent } from '../../domain/ledger';
import { ownNodeEvent } from '../../domain/own-node';
import { monitorUpdateEvent } from '../../domain/monitor';
import { priceQuote } from '../../domain/prices';
import { profileList } from '../../domain/profiles';
import { pendingView } from '../../domain/transactions';
import { walletChange } from '../../domain/wallets';
import { LINK_MAX_LENGTH } from '../../lib/payment-link';
import type { IpcEvent } from '../channels';

export const IPC_EVENT_SCHEMAS = {
  'networks:block': blockEvent,
  'networks:sync': syncEvent,
  'follower:status': ownNodeEvent,
  'wallets:changed': walletChange,
  'vault:status': vaultStatus,
  'tx:status': pendingView,
  'monitor:alert': alertView,
  // Monitor events.
  'monitor:update': monitorUpdateEvent,
  'profiles:changed': profileList,
  /** The link as the system gave it; the renderer reads it (shared/lib/payment-link.ts) and only fills a form. */
  'app:link-open': z.object({ url: z.string().max(LINK_MAX_LENGTH) }),
  /** When the new core opened (Unix ms). */
  'app:core-restarted': z.object({ at: z.number() }),
  'ledger:prompt': ledgerPromptEvent,
  'prices:changed': priceQuote,
  /** The signing settings after a change (tx:sign-password, tx:fee-ceiling), whichever window made it. */
  'tx:signing-settings': z.object({ minutes: z.number().int(), multiple: z.number().int() }),
  /** What this app changed of the multisignature wallets or their proposals (multisig/handlers.ts). */
  'multisig:changed': z.object({
    reason: z.enum(['imported', 'server', 'registered', 'proposed', 'signed', 'broadcast']),
  }),
} as const satisfies Record<IpcEvent, z.ZodType>;
