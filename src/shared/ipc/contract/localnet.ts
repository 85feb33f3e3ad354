/** Localnet controls, embedded node only. */
import { z } from 'zod';
import { nothing } from '../../domain/common';
import {
  delegateRef,
  localnetSnapshotView,
  localnetStatus,
  rollbackRequest,
  rollbackResult,
  snapshotName,
} from '../../domain/localnet';
import type { IpcChannel } from '../channels';
import { type ChannelSpec, none } from './fields';

export const LOCALNET_CHANNELS = {
  'localnet:status': { request: none, response: localnetStatus },
  'localnet:pause': { request: none, response: localnetStatus },
  'localnet:resume': { request: none, response: localnetStatus },
  'localnet:set-offline': {
    request: z.strictObject({ delegates: z.array(delegateRef).min(1).max(51), offline: z.boolean() }),
    response: localnetStatus,
  },
  'localnet:reset': { request: none, response: rollbackResult },
  'localnet:snapshot-save': {
    request: z.strictObject({ name: snapshotName }),
    response: localnetSnapshotView,
  },
  'localnet:snapshot-list': { request: none, response: z.array(localnetSnapshotView) },
  'localnet:snapshot-delete': { request: z.strictObject({ name: snapshotName }), response: nothing },
  'localnet:rollback': { request: rollbackRequest, response: rollbackResult },
} as const satisfies Partial<Record<IpcChannel, ChannelSpec>>;
