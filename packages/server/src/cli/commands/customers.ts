import { Command } from 'commander';
import { createCustomer } from '../../core/customers.js';
import { withContext, withDataDir } from '../options.js';

export function customersCommand(): Command {
  const customers = new Command('customers').description('manage relying-party customers');
  withDataDir(customers.command('create'))
    .description('create a customer and print its credentials once')
    .requiredOption('--name <name>', 'display name')
    .option(
      '--verify-identity-documents',
      'check submitted license data against the sandbox agency',
    )
    .option('--json', 'print exactly one JSON object')
    .action(
      async (options: {
        name: string;
        verifyIdentityDocuments?: boolean;
        json?: boolean;
        dataDir?: string;
      }) => {
        const issued = await withContext(options, (ctx) =>
          createCustomer(
            { ...ctx, db: ctx.store.db },
            {
              name: options.name,
              verifyIdentityDocuments: options.verifyIdentityDocuments ?? false,
            },
          ),
        );
        process.stdout.write(
          options.json
            ? `${JSON.stringify(issued)}\n`
            : `Customer ${issued.name} (${issued.id}); credentials, shown only once:\n${JSON.stringify(issued, null, 2)}\n`,
        );
      },
    );
  return customers;
}
