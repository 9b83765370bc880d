import { Command } from 'commander';
import { withContext, withDataDir } from '../options.js';

export function keysCommand(): Command {
  const keys = new Command('keys').description("the service's JWT signing keys");
  withDataDir(keys.command('rotate'))
    .description('add a new signing key; earlier keys stay in /jwks so issued JWTs still verify')
    .action(async (options: { dataDir?: string }) => {
      const kid = await withContext(options, (ctx) => ctx.keys.rotate());
      process.stdout.write(
        `new signing key ${kid}; a running server signs with it within a minute\n`,
      );
    });
  return keys;
}
