import { readFile } from 'node:fs/promises';
import { Command } from 'commander';
import { Value } from '@sinclair/typebox/value';
import { Type } from '@sinclair/typebox';
import { importRecords } from '../../areas/sandbox/records-repo.js';
import { Aamva } from '../../areas/sandbox/schemas.js';
import { withContext, withDataDir } from '../options.js';

const RecordFile = Type.Array(Aamva);

export function sandboxCommand(): Command {
  const sandbox = new Command('sandbox').description("the driver's-license sandbox (Area A)");
  const records = sandbox.command('records').description('fake agency records');
  withDataDir(records.command('import'))
    .description('load agency records from a JSON array (same field names as the aamva request)')
    .argument('<file>', 'JSON file')
    .action(async (file: string, options: { dataDir?: string }) => {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (!Value.Check(RecordFile, parsed)) {
        const first = Value.Errors(RecordFile, parsed).First();
        throw new Error(
          `${file}: ${first ? `${first.path} ${first.message}` : 'not an array of records'}`,
        );
      }
      const count = await withContext(options, (ctx) =>
        importRecords(ctx.store.db, ctx.clock, parsed),
      );
      process.stdout.write(`imported ${count} record(s)\n`);
    });
  return sandbox;
}
