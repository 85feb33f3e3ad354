/**
 * The channel and event names of the networks, their peers and the active network's node; their schemas are in
 * networks.ts, which keys exactly these. No schema and no dependency here: the preload builds `window.votary` from
 * these names (channels.ts) without bundling the validators.
 */
export const NETWORKS_NAMES = {
  channels: [
    'networks:list',
    'networks:add',
    'networks:remove',
    'networks:add-peer',
    'networks:remove-peer',
    'networks:select',
    'networks:known',
    'networks:add-known',
    'networks:status',
    'networks:configuration',
    'networks:peers',
  ],
  events: ['networks:block', 'networks:sync'],
} as const;
