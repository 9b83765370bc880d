import { Command, InvalidArgumentError, Option } from 'commander';
import { createCustomer } from '../../areas/customers/create-customer.js';
import { customersDeps } from '../../areas/customers/deps.js';
import { credentialKinds, type CustomerKind } from '../../areas/customers/issue-credentials.js';
import { listCustomers } from '../../areas/customers/list-customers.js';
import { revokeCredentials } from '../../areas/customers/revoke-credentials.js';
import { rotateCredentials } from '../../areas/customers/rotate-credentials.js';
import { setNumberMatching } from '../../areas/customers/set-number-matching.js';
import { settleCredentialChange } from '../../areas/customers/settle-credential-change.js';
import { printIssued } from '../credentials-output.js';
import { parseDisplayName, withContext, withDataDir } from '../options.js';

interface Format {
  json?: boolean;
  env?: boolean;
  dataDir?: string;
}

/** `--json` or `--env` (not both): how issued credentials are printed. */
function withFormats(command: Command): Command {
  return withDataDir(command)
    .option('--json', 'print exactly one JSON object')
    .addOption(
      new Option('--env', 'print `export SVC_…=…` lines for eval in a POSIX shell').conflicts(
        'json',
      ),
    );
}

function parseKinds(value: string): CustomerKind[] {
  const kinds = value.split(',').map((k) => k.trim());
  const unknown = kinds.filter((k) => !(credentialKinds as readonly string[]).includes(k));
  if (unknown.length > 0 || kinds.length === 0)
    throw new InvalidArgumentError(`kinds are ${credentialKinds.join(', ')} (comma-separated)`);
  return kinds as CustomerKind[];
}

type CreateOptions = Format & {
  name: string;
  verifyIdentityDocuments?: boolean;
  numberMatching?: boolean;
};

const noCustomer = (id: string) =>
  new Error(`no customer has the id ${JSON.stringify(id)} (\`svc customers list\` shows them)`);

export function customersCommand(): Command {
  const customers = new Command('customers').description('manage relying-party customers');
  withFormats(customers.command('create'))
    .description('create a customer and print its credentials once')
    .requiredOption('--name <name>', 'display name (1–100 characters, one line)', parseDisplayName)
    .option(
      '--verify-identity-documents',
      'check submitted license data against the sandbox agency',
    )
    .option('--number-matching', 'svcfications of level 2 and 3 use number matching by default')
    .action(async (options: CreateOptions) => {
      const issued = await withContext(options, (ctx) =>
        createCustomer(customersDeps(ctx), {
          name: options.name,
          verifyIdentityDocuments: options.verifyIdentityDocuments ?? false,
          numberMatching: options.numberMatching ?? false,
        }),
      );
      printIssued(
        issued,
        options,
        `Customer ${issued.name} (${issued.id}); credentials, shown only once:`,
      );
    });

  withDataDir(customers.command('list'))
    .description('list customers (no secrets: which credentials each holds)')
    .option('--json', 'print one JSON array')
    .action(async (options: Format) => {
      const list = await withContext(options, (ctx) => listCustomers(ctx.store.db));
      if (options.json) process.stdout.write(`${JSON.stringify(list)}\n`);
      else if (list.length === 0) process.stdout.write('no customers\n');
      else
        for (const c of list)
          process.stdout.write(
            `${c.id}  ${c.status.padEnd(7)}  ${c.created_at}  ${c.name}` +
              `${c.verify_identity_documents ? '  (verifies documents)' : ''}` +
              `${c.number_matching ? '  (number matching)' : ''}\n`,
          );
    });

  withFormats(customers.command('rotate'))
    .description(
      'issue new credentials; the old ones stop working at once, also for a running server',
    )
    .argument('<id>', 'customer id')
    .option('--kind <kinds>', `only these kinds: ${credentialKinds.join(',')}`, parseKinds)
    .action(async (id: string, options: Format & { kind?: CustomerKind[] }) => {
      const rotated = await withContext(options, (ctx) =>
        rotateCredentials(customersDeps(ctx), id, options.kind),
      );
      if (!rotated) throw noCustomer(id);
      printIssued(
        rotated,
        options,
        `Customer ${rotated.name} (${rotated.id}); new credentials, shown only once (the old ones no longer work):`,
      );
      // Printed first (a kill during the wait must not lose them), then a running server has let go.
      await settleCredentialChange();
    });

  withDataDir(customers.command('revoke'))
    .description('delete every credential of a customer (its data stays; `rotate` issues new ones)')
    .argument('<id>', 'customer id')
    .option('--json', 'print one JSON object')
    .action(async (id: string, options: Format) => {
      const count = await withContext(options, (ctx) => revokeCredentials(customersDeps(ctx), id));
      if (count === null) throw noCustomer(id);
      if (options.json) process.stdout.write(`${JSON.stringify({ id, revoked: count })}\n`);
      else process.stdout.write(`revoked ${count} credential(s) of customer ${id}\n`);
      await settleCredentialChange();
    });
  withDataDir(customers.command('set'))
    .description("change a customer's settings")
    .argument('<id>', 'customer id')
    .requiredOption(
      '--number-matching <on|off>',
      'number matching by default for svcfications of level 2 and 3',
      parseSwitch,
    )
    .action(async (id: string, options: Format & { numberMatching: boolean }) => {
      const found = await withContext(options, (ctx) =>
        setNumberMatching(customersDeps(ctx), id, options.numberMatching),
      );
      if (!found) throw noCustomer(id);
      process.stdout.write(
        `number matching ${options.numberMatching ? 'on' : 'off'} for customer ${id}\n`,
      );
    });
  return customers;
}

function parseSwitch(value: string): boolean {
  if (value !== 'on' && value !== 'off') throw new InvalidArgumentError('must be on or off');
  return value === 'on';
}
