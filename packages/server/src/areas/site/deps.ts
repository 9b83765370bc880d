import type { Context } from '../../context.js';

/** What the site's pages stand on: only where the service says it lives. */
export interface SiteDeps {
  publicUrl: string;
}

export function siteDeps(ctx: Context): SiteDeps {
  return { publicUrl: ctx.config.publicUrl };
}
