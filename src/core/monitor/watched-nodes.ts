/**
 * The nodes one network is watched on: my own node first, then the other
 * peers of the network, then nodes added for monitoring only (kept per network in the monitor database). Their
 * probes survive a rebuild, so a node keeps its last snapshot (stall clock, block interval).
 */
import { normalizePeerUrl, verifyPeer, type NodeClientOptions } from '../client';
import { MonitorError } from './errors';
import { NodeProbe, type WatchedNode } from './node-probe';
import type { MetaStore } from '../db/monitor/meta';
import { MAX_WATCHED_NODES, type MonitorTarget } from './target';

interface CustomNode {
  url: string;
  label?: string;
}

export class WatchedNodes {
  private probes: NodeProbe[] = [];

  constructor(
    private readonly meta: MetaStore,
    private readonly clientOptions: NodeClientOptions | undefined,
  ) {}

  get all(): readonly NodeProbe[] {
    return this.probes;
  }

  /** Verifies the node belongs to the target's network (same nethash) and watches it from now on. */
  async add(target: MonitorTarget, url: string, label?: string): Promise<void> {
    const normalized = normalizePeerUrl(url);
    if (this.probes.some((probe) => probe.node.url === normalized)) {
      throw new MonitorError('ERR_MONITOR_DUPLICATE', `${normalized} is already watched.`);
    }
    if (this.probes.length >= MAX_WATCHED_NODES) {
      throw new MonitorError('ERR_MONITOR_LIMIT', `At most ${MAX_WATCHED_NODES} nodes are watched at once.`);
    }
    const fetch = this.clientOptions?.fetch;
    await verifyPeer(normalized, target.nethash, fetch === undefined ? {} : { fetch });
    const nodes = [
      ...this.custom(target.networkId),
      { url: normalized, ...(label === undefined ? {} : { label }) },
    ];
    this.meta.setJson(key(target.networkId), nodes);
    this.rebuild(target);
  }

  /** Stops watching an added node; returns it. The own node and the network's peers stay. */
  remove(target: MonitorTarget, nodeId: string): WatchedNode {
    const probe = this.probes.find((entry) => entry.node.id === nodeId);
    if (probe === undefined) {
      throw new MonitorError('ERR_MONITOR_UNKNOWN_NODE', `No watched node has the id "${nodeId}".`);
    }
    if (!probe.node.custom) {
      throw new MonitorError(
        'ERR_MONITOR_NOT_REMOVABLE',
        probe.node.own
          ? 'Your own node is always watched.'
          : 'This node is a peer of the network; remove it from the network instead.',
      );
    }
    this.meta.setJson(
      key(target.networkId),
      this.custom(target.networkId).filter((node) => node.url !== probe.node.url),
    );
    this.rebuild(target);
    return probe.node;
  }

  rebuild(target: MonitorTarget): void {
    const previous = new Map(this.probes.map((probe) => [probe.node.url, probe]));
    const wanted: WatchedNode[] = [
      {
        id: target.ownId,
        url: target.ownUrl,
        label:
          target.ownLabel ??
          (target.networkId === 'embedded'
            ? 'This computer (localnet)'
            : `My node (${hostOf(target.ownUrl)})`),
        own: true,
        custom: false,
      },
    ];
    const add = (node: WatchedNode) => {
      if (!wanted.some((entry) => entry.url === node.url)) wanted.push(node);
    };
    for (const url of target.peers) add({ id: url, url, label: hostOf(url), own: false, custom: false });
    for (const node of this.custom(target.networkId)) {
      add({ id: node.url, url: node.url, label: node.label ?? hostOf(node.url), own: false, custom: true });
    }
    this.probes = wanted.slice(0, MAX_WATCHED_NODES).map((node) => {
      const kept = previous.get(node.url);
      const same =
        kept !== undefined &&
        kept.node.id === node.id &&
        kept.node.custom === node.custom &&
        kept.node.label === node.label;
      return same ? kept : new NodeProbe(node, target.network, this.clientOptions);
    });
  }

  private custom(networkId: string): CustomNode[] {
    const stored = this.meta.getJson(key(networkId));
    return Array.isArray(stored)
      ? stored.filter((entry): entry is CustomNode => typeof (entry as CustomNode | null)?.url === 'string')
      : [];
  }
}

function key(networkId: string): string {
  return `nodes:${networkId}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
