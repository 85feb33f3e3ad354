/**
 * The embedded localnet node with everything around it (docs/design/architecture.md "Hosting a node"): the
 * LocalNode forging its chain, its public API and secondary interface on 127.0.0.1, and the LocalChain through
 * which the services reach it. The app core (services/app-core.ts) and `votary node` both run one; they differ in
 * their ports' policy and in what they print.
 */
import { createApiServer, DEFAULT_PUBLIC_PORT, DEFAULT_SECONDARY_PORT, type ApiServer } from '../api';
import { LocalChain } from '../chain-access';
import type { NodeClientOptions } from '../client';
import { LocalNode, type LocalNodeOptions } from '../node';
import { listenApi, type ApiUrls } from './api-listen';

export interface LocalHostOptions {
  /** The node's options (data directory, block time, forging, pool, verify worker). */
  node: LocalNodeOptions;
  /** The network id its LocalChain answers for (the app's registry: EMBEDDED_NETWORK_ID). */
  networkId: string;
  listen: { host?: string; publicPort?: number; port?: number };
  /**
   * A taken port falls back to free ones and is told here (the app); without it a taken port ends the start with
   * an ApiListenError (the CLI, whose ports the person chose).
   */
  onPortFallback?: (wanted: { publicPort: number; port: number }, publicUrl: string) => void;
  /**
   * Runs as soon as the node started, before anything awaits: the forger's first slot has not fired yet (a
   * paused chain stays paused: node/controls restoreForgingControls).
   */
  onNodeStarted?: (node: LocalNode) => void;
  onServerError?: (error: unknown) => void;
  client?: NodeClientOptions;
}

export interface LocalHost {
  readonly node: LocalNode;
  readonly api: ApiServer;
  readonly chain: LocalChain;
  readonly urls: ApiUrls;
  /** Closes the API, then stops the node (its database closes cleanly); the node stops even if the API fails. */
  close(): Promise<void>;
}

/** Starts the node, puts its API on its ports and opens its LocalChain; on any failure what started is stopped. */
export async function hostLocalNode(options: LocalHostOptions): Promise<LocalHost> {
  const node = await LocalNode.start(options.node);
  try {
    options.onNodeStarted?.(node);
    const { host } = options.listen;
    const make = (publicPort: number | undefined, port: number | undefined) =>
      createApiServer({
        node,
        ...(host === undefined ? {} : { host }),
        ...(publicPort === undefined ? {} : { publicPort }),
        ...(port === undefined ? {} : { port }),
        ...(options.onServerError === undefined ? {} : { onServerError: options.onServerError }),
      });
    const wanted = options.listen;
    const onPortFallback = options.onPortFallback;
    const { api, urls } = await listenApi(make(wanted.publicPort, wanted.port), {
      ...(host === undefined ? {} : { host }),
      ...(onPortFallback === undefined
        ? {}
        : {
            fallback: {
              make: () => make(0, 0),
              onFallback: (publicUrl: string) =>
                onPortFallback(
                  {
                    publicPort: wanted.publicPort ?? DEFAULT_PUBLIC_PORT,
                    port: wanted.port ?? DEFAULT_SECONDARY_PORT,
                  },
                  publicUrl,
                ),
            },
          }),
    });
    const chain = new LocalChain({
      networkId: options.networkId,
      node,
      api: { queries: api.queries, url: urls.publicUrl },
      ...(options.client === undefined ? {} : { client: options.client }),
    });
    return {
      node,
      api,
      chain,
      urls,
      close: async () => {
        try {
          await api.close();
        } finally {
          await node.stop();
        }
      },
    };
  } catch (error) {
    await node.stop().catch(() => undefined);
    throw error;
  }
}
