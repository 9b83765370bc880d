import { readFileSync, writeFileSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { auditDeps } from '../../areas/audit/deps.js';
import { exportLog, logsToExport } from '../../areas/audit/export-log.js';
import { ocsfOf } from '../../areas/audit/ocsf.js';
import { verifyExport } from '../../areas/audit/verify-export.js';
import { withContext, withDataDir } from '../options.js';

const read = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    throw new InvalidArgumentError(`cannot read ${file}`);
  }
};

export function auditCommand(): Command {
  const audit = new Command('audit').description(
    'the audit trail: export and verify (docs/audit.md)',
  );
  withDataDir(audit.command('export'))
    .description("print the audit events of one customer's log, or of every log, oldest first")
    .option('--customer <id>', "only this customer's log")
    .addOption(
      new Option('--format <format>', 'jsonl: events with their inclusion proofs; ocsf: OCSF 1.1')
        .choices(['jsonl', 'ocsf'])
        .default('jsonl'),
    )
    .option('--checkpoint <file>', "with --customer: write the log's signed checkpoint there")
    .action(
      async (options: {
        customer?: string;
        format: string;
        checkpoint?: string;
        dataDir?: string;
      }) => {
        if (options.checkpoint && !options.customer)
          throw new InvalidArgumentError('--checkpoint needs --customer');
        await withContext(options, async (ctx) => {
          const deps = auditDeps(ctx);
          for (const log of await logsToExport(deps, options.customer)) {
            const checkpoint = await exportLog(deps, log, (event) => {
              const { inclusion_proof: _proof, ...plain } = event;
              const line = options.format === 'ocsf' ? ocsfOf(plain) : event;
              process.stdout.write(`${JSON.stringify(line)}\n`);
            });
            if (options.checkpoint) writeFileSync(options.checkpoint, checkpoint.checkpoint);
          }
        });
      },
    );
  withDataDir(audit.command('key'))
    .description("print the verifier key of the checkpoints' signatures")
    .action(async (options: { dataDir?: string }) => {
      const key = await withContext(options, (ctx) => ctx.checkpointKey.verifierKey());
      process.stdout.write(`${key}\n`);
    });
  audit
    .command('verify')
    .description('check an export against a signed checkpoint; name the first bad index')
    .argument('<export>', 'a file of `svc audit export` (jsonl) lines')
    .requiredOption('--checkpoint <file>', 'the signed checkpoint you kept')
    .requiredOption('--key <verifier-key>', 'the verifier key you kept')
    .action((file: string, options: { checkpoint: string; key: string }) => {
      const lines = read(file)
        .split('\n')
        .filter((line) => line.trim() !== '');
      const verdict = verifyExport(lines, read(options.checkpoint), options.key);
      if (verdict.ok) {
        const range =
          verdict.first === null ? 'no events' : `events ${verdict.first}–${verdict.last}`;
        process.stdout.write(`ok: ${range} of a log of ${verdict.size}, as signed\n`);
        return;
      }
      const where = verdict.index === null ? '' : `index ${verdict.index}: `;
      process.stderr.write(`bad: ${where}${verdict.reason}\n`);
      process.exitCode = 1;
    });
  return audit;
}
