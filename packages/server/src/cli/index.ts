import { Command } from 'commander';
import { customersCommand } from './commands/customers.js';
import { keysCommand } from './commands/keys.js';
import { migrateCommand } from './commands/migrate.js';
import { sandboxCommand } from './commands/sandbox.js';
import { serveCommand } from './commands/serve.js';
import { smsCommand } from './commands/sms.js';

const program = new Command('svc')
  .description('svc identity authentication service')
  .showHelpAfterError();
program.addCommand(serveCommand());
program.addCommand(customersCommand());
program.addCommand(sandboxCommand());
program.addCommand(smsCommand());
program.addCommand(keysCommand());
program.addCommand(migrateCommand());

program.parseAsync(process.argv).catch((err: unknown) => {
  process.stderr.write(`svc: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
