/**
 * Hosting a node (docs/design/architecture.md "Hosting a node"): a LocalNode, its API on its ports and the
 * LocalChain the services reach it by, assembled once for the app core, the own nodes and the CLI.
 */
export { ApiListenError, listenApi, type ApiUrls, type ListenOptions } from './api-listen';
export { hostLocalNode, type LocalHost, type LocalHostOptions } from './local-host';
export {
  hostFollowedNode,
  openFollowedHost,
  type FollowedHost,
  type FollowedHostOptions,
  type FollowedNodeHost,
} from './followed-host';
