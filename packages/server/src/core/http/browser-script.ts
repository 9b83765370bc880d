import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface BrowserScript {
  code: string;
  etag: string;
}

/**
 * A page script bundled by esbuild in the running process, once, and kept in memory. `entry` is
 * the TypeScript source's URL: the same relative path reaches `src/` from `src/` and from `dist/`,
 * because tsc skips these entries (they are browser code with their own tsconfig).
 */
export function browserScript(entry: URL): () => Promise<BrowserScript> {
  let bundled: Promise<BrowserScript> | null = null;
  return () => {
    bundled ??= bundle(fileURLToPath(entry)).catch((err: unknown) => {
      bundled = null; // let a later request try again
      throw err;
    });
    return bundled;
  };
}

async function bundle(entry: string): Promise<BrowserScript> {
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

/** The headers a bundled script is sent with (revalidated by its etag). */
export const scriptHeaders = (script: BrowserScript) => ({
  etag: script.etag,
  'cache-control': 'no-cache',
  'x-content-type-options': 'nosniff',
  'content-type': 'text/javascript; charset=utf-8',
});
