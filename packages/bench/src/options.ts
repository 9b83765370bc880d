import { parseArgs } from 'node:util';

const usage = 'usage: npm run bench [seconds] [--only sandbox,device,…] [--warm-up s] [--profile]';
const scenarios = ['sandbox', 'device', 'core', 'flood', 'trips', 'wake', 'fido', 'oidc'];

export interface BenchOptions {
  seconds: number;
  warmUp: number;
  /** The scenarios to run; `--only` names them, all by default. */
  only: Set<string>;
  /** `--only` was given: the PostgreSQL rows are left out and the results are partial. */
  some: boolean;
  /** Run the server under `node --cpu-prof`: bench/profiles/svc-serve.cpuprofile at its end. */
  profile: boolean;
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
  if (!(seconds > 0) || !(warmUp >= 0))
    refuse('seconds must be a number above 0, --warm-up one of 0 or more');
  const only = new Set(values.only?.split(',') ?? scenarios);
  const unknown = [...only].filter((name) => !scenarios.includes(name));
  if (unknown.length > 0)
    refuse(`unknown scenario ${unknown.join(', ')} (${scenarios.join(', ')})`);
  return { seconds, warmUp, only, some: values.only !== undefined, profile: values.profile };
}
