import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The app's files by the name they are served under, with their media types. */
const types: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'sw.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
  'manifest.webmanifest': 'application/manifest+json',
  'icon.svg': 'image/svg+xml',
  'zxing_reader.wasm': 'application/wasm',
};

// The app's own files only (and its barcode reader's WebAssembly), the svc API of this origin
// (accounts of this server) and the camera's stream.
const csp =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; media-src 'self' blob: mediastream:; style-src 'self'; img-src 'self' data:; connect-src 'self' https: http:; manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface AppFile {
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * Reads the built app's files once, on first request, and keeps them; a name that is not one of
 * them is undefined (404).
 */
export function appFiles(dist: string): (name: string) => Promise<AppFile | undefined> {
  const loaded = new Map<string, Promise<AppFile>>();
  return async (name) => {
    const type = types[name];
    if (!type) return undefined;
    let file = loaded.get(name);
    if (!file) loaded.set(name, (file = load(join(dist, name), type)));
    return file.catch((err: unknown) => {
      loaded.delete(name);
      throw err;
    });
  };
}

async function load(path: string, type: string): Promise<AppFile> {
  const body = await readFile(path);
  return {
    body,
    headers: {
      'content-type': type,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      'cache-control': 'no-cache',
      'content-security-policy': csp,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  };
}
