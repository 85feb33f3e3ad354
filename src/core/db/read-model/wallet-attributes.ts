/**
 * ARK's wallet attribute bag (ark-core-api.md §6.16) over Votary's tables: which paths exist, how a criterion
 * on one becomes SQL, and how a path sorts. A path names a leaf of the bag:
 *   delegate.{username, voteBalance, forgedFees, forgedRewards, producedBlocks, rank, round, resigned,
 *             lastBlock.{id, height, timestamp, generatorPublicKey}}   (the delegates row)
 *   vote, secondPublicKey, multiSignature.{min, publicKeys}              (the wallets row)
 *   htlc.lockedBalance, htlc.locks.<lockId>.{amount, recipientId, timestamp, vendorField, secretHash,
 *             expiration.{type, value}}                                  (wallets + locks)
 *   ipfs.hashes.<hash>                                                   (ipfs_hashes)
 *   entities.<id>.{type, subType, resigned, data.{name, ipfsData}}       (entities)
 * A dynamic segment (<lockId>, <hash>, <id>) may be `*`: any of them (ARK's `*` key). Criteria follow ARK's
 * standard criteria service: a missing property never matches (so `resigned=false` matches nothing: ARK only
 * sets `resigned` when true), strings are equal or `%` patterns, numbers equal or `{from, to}`.
 */
import { QueryError } from './errors';
import { textMatch } from './query/memory-criteria';
import { isRange } from './query/criteria';
import { and, between, fragment, or, type SqlFragment } from './sql/filter';
import type { SqlParam } from './sql/statement-cache';

type LeafKind = 'string' | 'integer' | 'flag' | 'list';

interface Leaf {
  kind: LeafKind;
  /** The leaf's SQL expression, valid inside `scope`. */
  expression: string;
  /** Places a condition on `expression` where it can be tested against the wallet row `w`. */
  scope(condition: SqlFragment): SqlFragment;
  /** An expression over the listed row (w, d) to sort on; absent when the path cannot be sorted on. */
  sort?: string;
}

const direct = (condition: SqlFragment) => condition;
const inDelegates = (condition: SqlFragment): SqlFragment => ({
  sql: `w.address IN (SELECT d2.address FROM delegates d2 WHERE ${condition.sql})`,
  params: condition.params,
});

/** Delegate attributes: [expression over the delegates table (alias d2), kind, sort expression (alias d)]. */
const DELEGATE_LEAVES: Record<string, [string, LeafKind, string]> = {
  username: ['d2.username', 'string', 'd.username'],
  voteBalance: ['d2.vote_balance', 'integer', 'd.vote_balance'],
  forgedFees: ['d2.forged_fees', 'integer', 'd.forged_fees'],
  forgedRewards: ['d2.forged_rewards', 'integer', 'd.forged_rewards'],
  producedBlocks: ['d2.produced_blocks', 'integer', 'd.produced_blocks'],
  rank: ['d2.rank', 'integer', 'd.rank'],
  round: ['d2.round', 'integer', 'd.round'],
  resigned: ['d2.resigned', 'flag', 'CASE WHEN d.resigned = 1 THEN 1 END'],
  'lastBlock.id': ['d2.last_block_id', 'string', 'd.last_block_id'],
  'lastBlock.height': ['d2.last_block_height', 'integer', 'd.last_block_height'],
  'lastBlock.timestamp': ['d2.last_block_timestamp', 'integer', 'd.last_block_timestamp'],
  'lastBlock.generatorPublicKey': [
    'CASE WHEN d2.last_block_id IS NOT NULL THEN d2.public_key END',
    'string',
    'CASE WHEN d.last_block_id IS NOT NULL THEN d.public_key END',
  ],
};

/** ARK has `htlc` on a wallet while it has open locks (it forgets it when the locked balance returns to zero). */
const HAS_HTLC =
  "EXISTS (SELECT 1 FROM locks l0 WHERE l0.sender_address = w.address AND l0.status = 'locked')";
const LOCKERS = "w.address IN (SELECT l1.sender_address FROM locks l1 WHERE l1.status = 'locked')";

