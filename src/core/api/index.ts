/** The public HTTP API and the secondary interface of the embedded node (docs/design/api.md). */
export {
  createApiServer,
  PUBLIC_ROUTE_GROUPS,
  DEFAULT_API_HOST,
  DEFAULT_PUBLIC_PORT,
  DEFAULT_SECONDARY_PORT,
  type ApiServer,
  type ApiServerOptions,
  type RouteGroup,
} from './server';
export type { ApiContext, ApiNode, ApiPeer, ApiSyncSource } from './context';
export type { RateLimitOptions } from './http/app';
export {
  applyConnectionLimits,
  DEFAULT_CONNECTION_LIMITS,
  type ConnectionLimits,
} from './http/connection-limits';
export { ApiError, notFound, unprocessable, type ErrorBody } from './http/errors';
export { parseQueryString } from './http/query-string';
export { trngValues, TRNG_VALUE_COUNT } from '../../shared/lib/trng';
export { tokenAmount } from './secondary/routes';
export { VOTARY_VERSION } from './version';
