/** Signed messages: signing with a wallet's key and verifying a pasted one. */
import { z } from 'zod';
import {
  MESSAGE_MAX_LENGTH,
  messageFormat,
  messageVerdictView,
  signedMessageView,
} from '../../domain/messages';
import type { MESSAGES_NAMES } from './messages.names';
import { type ChannelSpec, type ChannelsOf, password, walletId } from './fields';

export const MESSAGE_CHANNELS = {
  /**
   * Signs a text message with a wallet's key: ARK Core 3's form unless `format` asks for ArkVault's. The password
   * as for tx:send (ERR_PASSWORD_REQUIRED when it was last entered too long ago).
   */
  'messages:sign': {
    request: z.strictObject({
      walletId,
      message: z.string().max(MESSAGE_MAX_LENGTH),
      format: messageFormat.default('core3'),
      password: password.optional(),
    }),
    response: signedMessageView,
  },
  /** A signed message as pasted (JSON of either form); a malformed one is ERR_JSON, ERR_KEY or ERR_SIGNATURE. */
  'messages:verify': {
    request: z.strictObject({
      signed: z
        .string()
        .min(1)
        .max(4 * MESSAGE_MAX_LENGTH + 1000),
    }),
    response: messageVerdictView,
  },
} as const satisfies Record<ChannelsOf<typeof MESSAGES_NAMES>, ChannelSpec>;
