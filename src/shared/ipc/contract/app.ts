/** The app itself: its identity, and the activity that defers auto-lock. */
import { appInfo } from '../../domain/app';
import { nothing } from '../../domain/common';
import type { IpcChannel } from '../channels';
import { type ChannelSpec, none } from './fields';

export const APP_CHANNELS = {
  'app:info': { request: none, response: appInfo },
  /** A person used the app (key press, click, scroll): the only thing besides their own actions that defers auto-lock. */
  'app:activity': { request: none, response: nothing },
} as const satisfies Partial<Record<IpcChannel, ChannelSpec>>;
