/**
 * BENCH_SCALE_APPLY_PROFILE=1 (scale-bench.ts): where the time of applying blocks goes, statement by statement. Wraps
 * better-sqlite3's `prepare` and `transaction` for the whole process: every statement's run/get/all is timed under
 * its SQL (a trigger's work counts in the statement that fires it), and each outermost SQLite transaction is timed
 * whole, and so is its body: its BEGIN and COMMIT (with the WAL writes and any automatic checkpoint) show as a row of
 * their own, the transaction's time minus its body's. Read-system-
 * calls come from /proc/self/io (Linux): a page SQLite's cache does not hold is one `pread` from the file.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';

export interface StatementTime {
  count: number;
  ms: number;
}

export interface StatementProfile {
  statements: Map<string, StatementTime>;
  /** Time inside outermost SQLite transactions, and inside the statements they ran. */
  transactionMs: number;
  statementsInTransactionsMs: number;
  /** Read system calls of the process (files, the WAL and /proc included). */
  readCalls: number;
}

type Method = (...args: unknown[]) => unknown;

/** The row of the outermost transactions' BEGIN and COMMIT (not a statement; not in the statements' sum). */
const BEGIN_COMMIT = '(BEGIN + COMMIT of the outermost transaction, its automatic checkpoint included)';
interface Patchable {
  prepare: (sql: string) => Record<string, Method>;
  transaction: (body: Method) => Method;
}

function readCalls(): number {
  const match = /syscr: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
}

/** Starts timing every statement prepared from now on; `take()` returns what was counted since the last take. */
export function profileStatements(): { take: () => StatementProfile } {
  const proto = Database.prototype as unknown as Patchable;
  const prepare = proto.prepare;
  const transaction = proto.transaction;
  let profile = empty();
  let depth = 0;
  let statementMs = 0;
  proto.prepare = function (this: unknown, sql: string) {
    const statement = prepare.call(this, sql);
    const key = sql.replace(/\s+/g, ' ').trim().slice(0, 110);
    for (const name of ['run', 'get', 'all']) {
      const method = statement[name];
      if (method === undefined) continue;
      statement[name] = (...args: unknown[]) => {
        const start = performance.now();
        try {
          return method.apply(statement, args);
        } finally {
          const ms = performance.now() - start;
          statementMs += ms;
          const time = profile.statements.get(key) ?? { count: 0, ms: 0 };
          time.count++;
          time.ms += ms;
          profile.statements.set(key, time);
        }
      };
    }
    return statement;
  };
  proto.transaction = function (this: unknown, body: Method) {
    let bodyMs = 0;
    const wrapped = transaction.call(this, function (this: unknown, ...args: unknown[]) {
      const start = performance.now();
      try {
        return body.apply(this, args);
      } finally {
        bodyMs = performance.now() - start;
      }
    });
    return (...args: unknown[]) => {
      if (depth > 0) return wrapped(...args);
      depth++;
      const start = performance.now();
      const before = statementMs;
      try {
        return wrapped(...args);
      } finally {
        depth--;
        const ms = performance.now() - start;
        profile.transactionMs += ms;
        profile.statementsInTransactionsMs += statementMs - before;
        // What better-sqlite3 runs around the body: BEGIN, and COMMIT with its WAL writes and any checkpoint.
        const time = profile.statements.get(BEGIN_COMMIT) ?? { count: 0, ms: 0 };
        time.count++;
        time.ms += ms - bodyMs;
        profile.statements.set(BEGIN_COMMIT, time);
      }
    };
  };
  let calls = readCalls();
  return {
    take() {
      const taken = { ...profile, readCalls: readCalls() - calls };
      profile = empty();
      calls = readCalls();
      return taken;
    },
  };
}

function empty(): StatementProfile {
  return { statements: new Map(), transactionMs: 0, statementsInTransactionsMs: 0, readCalls: 0 };
}

/** The profile as Markdown: the statements taking the most time first. */
export function printProfile(title: string, profile: StatementProfile, top = 15): void {
  const rest = profile.transactionMs - profile.statementsInTransactionsMs;
  console.log(
    `\n${title}: SQLite transactions ${profile.transactionMs.toFixed(0)} ms, of which statements ` +
      `${profile.statementsInTransactionsMs.toFixed(0)} ms and begin/commit/JavaScript ${rest.toFixed(0)} ms; ` +
      `${profile.readCalls.toLocaleString('en')} read system calls\n`,
  );
  console.log('| statement | calls | ms | µs each |');
  console.log('| --- | ---: | ---: | ---: |');
  const rows = [...profile.statements.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, top);
  for (const [sql, time] of rows) {
    console.log(
      `| \`${sql}\` | ${time.count} | ${time.ms.toFixed(1)} | ${((time.ms / time.count) * 1000).toFixed(0)} |`,
    );
  }
}
