import { sql, type CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema.js';

type AnyDb = Kysely<Database>;
type Slot = { name: string } | { constant: unknown };

/**
 * `LIMIT 1` written into a hot query's SQL instead of bound: SQLite plans a bound limit with a
 * general sorter: the device's oldest-open-svcfication query took 115–140 µs a run under load,
 * 34 µs with the literal.
 */
export const limitOne = sql.lit(1);

const placeholderName = /^\u0000svc-value:(.+)\u0000$/;

/** Stands for every value at build time: `v.id` reads `\0svc-value:id\0`. */
const placeholders = new Proxy({}, { get: (_, name) => `\u0000svc-value:${String(name)}\u0000` });

/**
 * A hot query of a fixed shape, built and compiled once per database dialect, then run with new
 * values: no query building per request. `build` reads its values from `v`, each as one whole
 * value (never in an `in` list, whose length would change the shape).
 */
export function compiled<V extends Record<string, unknown>, R>(
  build: (db: AnyDb, v: V) => Compilable<R>,
) {
  const byDialect = new WeakMap<object, { query: CompiledQuery<R>; slots: Slot[] }>();
  const run = (db: AnyDb, values: V): Promise<QueryResult<R>> => {
    // A transaction shares its database's adapter: one compilation per dialect instance.
    const dialect = db.getExecutor().adapter;
    let entry = byDialect.get(dialect);
    if (!entry) {
      const query = build(db, placeholders as V).compile();
      const slots = query.parameters.map((p): Slot => {
        const name = typeof p === 'string' ? placeholderName.exec(p)?.[1] : undefined;
        return name === undefined ? { constant: p } : { name };
      });
      entry = { query, slots };
      byDialect.set(dialect, entry);
    }
    const parameters = entry.slots.map((s) =>
      'name' in s ? (values[s.name] ?? null) : s.constant,
    );
    return db.executeQuery<R>({ ...entry.query, parameters });
  };
  return {
    all: async (db: AnyDb, values: V): Promise<R[]> => (await run(db, values)).rows,
    first: async (db: AnyDb, values: V): Promise<R | undefined> => (await run(db, values)).rows[0],
    /** Rows inserted, updated or deleted. */
    affected: async (db: AnyDb, values: V): Promise<number> =>
      Number((await run(db, values)).numAffectedRows ?? 0),
  };
}
