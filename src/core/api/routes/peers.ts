/**
 * Peers (ark-core-api.md §6.10; public-api.md §4.7). A node that forges its chain talks to no peers, so its list is
 * truthfully empty and every peer lookup is 404 — after the same validation as ARK's. A follower lists the peers it
 * follows (their public API's address and port, version, height, latency). `ip` is validated and ignored, as ARK
 * does; the `version` range is accepted and not applied.
 */
import { isIP } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { sortedPeers } from '../../query';
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

export function peerRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get('/peers', { schema: { querystring: peersQuery } }, (request) => {
    const query = queryOf(request);
    if (typeof query.ip === 'string' && !isIpWithOptionalCidr(query.ip)) throw unprocessable(IP_MESSAGE);
    const window = windowOf(query);
    const peers = sortedPeers(ctx.queries.of.node.peers(), query.orderBy);
    return pageOf(
      request,
      window,
      peers.length,
      peers.slice(window.start, window.start + window.limit),
      false,
    );
  });

  app.get('/peers/:ip', { schema: { params: paramsSchema({ ip: text(64) }) } }, (request) => {
    const ip = paramOf(request, 'ip');
    if (!isIpWithOptionalCidr(ip)) throw unprocessable(IP_MESSAGE);
    const peer = ctx.queries.of.node.peers().find((candidate) => candidate.ip === ip);
    if (peer === undefined) throw notFound('Peer not found');
    return { data: peer };
  });
}