const LOCK_LEAVES: Record<string, [string, LeafKind]> = {
  amount: ['l2.amount', 'integer'],
  recipientId: ['l2.recipient_address', 'string'],
  timestamp: ['l2.timestamp', 'integer'],
  vendorField: ['l2.vendor_field', 'string'],
  secretHash: ['l2.secret_hash', 'string'],
  'expiration.type': ['l2.expiration_type', 'integer'],
  'expiration.value': ['l2.expiration_value', 'integer'],
};

const ENTITY_LEAVES: Record<string, [string, LeafKind]> = {
  type: ['e2.type', 'integer'],
  subType: ['e2.sub_type', 'integer'],
  resigned: ['e2.resigned', 'flag'],
  'data.name': ['e2.name', 'string'],
  'data.ipfsData': ['e2.ipfs_data', 'string'],
};

/** `key = ?` unless the segment is ARK's `*` (any key). */
function keyed(column: string, key: string): SqlFragment | undefined {
  return key === '*' ? undefined : fragment(`${column} = ?`, key);
}

function subTable(select: string, key: SqlFragment | undefined, base?: SqlFragment) {
  return (condition: SqlFragment): SqlFragment => {
    const where = and([base, key, condition])!;
    return { sql: `w.address IN (${select} WHERE ${where.sql})`, params: where.params };
  };
}

/** What a path names: a leaf, an inner node of the bag (`node`), or nothing (`undefined`). */
function resolve(path: readonly string[]): Leaf | 'node' | undefined {
  const [head, ...rest] = path;
  const tail = rest.join('.');
  const isPrefix = (names: readonly string[]) => names.some((name) => name.startsWith(`${tail}.`));
  switch (head) {
    case undefined:
      return 'node';
    case 'delegate': {
      if (rest.length === 0) return 'node';
      const leaf = Object.hasOwn(DELEGATE_LEAVES, tail) ? DELEGATE_LEAVES[tail] : undefined;
      if (leaf) return { kind: leaf[1], expression: leaf[0], scope: inDelegates, sort: leaf[2] };
      return isPrefix(Object.keys(DELEGATE_LEAVES)) ? 'node' : undefined;
    }
    case 'vote':
    case 'secondPublicKey': {
      if (rest.length > 0) return undefined;
      const column = head === 'vote' ? 'w.vote' : 'w.second_public_key';
      return { kind: 'string', expression: column, scope: direct, sort: column };
    }
    case 'multiSignature': {
      const scope = (condition: SqlFragment) => and([fragment('w.multi_signature IS NOT NULL'), condition])!;
      if (rest.length === 0) return 'node';
      if (tail === 'min') {
        const expression = "json_extract(w.multi_signature, '$.min')";
        return { kind: 'integer', expression, scope, sort: expression };
      }
      if (tail === 'publicKeys') {
        return { kind: 'list', expression: "json_extract(w.multi_signature, '$.publicKeys')", scope };
      }
      return undefined;
    }
    case 'htlc': {
      if (rest.length === 0) return 'node';
      if (tail === 'lockedBalance') {
        return {
          kind: 'integer',
          expression: 'w.locked_balance',
          scope: (condition) => and([fragment(LOCKERS), condition])!,
          sort: `CASE WHEN ${HAS_HTLC} THEN w.locked_balance END`,
        };
      }
      if (rest[0] !== 'locks') return undefined;
      if (rest.length <= 2) return 'node';
      const field = rest.slice(2).join('.');
      const leaf = Object.hasOwn(LOCK_LEAVES, field) ? LOCK_LEAVES[field] : undefined;
      const scope = subTable(
        'SELECT l2.sender_address FROM locks l2',
        keyed('l2.id', rest[1]!),
        fragment("l2.status = 'locked'"),
      );
      if (leaf) return { kind: leaf[1], expression: leaf[0], scope };
      return field === 'expiration' ? 'node' : undefined;
    }
    case 'ipfs': {
      if (rest.length === 0 || tail === 'hashes') return 'node';
      if (rest[0] !== 'hashes' || rest.length !== 2) return undefined;
      const scope = subTable('SELECT i2.address FROM ipfs_hashes i2', keyed('i2.hash', rest[1]!));
      return { kind: 'flag', expression: '1', scope };
    }
    case 'entities': {
      if (rest.length <= 1) return 'node';
      const field = rest.slice(1).join('.');
      const leaf = Object.hasOwn(ENTITY_LEAVES, field) ? ENTITY_LEAVES[field] : undefined;
      const scope = subTable('SELECT e2.address FROM entities e2', keyed('e2.id', rest[0]!));
      if (leaf) return { kind: leaf[1], expression: leaf[0], scope };
      return field === 'data' ? 'node' : undefined;
    }
    default:
      return undefined;
  }
}

