import type { Context } from '../../context.js';
import type { Ids } from '../../core/ids.js';
import type { Db } from '../../core/store/index.js';

/** What the sandbox's use cases stand on. */
export interface SandboxDeps {
  db: Db;
  ids: Ids;
  /** Agency name field length by two-letter jurisdiction, with a default. */
  nameLength: (jurisdiction: string | undefined) => number;
}

export function sandboxDeps(ctx: Context): SandboxDeps {
  const { sandboxNameLengths, sandboxNameLength } = ctx.config;
  const nameLength = (jurisdiction: string | undefined) =>
    (jurisdiction && sandboxNameLengths[jurisdiction]) || sandboxNameLength;
  return { db: ctx.store.db, ids: ctx.ids, nameLength };
}
