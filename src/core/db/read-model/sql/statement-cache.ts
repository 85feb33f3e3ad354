import type Database from 'better-sqlite3';

/**
 * Prepared statements of the API's read queries, keyed by SQL text: a query shape (which filters, how many list
 * items) is compiled once per connection and reused (design: "Prepared statements created once per
 * connection"). Bounded, least recently used first out, because a client decides how many shapes exist.
 */
export class StatementCache {
  private readonly statements = new Map<string, Database.Statement<unknown[], unknown>>();

  constructor(
    readonly db: Database.Database,
    private readonly capacity = 512,
  ) {}

  get(sql: string): Database.Statement<unknown[], unknown> {
    const cached = this.statements.get(sql);
    if (cached) {
      // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = this.db.prepare<unknown[], unknown>(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > this.capacity) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    return statement;
  }

  /** All rows of a query, typed by the caller (the SQL text decides the columns). */
  all<Row>(sql: string, params: readonly SqlParam[] = []): Row[] {
    return this.get(sql).all(...params) as Row[];
  }

  get1<Row>(sql: string, params: readonly SqlParam[] = []): Row | undefined {
    return this.get(sql).get(...params) as Row | undefined;
  }

  get size(): number {
    return this.statements.size;
  }
}

/** A bound value; a Buffer binds a BLOB (the stored hashes of block-encoding.ts). */
export type SqlParam = string | number | bigint | null | Buffer;