const NOTHING = fragment('0');
const SEGMENT = /^(?:[A-Za-z0-9_]{1,100}|\*)$/;

/** Whether `path` (after `attributes.`) is a syntactically valid attribute path (ARK sorts on any). */
export function isAttributePath(path: string): boolean {
  if (!path.startsWith('attributes.')) return false;
  return path
    .slice(11)
    .split('.')
    .every((segment) => SEGMENT.test(segment));
}

/**
 * How `attributes.<path>` sorts: an SQL expression (NULL = the property is missing), `null` when the bag has the
 * path but Votary cannot sort on it (a list, or a key chosen per wallet), `undefined` when no wallet has it
 * (every value missing: the order is left to the tie-breakers, as in ARK).
 */
export function attributeSort(path: string): string | null | undefined {
  const leaf = resolve(path.split('.'));
  if (leaf === undefined) return undefined;
  if (leaf === 'node') return null;
  return leaf.sort ?? null;
}

function numeric(text: unknown, label: string): SqlParam {
  const value = typeof text === 'number' ? String(text) : text;
  if (typeof value === 'string' && /^-?\d{1,30}$/.test(value)) {
    const n = BigInt(value);
    const limit = 2n ** 63n;
    return n >= limit ? limit - 1n : n < -limit ? -limit : n;
  }
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  throw new QueryError(`"${label}" must be a number`);
}

/** One criterion (not a list) on a leaf, inside the leaf's scope. */
function leafItem(leaf: Leaf, criterion: unknown, label: string): SqlFragment {
  switch (leaf.kind) {
    case 'string':
      if (typeof criterion !== 'string') throw new QueryError(`"${label}" must be a string`);
      return textMatch(leaf.expression, criterion);
    case 'list':
      if (typeof criterion !== 'string') throw new QueryError(`"${label}" must be a string`);
      return {
        sql: `EXISTS (SELECT 1 FROM json_each(${leaf.expression}) k WHERE ${textMatch('k.value', criterion).sql})`,
        params: textMatch('k.value', criterion).params,
      };
    case 'flag':
      if (criterion === 'true' || criterion === true) return fragment(`${leaf.expression} = 1`);
      if (criterion === 'false' || criterion === false) return NOTHING;
      throw new QueryError(`"${label}" must be a boolean`);
    case 'integer':
      if (isRange(criterion)) {
        const extra = Object.keys(criterion).find((key) => key !== 'from' && key !== 'to');
        if (extra !== undefined) throw new QueryError(`"${label}.${extra}" is not allowed`);
        return (
          between(leaf.expression, {
            ...(criterion.from === undefined ? {} : { from: numeric(criterion.from, `${label}.from`) }),
            ...(criterion.to === undefined ? {} : { to: numeric(criterion.to, `${label}.to`) }),
          }) ?? NOTHING
        );
      }
      return fragment(`${leaf.expression} = ?`, numeric(criterion, label));
  }
}

function walk(criterion: unknown, path: string[]): SqlFragment {
  const label = ['attributes', ...path].join('.');
  const target = resolve(path);
  if (Array.isArray(criterion)) {
    if (target === undefined) return NOTHING;
    if (target !== 'node') return target.scope(or(criterion.map((item) => leafItem(target, item, label))));
    return or(criterion.map((item) => walk(item, path)));
  }
  if (target === undefined) return NOTHING;
  if (target !== 'node') return target.scope(leafItem(target, criterion, label));
  // An inner node: an object criterion is matched key by key; a scalar never equals an object.
  if (typeof criterion !== 'object' || criterion === null) return NOTHING;
  const entries = Object.entries(criterion);
  if (entries.length === 0) return NOTHING;
  return and(entries.map(([key, inner]) => walk(inner, [...path, key])))!;
}

/** The `attributes` criterion (a nested object from dot keys) as a condition on the wallet row `w`. */
export function attributesFilter(value: unknown): SqlFragment {
  return walk(value, []);
}
