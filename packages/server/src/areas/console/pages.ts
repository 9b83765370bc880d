import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { WebApp } from '../../core/http/static-files.js';

/**
 * The console's pages: the `@svc/console` workspace package's dist/. Its script and styles only,
 * the admin API of this origin, and the enrollment QR codes as data: images.
 */
export function consolePages(): WebApp {
  const manifest = createRequire(import.meta.url).resolve('@svc/console/package.json');
  return {
    dist: join(dirname(manifest), 'dist'),
    csp: "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    types: {
      'index.html': 'text/html; charset=utf-8',
      'console.js': 'text/javascript; charset=utf-8',
      'console.css': 'text/css; charset=utf-8',
      'pico.css': 'text/css; charset=utf-8',
    },
  };
}
