/**
 * Node information (ark-core-api.md §9.1–§9.3, §9.7, §9.8; public-api.md §4.6): what core/query's node state says,
 * as ARK's JSON (synced when nothing is behind: query/node-state.ts).
 */
import type { FastifyInstance } from 'fastify';
import { blockHeaderToJson } from '../../protocol/blocks';
import { transactionToJson } from '../../protocol/transactions';
import type { ApiContext } from '../context';
import { integer } from '../../db/read-model/values';
import { arkJson } from '../resources/json';
import { querySchema } from '../schema/common';
import { queryOf } from './helpers';

const feesQuery = querySchema({
  paginated: false,
  criteria: { days: { ...integer({ minimum: 1 }), maximum: 30 } },
});

export function nodeRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { network } = ctx;
  const node = ctx.queries.of.node;

  app.get('/node/status', () => ({ data: node.status() }));
  app.get('/node/syncing', () => ({ data: node.syncing() }));
  app.get('/node/configuration', () => ({ data: node.configuration() }));

  app.get('/node/configuration/crypto', () => {
    const genesis = node.genesis();
    return {
      data: {
        network: network.network,
        milestones: network.milestones,
        // The exceptions this node applies (protocol/networks: the lists Votary ships for ARK mainnet and devnet),
        // served as ARK Core serves its own (core-api `configurationCrypto`: the whole crypto configuration).
        exceptions: network.exceptions ?? {},
        genesisBlock: {
          ...blockHeaderToJson(genesis.header, network),
          transactions: genesis.transactions.map(transactionToJson),
        },
      },
    };
  });

  app.get('/node/fees', { schema: { querystring: feesQuery } }, (request) => {
    const days = queryOf(request).days as number | undefined;
    const data = arkJson(node.fees(days).byTypeGroup);
    return days === undefined ? { meta: {}, data } : { meta: { days }, data };
  });
}
