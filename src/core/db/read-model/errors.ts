/**
 * A query the read model cannot answer as asked (an unknown or unsortable orderBy property, a criterion of the
 * wrong kind): the caller's mistake, never the data's. The public API answers it 422 with this message, as ARK Core
 * answers every invalid query (ark-core-api.md §2.2).
 */
import { CodedError } from '../../../shared/lib/coded-error';

export class QueryError extends CodedError<'ERR_QUERY'> {
  override readonly name = 'QueryError';

  constructor(message: string) {
    super('ERR_QUERY', message);
  }
}
