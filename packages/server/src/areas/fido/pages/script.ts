import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The same relative path from src/areas/fido/pages and from dist/areas/fido/pages: the entry
// stays TypeScript source (tsc skips it) and is bundled by esbuild in the running process.
const entry = fileURLToPath(
  new URL('../../../../src/areas/fido/pages/browser/ceremony.ts', import.meta.url),
);

let bundled: Promise<{ code: string; etag: string }> | null = null;

/** The page script with @simplewebauthn/browser, bundled once per process and kept in memory. */
export function ceremonyScript(): Promise<{ code: string; etag: string }> {
  bundled ??= bundle().catch((err: unknown) => {
    bundled = null; // let a later request try again
    throw err;
  });
  return bundled;
}

async function bundle(): Promise<{ code: string; etag: string }> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return { code, etag: `"${createHash('sha256').update(code).digest('base64url').slice(0, 27)}"` };
}
