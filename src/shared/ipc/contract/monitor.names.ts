/**
 * The channel and event names of the node monitor and its alerts; their schemas are in monitor.ts, which keys
 * exactly these. No schema and no dependency here: the preload builds `window.votary` from these names (channels.ts)
 * without bundling the validators.
 */
export const MONITOR_NAMES = {
  channels: [
    'monitor:overview',
    'monitor:round',
    'monitor:productivity',
    'monitor:missed-slots',
    'monitor:samples',
    'monitor:nodes-add',
    'monitor:nodes-remove',
    'monitor:settings',
    'monitor:alerts',
    'monitor:dismiss-alert',
  ],
  events: ['monitor:update', 'monitor:alert'],
} as const;
