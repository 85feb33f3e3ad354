/** monitor:* — the node monitor and its alerts. */
import { monitorViews, type NodeMonitor } from '../../monitor';
import { MonitorError } from '../../monitor/errors';
import { webhookUrlProblem } from '../../monitor/webhook';
import type { ChannelHandlers } from '../dispatcher';

/** What monitor:* works with. */
export interface MonitorDeps {
  monitor: NodeMonitor;
}

type MonitorChannels = Extract<keyof ChannelHandlers, `monitor:${string}`>;

export function monitorHandlers(s: MonitorDeps): Pick<ChannelHandlers, MonitorChannels> {
  // Read at each call: switching profiles replaces the monitor (profiles/profile-switch.ts).
  const m = () => s.monitor;
  return {
    'monitor:overview': () => monitorViews.overview(m()),
    'monitor:round': (request) => monitorViews.round(m(), request?.delegate),
    'monitor:productivity': (request) => monitorViews.productivityOf(m(), request?.window ?? 'day'),
    'monitor:missed-slots': (request) =>
      monitorViews.missedSlots(m(), request?.limit ?? 50, request?.delegate),
    'monitor:samples': ({ nodeId, since }) => monitorViews.samples(m(), nodeId, since),
    'monitor:nodes-add': async ({ url, label }) => {
      await m().addNode(url, label);
      await m().runCycle();
      return monitorViews.overview(m());
    },
    'monitor:nodes-remove': ({ nodeId }) => {
      m().removeNode(nodeId);
      return monitorViews.overview(m());
    },
    'monitor:settings': (patch) => {
      if (patch === undefined) return m().settings.get();
      const webhook = patch.webhookUrl?.trim();
      const problem = webhook === undefined || webhook === '' ? undefined : webhookUrlProblem(webhook);
      if (problem !== undefined) throw new MonitorError('ERR_MONITOR_WEBHOOK', problem);
      if (webhook !== undefined) patch = { ...patch, webhookUrl: webhook === '' ? null : webhook };
      const next = m().settings.update(patch);
      m().engine.applySettings(m().networkId ?? '', m().now());
      m().trigger();
      return next;
    },
    'monitor:alerts': (request) =>
      m().alerts.list(m().networkId ?? '', {
        activeOnly: request?.activeOnly ?? false,
        limit: request?.limit ?? 100,
      }),
    'monitor:dismiss-alert': ({ id }) => {
      m().alerts.dismiss(m().networkId ?? '', id);
      return null;
    },
  };
}
