/** The node monitor and its alerts. */
import { z } from 'zod';
import { nothing } from '../../domain/common';
import {
  missedSlotView,
  monitorAlertView,
  monitorOverview,
  monitorSettings,
  monitorSettingsPatch,
  nodeSampleView,
  productivityView,
  productivityWindow,
  roundView as monitorRoundView,
} from '../../domain/monitor';
import type { MONITOR_NAMES } from './monitor.names';
import { type ChannelSpec, type ChannelsOf, none, url } from './fields';

export const MONITOR_CHANNELS = {
  'monitor:overview': { request: none, response: monitorOverview },
  'monitor:round': {
    /** `delegate`: a public key or username whose next slot to time. */
    request: z.strictObject({ delegate: z.string().min(1).max(66).optional() }).optional(),
    response: monitorRoundView,
  },
  'monitor:productivity': {
    request: z.strictObject({ window: productivityWindow.default('day') }).optional(),
    response: productivityView,
  },
  'monitor:missed-slots': {
    request: z
      .strictObject({
        delegate: z.string().min(1).max(66).optional(),
        limit: z.number().int().min(1).max(500).default(50),
      })
      .optional(),
    response: z.array(missedSlotView),
  },
  'monitor:samples': {
    request: z.strictObject({
      nodeId: z.string().min(1).max(200),
      /** Unix ms; the last hour when absent. */
      since: z.number().int().min(0).optional(),
    }),
    response: z.array(nodeSampleView),
  },
  'monitor:nodes-add': {
    request: z.strictObject({ url, label: z.string().min(1).max(64).optional() }),
    response: monitorOverview,
  },
  'monitor:nodes-remove': {
    request: z.strictObject({ nodeId: z.string().min(1).max(200) }),
    response: monitorOverview,
  },
  'monitor:settings': {
    /** Without a body: read. With one: a partial update, answered with the whole settings. */
    request: monitorSettingsPatch.optional(),
    response: monitorSettings,
  },
  'monitor:alerts': {
    request: z
      .strictObject({
        activeOnly: z.boolean().default(false),
        limit: z.number().int().min(1).max(500).default(100),
      })
      .optional(),
    response: z.array(monitorAlertView),
  },
  'monitor:dismiss-alert': {
    /** One alert, or every alert when `id` is absent. Dismissing hides it from the list; it does not clear it. */
    request: z.strictObject({ id: z.string().min(1).max(100).optional() }),
    response: nothing,
  },
} as const satisfies Record<ChannelsOf<typeof MONITOR_NAMES>, ChannelSpec>;
