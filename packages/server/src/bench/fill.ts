import { sql } from 'kysely';
import type { Db } from '../core/store/index.js';

const chunk = 100_000;

/**
 * The bulk loader of the "1,000,000 svcfications stored" row: closed svcfications of one customer
 * (accepted, rejected, expired) over 20,000 RP identifiers, a month old, made by the database
 * itself in chunks of 100,000 rows (one statement each), on SQLite and PostgreSQL alike.
 */
export async function fillSvcfications(db: Db, customerId: string, count: number): Promise<void> {
  const past = new Date(Date.now() - 30 * 86_400_000).toISOString();
  for (let start = 0; start < count; start += chunk) {
    const end = Math.min(count, start + chunk) - 1;
    await sql`
      with recursive n(i) as (select ${sql.lit(start)} union all select i + 1 from n where i < ${sql.lit(end)})
      insert into svcfications (id, customer_id, status, action, resource, desired_level,
        user_identifier, prompt, user_presence, show_identity_document, result, expires_at,
        created_at, updated_at)
      select 'filled-' || i, cast(${customerId} as text),
        case i % 3 when 0 then 'ACCEPTED' when 1 then 'REJECTED' else 'EXPIRED' end,
        'login', 'bench', 2, 'filled-user-' || (i % 20000), 0, 0, 0, null,
        cast(${past} as text), cast(${past} as text), cast(${past} as text)
      from n`.execute(db);
  }
}
