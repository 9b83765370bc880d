import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Lists read newest first page by page: the cursor is the last row's `created_at|id`, and the next
 * page holds the rows strictly before it in (created_at, id) order, ties included.
 */
export function before(after: string, table: '' | 'd.' = ''): Expression<SqlBool> {
  const [created = '', id = ''] = after.split('|');
  const createdAt = sql.ref(`${table}created_at`);
  const ownId = sql.ref(`${table}id`);
  return sql<SqlBool>`(${createdAt} < ${created} or (${createdAt} = ${created} and ${ownId} < ${id}))`;
}

/** A page of `limit` rows out of `limit + 1` read, and the cursor of the next one. */
export function pageOf<Row extends { created_at: string; id: string }>(
  rows: Row[],
  limit: number,
): { page: Row[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next: rows.length > limit && last ? `${last.created_at}|${last.id}` : null };
}
