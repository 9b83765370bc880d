import { Command, InvalidArgumentError } from 'commander';
import type { Config } from '../config/index.js';
import type { Context } from '../context.js';

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('must be a port number 0–65535');
  return port;
}

/** Adds `--data-dir` to a command. */
export function withDataDir(command: Command): Command {
  return command.option('--data-dir <dir>', 'data directory (default $SVC_DATA_DIR or ./data)');
}

/** Opens the context a command works on, runs it, and closes the store. */
export async function withContext<T>(
  options: { dataDir?: string },
  run: (ctx: Context) => Promise<T>,
): Promise<T> {
  const overrides: Partial<Config> = options.dataDir ? { dataDir: options.dataDir } : {};
  // Loaded by the commands that open the store only, so `svc device` starts quickly.
  const { openContext } = await import('../context.js');
  const ctx = await openContext(overrides);
  try {
    return await run(ctx);
  } finally {
    await ctx.store.close();
  }
}
