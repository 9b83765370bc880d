import { Command } from 'commander';
import { fidoDeps } from '../../areas/fido/deps.js';
import { rotateClientSecret } from '../../areas/fido/organizations/rotate-client-secret.js';
import { withContext, withDataDir } from '../options.js';

export function oidcCommand(): Command {
  const oidc = new Command('oidc').description(
    '"Sign in with svc": organizations\' OpenID clients',
  );
  withDataDir(oidc.command('client-secret'))
    .description(
      "issue a new client secret for an organization's OpenID client (shown once; replaces the last one)",
    )
    .argument('<organization-id>', 'the FIDO organization id')
    .option('--json', 'print {"client_id", "client_secret"} as JSON')
    .action(async (id: string, options: { dataDir?: string; json?: boolean }) => {
      const issued = await withContext(options, (ctx) =>
        rotateClientSecret(fidoDeps(ctx), 'operator', id),
      );
      process.stdout.write(
        options.json
          ? `${JSON.stringify(issued)}\n`
          : `client_id     ${issued.client_id}\nclient_secret ${issued.client_secret}\n`,
      );
    });
  return oidc;
}
