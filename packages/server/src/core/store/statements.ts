import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import type { StatementTimes } from './index.js';
import type { SharedTransaction } from './shared-transaction.js';

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, so keep them by SQL
 * text (bounded). Queries run synchronously one at a time, so a statement is never shared in flight.
 * Statements outside Kysely's transactions join the turn's shared transaction; Kysely's BEGIN first
 * commits that one, and each of Kysely's commits is reported to `committed`. With `times`, each
 * run's time is added there (`timed`).
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  shared: SharedTransaction,
  committed: () => void,
  times?: StatementTimes,
  max = 500,
): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const counted = (sql: string): SqliteStatement => {
    const prepared = sqlite.prepare(sql);
    const statement = times ? timed(prepared, sql, times) : prepared;
    const run = (parameters: readonly unknown[]) => statement.run(parameters);
    const all = (parameters: readonly unknown[]) => statement.all(parameters);
    const iterate = (parameters: readonly unknown[]) => statement.iterate(parameters);
    const { reader } = statement;
    if (/^\s*begin\b/i.test(sql))
      return { reader, all, iterate, run: (p) => (shared.end(), run(p)) };
    // COMMIT reads as read-only to SQLite, yet it is what makes a transaction's writes count.
    if (/^\s*commit\b/i.test(sql)) {
      const commit = (p: readonly unknown[]) => {
        const result = run(p);
        committed();
        return result;
      };
      return { reader, all, iterate, run: commit };
    }
    if (/^\s*rollback\b/i.test(sql)) return statement;
    const writes = !prepared.readonly;
    const joined =
      <A, T>(step: (a: A) => T) =>
      (a: A): T => {
        shared.enter(writes);
        try {
          return step(a);
        } catch (err) {
          shared.failed(err);
          throw err;
        }
      };
    return { reader, all: joined(all), run: joined(run), iterate: joined(iterate) };
  };
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        // Kysely opens a transaction with a plain BEGIN, which takes the write lock only at its
        // first write: if another process (a CLI command) committed since the transaction's first
        // read, that write fails at once with SQLITE_BUSY, no busy_timeout wait. BEGIN IMMEDIATE
        // takes the lock at the start, waiting for the other writer as busy_timeout allows.
        statement = counted(/^\s*begin\s*$/i.test(sql) ? 'begin immediate' : sql);
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * The statement, adding the time of each `all` and `run` to `times` (`iterate`, which no hot path
 * uses, is not timed). A lookup per run: the map may be cleared between scenarios.
 */
function timed(statement: SQLite.Statement, sql: string, times: StatementTimes): SqliteStatement {
  const time = <T>(run: () => T): T => {
    const start = process.hrtime.bigint();
    try {
      return run();
    } finally {
      const entry = times.get(sql) ?? { runs: 0, micros: 0 };
      entry.runs += 1;
      entry.micros += Number(process.hrtime.bigint() - start) / 1000;
      times.set(sql, entry);
    }
  };
  return {
    reader: statement.reader,
    all: (parameters) => time(() => statement.all(parameters)),
    run: (parameters) => time(() => statement.run(parameters)),
    iterate: (parameters) => statement.iterate(parameters),
  };
}
