import { Command } from 'commander';
import type { Config } from '../../config/index.js';
import { parseNonEmpty, parsePort, withDataDir } from '../options.js';

export function serveCommand(): Command {
  return withDataDir(new Command('serve'))
    .description('serve all three areas on one listener')
    .option('--port <n>', 'port (default $PORT or 8080)', parsePort)
    .option('--host <host>', 'host (default $HOST or 127.0.0.1)', parseNonEmpty)
    .option(
      '--exit-with-parent',
      'shut down when the parent process exits or a piped stdin closes (npm start)',
    )
    .option('--migrate', 'apply pending PostgreSQL migrations first (SQLite always does)')
    .action(
      async (options: {
        port?: number;
        host?: string;
        dataDir?: string;
        exitWithParent?: boolean;
        migrate?: boolean;
      }) => {
        const overrides: Partial<Config> = {};
        if (options.port !== undefined) overrides.port = options.port;
        if (options.host) overrides.host = options.host;
        if (options.dataDir) overrides.dataDir = options.dataDir;
        // Loaded when serving only, so the other commands start quickly.
        const { serve } = await import('../../main.js');
        await serve(overrides, {
          exitWithParent: options.exitWithParent === true,
          migrate: options.migrate === true,
        });
      },
    );
}
