import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { auditCommand } from './commands/audit.js';
import { consoleCommand } from './commands/console.js';
import { customersCommand } from './commands/customers.js';
import { deviceCommand } from './commands/device.js';
import { keysCommand } from './commands/keys.js';
import { migrateCommand } from './commands/migrate.js';
import { oidcCommand } from './commands/oidc.js';
import { sandboxCommand } from './commands/sandbox.js';
import { serveCommand } from './commands/serve.js';
import { smsCommand } from './commands/sms.js';
import { controlCharacter } from './options.js';

// src/cli and dist/cli both sit two levels below the package.
const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const program = new Command('svc')
  .description('svc identity authentication service')
  .version(version, '-V, --version', 'print the version');
program.addCommand(serveCommand());
program.addCommand(customersCommand());
program.addCommand(deviceCommand());
program.addCommand(sandboxCommand());
program.addCommand(smsCommand());
program.addCommand(keysCommand());
program.addCommand(oidcCommand());
program.addCommand(migrateCommand());
program.addCommand(auditCommand());
program.addCommand(consoleCommand());

/**
 * A message as one line of plain text: line breaks become spaces, and other control characters (a
 * value echoed back may hold terminal escapes) are shown escaped.
 */
function oneLine(text: string): string {
  return text
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replace(
      new RegExp(controlCharacter, 'g'),
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
    );
}

/** A mistake on the command line is one line naming where the usage is, never the whole help. */
function oneLineErrors(command: Command, path: string): void {
  command.configureOutput({
    outputError: (text, write) =>
      write(`svc: ${oneLine(text).replace(/^error: /, '')} (see \`${path} --help\`)\n`),
  });
  for (const sub of command.commands) oneLineErrors(sub, `${path} ${sub.name()}`);
}
oneLineErrors(program, 'svc');

program.parseAsync(process.argv).catch((err: unknown) => {
  // Every failure is one line: the message of an error, never its stack.
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`svc: ${oneLine(message)}\n`);
  process.exit(1);
});
