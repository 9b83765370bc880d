import type { Kysely, Migration } from 'kysely';

/**
 * The audit trail (core/audit/): events, written in the transaction of what they record, with no
 * leaf index until the integrator appends them to their log's RFC 6962 tree; the tree's complete
 * subtree hashes (`audit_nodes`, level 0 the leaves); each log's size, root and newest signed
 * checkpoint; and the Ed25519 key checkpoints are signed with. A log is a customer's, or `svc`'s
 * for events of no customer.
 */
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('log_id', 'text', (c) => c.notNull())
      .addColumn('customer_id', 'text')
      .addColumn('occurred_at', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('actor_kind', 'text', (c) => c.notNull())
      .addColumn('actor_credential', 'text')
      .addColumn('actor_device', 'text')
      .addColumn('actor_user', 'text')
      .addColumn('source_address', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('request_id', 'text')
      .addColumn('targets', 'text', (c) => c.notNull())
      .addColumn('details', 'text', (c) => c.notNull())
      .addColumn('leaf_index', 'integer')
      .execute();
    await db.schema
      .createIndex('audit_events_leaf')
      .unique()
      .on('audit_events')
      .columns(['log_id', 'leaf_index'])
      .execute();
    await db.schema
      .createIndex('audit_events_pending')
      .on('audit_events')
      .columns(['leaf_index', 'log_id'])
      .execute();
    await db.schema
      .createIndex('audit_events_time')
      .on('audit_events')
      .columns(['occurred_at'])
      .execute();
    await db.schema
      .createTable('audit_nodes')
      .addColumn('log_id', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('idx', 'integer', (c) => c.notNull())
      .addColumn('hash', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('audit_nodes_pk', ['log_id', 'level', 'idx'])
      .execute();
    await db.schema
      .createTable('audit_logs')
      .addColumn('log_id', 'text', (c) => c.primaryKey())
      .addColumn('size', 'integer', (c) => c.notNull())
      .addColumn('root_hash', 'text', (c) => c.notNull())
      .addColumn('checkpoint', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('audit_keys')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('private_sealed', 'text', (c) => c.notNull())
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
};
