import { Command, InvalidArgumentError } from 'commander';
import { listSms } from '../../core/sms/messages-repo.js';
import { withContext, withDataDir } from '../options.js';

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw new InvalidArgumentError('must be a whole number 1–10000');
  return limit;
}

export function smsCommand(): Command {
  const sms = new Command('sms').description('text messages of the FIDO API (Area C)');
  withDataDir(sms.command('list'))
    .description('show the messages the `log` SMS provider kept, newest first')
    .option('--limit <n>', 'how many (default 20)', parseLimit, 20)
    .option('--json', 'print one JSON array')
    .action(async (options: { limit: number; json?: boolean; dataDir?: string }) => {
      const messages = await withContext(options, (ctx) => listSms(ctx.store.db, options.limit));
      if (options.json) process.stdout.write(`${JSON.stringify(messages)}\n`);
      else if (messages.length === 0) process.stdout.write('no messages\n');
      else
        for (const m of messages)
          process.stdout.write(`${m.created_at}  ${m.to_number}  ${m.body}\n`);
    });
  return sms;
}
