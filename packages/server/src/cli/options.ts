import { Command, InvalidArgumentError } from 'commander';
import { userInfo } from 'node:os';
import type { Config } from '../config/index.js';
import type { Context } from '../context.js';

export function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new InvalidArgumentError('must be a port number 0–65535');
  return port;
}

/** A value that must say something: `--data-dir "$UNSET"` must not quietly mean ./data. */
export function parseNonEmpty(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('must not be empty');
  return value;
}

/** Characters that break a line or drive a terminal: C0 and C1 controls, DEL, U+2028/2029. */
export const controlCharacter = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A customer's display name: shown on users' phones and in one-line listings, so one line of
 * 1–100 characters with something besides spaces.
 */
export function parseDisplayName(value: string): string {
  if (value.trim() === '' || value.length > 100 || controlCharacter.test(value))
    throw new InvalidArgumentError('must be 1–100 characters on one line, not only spaces');
  return value;
}

/** Adds `--data-dir` to a command. */
export function withDataDir(command: Command): Command {
  return command.option(
    '--data-dir <dir>',
    'data directory (default $SVC_DATA_DIR or ./data)',
    parseNonEmpty,
  );
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
    // Every event a command records names the operator who ran it.
    return await run({ ...ctx, audit: ctx.audit.asOperator(userInfo().username) });
  } finally {
    await ctx.store.close();
  }
}
