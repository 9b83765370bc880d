import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// `@svc/sdk/svccode` is what a web page imports: it must bundle for browsers as published (the
// built dist through the package's `exports`; `npm run build` first), with nothing from Node.
// Here rather than beside the SDK because esbuild is the server's dependency (its page scripts).
const sdk = join(import.meta.dirname, '../../sdk');

/** Bundles `contents` as a browser page would, from inside the SDK package. */
const bundle = (contents: string) =>
  build({
    stdin: { contents, resolveDir: sdk, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });

describe('the browser entry @svc/sdk/svccode', () => {
  it('bundles for the browser platform, with nothing from Node', async () => {
    expect(existsSync(join(sdk, 'dist/svccode.js'))).toBe(true);
    const result = await bundle(
      `import { SvccodeClient, svccodeExpiry, NotFoundError } from '@svc/sdk/svccode';
       globalThis.page = { SvccodeClient, svccodeExpiry, NotFoundError };`,
    );
    expect(result.errors).toEqual([]);
    const [output] = result.outputFiles;
    expect(output?.text).toContain('waitUntilPaired(');
    expect(output?.text).not.toMatch(/["']node:/);
    expect(output?.text).not.toContain('Buffer');
    // A page's bundle stays small: the client, its errors and nothing else.
    expect(output?.contents.byteLength).toBeLessThan(16_384);
  });

  it('the same bundling fails on an import from Node, as the main entry (HMAC, device keys) has', async () => {
    const failure = await bundle(`import { SvccodeClient } from '@svc/sdk'; void SvccodeClient;`)
      .then(() => null)
      .catch((error: unknown) => String(error));
    expect(failure).toContain('node:crypto');
  });
});
