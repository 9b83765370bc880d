import { parseArgs } from 'node:util';

const usage =
  'usage: npm run bench [seconds] [--only sandbox,device,…] [--warm-up s] [--fill rows] [--profile] [--sql]';
const scenarios = ['sandbox', 'device', 'flood', 'trips', 'wake', 'fido', 'half', 'filled', 'core'];

export interface BenchOptions {
  seconds: number;
  warmUp: number;
  /** The scenarios to run; `--only` names them, all by default. */
  only: Set<string>;
  /** `--only` was given: the PostgreSQL rows are left out. */
  some: boolean;
  fill: number;
  profile: boolean;
  sql: boolean;
}

/** A mistake on the command line is one line and the usage, never a stack. */
function refuse(message: string): never {
  process.stderr.write(`bench: ${message}\n${usage}\n`);
  process.exit(2);
}

/** The bench's command line; `--help` prints the usage and exits. */
export function benchOptions(argv: string[]): BenchOptions {
  const parsed = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          only: { type: 'string' },
          profile: { type: 'boolean', default: false },
          sql: { type: 'boolean', default: false },
          fill: { type: 'string', default: '1000000' },
          'warm-up': { type: 'string', default: '5' },
          help: { type: 'boolean', default: false },
        },
      });
    } catch (err) {
      return refuse((err as Error).message.split('.')[0] ?? 'bad arguments');
    }
  })();
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const seconds = Number(positionals[0] ?? 5);
  const warmUp = Number(values['warm-up']);
  const fill = Number(values.fill);
  if (!(seconds > 0) || !(warmUp >= 0))
    refuse('seconds must be a number above 0, --warm-up one of 0 or more');
  if (!Number.isInteger(fill) || fill < 0) refuse('--fill must be a whole number of rows');
  if (values.profile && values.sql)
    refuse('run --profile and --sql apart (the profiler inflates SQL times)');
  const only = new Set(values.only?.split(',') ?? scenarios);
  const unknown = [...only].filter((name) => !scenarios.includes(name));
  if (unknown.length > 0)
    refuse(`unknown scenario ${unknown.join(', ')} (${scenarios.join(', ')})`);
  return {
    seconds,
    warmUp,
    only,
    some: values.only !== undefined,
    fill,
    profile: values.profile,
    sql: values.sql,
  };
}
