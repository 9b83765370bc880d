import { Command } from 'commander';
import type { Config } from '../../config/index.js';
import { openContext } from '../../context.js';
import { withDataDir } from '../options.js';

/** `svc migrate`: brings the database schema up to date and says what it applied. */
export function migrateCommand(): Command {
  return withDataDir(new Command('migrate'))
    .description('apply pending database migrations (run before starting new instances)')
    .action(async (options: { dataDir?: string }) => {
      const overrides: Partial<Config> = options.dataDir ? { dataDir: options.dataDir } : {};
      const ctx = await openContext(overrides, { migrate: true });
      await ctx.store.close();
      const { applied } = ctx.store;
      process.stdout.write(
        applied.length > 0
          ? applied.map((name) => `applied ${name}\n`).join('')
          : 'the database is up to date\n',
      );
    });
}
