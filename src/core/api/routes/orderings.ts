/** The `orderBy` of the routes that list blocks or transactions (the db dialect; data/ holds the columns). */
import { BLOCK_DEFAULT_ORDER, BLOCK_SORT, BLOCK_TIE_BREAKERS } from '../../db/read-model/blocks';
import {
  TRANSACTION_DEFAULT_ORDER,
  TRANSACTION_SORT,
  TRANSACTION_TIE_BREAKERS,
} from '../../db/read-model/transaction-criteria';
import type { DbOrdering } from './list-route';

export const BLOCK_ORDERING: DbOrdering = {
  dialect: 'db',
  sort: BLOCK_SORT,
  defaults: BLOCK_DEFAULT_ORDER,
  tieBreakers: BLOCK_TIE_BREAKERS,
};

export const TRANSACTION_ORDERING: DbOrdering = {
  dialect: 'db',
  sort: TRANSACTION_SORT,
  defaults: TRANSACTION_DEFAULT_ORDER,
  tieBreakers: TRANSACTION_TIE_BREAKERS,
};
