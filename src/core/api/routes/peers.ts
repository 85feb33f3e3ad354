/**
 * Peers (ark-core-api.md §6.10; public-api.md §4.7). The embedded node runs the chain by itself and talks to no
 * peers, so the list is truthfully empty and every peer lookup is 404 — after the same validation as ARK's.
 */
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { notFound, unprocessable } from '../http/errors';
import { paramsSchema, querySchema } from '../schema/common';
import { text } from '../../db/read-model/values';
import { pageOf, paramOf, queryOf, windowOf } from './helpers';

const peersQuery = querySchema({
  // ARK: `ip` is validated and ignored, `version` is a semver range, orderBy any `x:asc|desc`.
  criteria: { ip: text(64), version: text(128) },
  orderBy: 'db',
});

/** An IPv4/IPv6 address with an optional CIDR suffix (ARK's Joi `ip({cidr: 'optional'})`). */
function isIpWithOptionalCidr(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const IP_MESSAGE =
  '"ip" must be a valid ip address of one of the following versions [ipv4, ipv6] with a optional CIDR';

export function peerRoutes(app: FastifyInstance, _ctx: ApiContext): void {
  app.get('/peers', { schema: { querystring: peersQuery } }, (request) => {
    const query = queryOf(request);
    if (typeof query.ip === 'string' && !isIpWithOptionalCidr(query.ip)) throw unprocessable(IP_MESSAGE);
    return pageOf(request, windowOf(query), 0, [], false);
  });

  app.get('/peers/:ip', { schema: { params: paramsSchema({ ip: text(64) }) } }, (request) => {
    if (!isIpWithOptionalCidr(paramOf(request, 'ip'))) throw unprocessable(IP_MESSAGE);
    throw notFound('Peer not found');
  });
}
