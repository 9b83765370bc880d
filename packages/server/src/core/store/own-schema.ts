import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type TableMetadata,
  sql,
} from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  isView: boolean;
  column: string;
  type: string;
  typeSchema: string;
  notNull: boolean;
  hasDefault: boolean;
  autoIncrementing: boolean;
}

/**
 * Introspection of the connection's own schema (`current_schema()`) only. Kysely's reads the
 * columns of every schema in the database and resolves each table by name meanwhile, so a schema
 * that another client drops during the read fails it (`schema "…" does not exist`), and a
 * database shared by many schemas makes each start read them all. The migrator asks it whether
 * its own tables exist. Unlike Kysely's, a column counts as auto-incrementing when it is an
 * identity or defaults to `nextval(…)`, and columns carry no comment.
 */
class OwnSchemaIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    super(db);
    this.#db = db;
  }

  override async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const internal = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];
    const { rows } = await sql<ColumnRow>`
      select ns.nspname as "schema", c.relname as "table", c.relkind = 'v' as "isView",
        a.attname as "column", typ.typname as "type", tns.nspname as "typeSchema",
        a.attnotnull as "notNull", a.atthasdef as "hasDefault",
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false))
          as "autoIncrementing"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns
        on ns.oid = c.relnamespace and ns.nspname = current_schema()
      join pg_catalog.pg_attribute a
        on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.includes(row.table)) continue;
      const table = tables.get(row.table) ?? {
        name: row.table,
        isView: row.isView,
        schema: row.schema,
        columns: [],
      };
      table.columns.push({
        name: row.column,
        dataType: row.type,
        dataTypeSchema: row.typeSchema,
        isNullable: !row.notNull,
        hasDefaultValue: row.hasDefault,
        isAutoIncrementing: row.autoIncrementing,
      });
      tables.set(row.table, table);
    }
    return [...tables.values()];
  }
}

/** Kysely's PostgreSQL dialect, introspecting only the connection's own schema. */
export class OwnSchemaDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
