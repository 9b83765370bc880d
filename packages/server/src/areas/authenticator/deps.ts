import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Context } from '../../context.js';
import type { WebApp } from '../../core/http/static-files.js';

// The app's own files only (and its barcode reader's WebAssembly), the svc API of this origin
// (accounts of this server) and the camera's stream.
const csp =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; media-src 'self' blob: mediastream:; style-src 'self'; img-src 'self' data:; connect-src 'self' https: http:; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The built web app: the `@svc/authenticator` workspace package's dist/, its files and CSP. */
export function authenticatorDeps(_ctx: Context): WebApp {
  const manifest = createRequire(import.meta.url).resolve('@svc/authenticator/package.json');
  return {
    dist: join(dirname(manifest), 'dist'),
    csp,
    types: {
      'index.html': 'text/html; charset=utf-8',
      'app.js': 'text/javascript; charset=utf-8',
      'sw.js': 'text/javascript; charset=utf-8',
      'app.css': 'text/css; charset=utf-8',
      'manifest.webmanifest': 'application/manifest+json',
      'icon.svg': 'image/svg+xml',
      'zxing_reader.wasm': 'application/wasm',
    },
  };
}
