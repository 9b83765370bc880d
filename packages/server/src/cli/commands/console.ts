import { Command, InvalidArgumentError, Option } from 'commander';
import { createInvitation } from '../../areas/console/invitations.js';
import { withContext, withDataDir } from '../options.js';

export function consoleCommand(): Command {
  const console_ = new Command('console').description(
    'the web console at /console (docs/console.md)',
  );
  withDataDir(console_.command('invite'))
    .description(
      'print a single-use invitation link (48 hours): the invitee opens it and enrolls a passkey',
    )
    .requiredOption('--name <name>', "the invitee's name")
    .addOption(
      new Option('--role <role>', 'operator: all of svc; admin or viewer: one customer')
        .choices(['operator', 'admin', 'viewer'])
        .default('operator'),
    )
    .option('--customer <id>', 'with --role admin or viewer: the customer')
    .option('--json', 'print the invitation as JSON')
    .action(
      async (options: {
        name: string;
        role: 'operator' | 'admin' | 'viewer';
        customer?: string;
        json?: boolean;
        dataDir?: string;
      }) => {
        if (options.role !== 'operator' && !options.customer)
          throw new InvalidArgumentError(`--role ${options.role} needs --customer`);
        const invitation = await withContext(options, (ctx) =>
          createInvitation(
            {
              db: ctx.store.db,
              clock: ctx.clock,
              ids: ctx.ids,
              audit: ctx.audit,
              config: ctx.config,
            },
            null,
            {
              role: options.role,
              name: options.name,
              ...(options.customer ? { customer_id: options.customer } : {}),
            },
          ),
        );
        process.stdout.write(
          options.json ? `${JSON.stringify(invitation)}\n` : `${invitation.invitation_link}\n`,
        );
      },
    );
  return console_;
}
