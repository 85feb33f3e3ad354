/** The app itself: its identity, and the activity that defers auto-lock. */
import { appInfo } from '../../domain/app';
import { nothing } from '../../domain/common';
import type { APP_NAMES } from './app.names';
import { type ChannelSpec, type ChannelsOf, none } from './fields';

export const APP_CHANNELS = {
  'app:info': { request: none, response: appInfo },
  /** A person used the app (key press, click, scroll): the only thing besides their own actions that defers auto-lock. */
  'app:activity': { request: none, response: nothing },
} as const satisfies Record<ChannelsOf<typeof APP_NAMES>, ChannelSpec>;
