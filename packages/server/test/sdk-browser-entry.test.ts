import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

// `@svc/sdk` (every client, the device's too) and `@svc/sdk/svccode` (a page's svccode only) must
// bundle for browsers as published (the built dist through the package's `exports`; `npm run
// build` first), with nothing from Node. Here rather than beside the SDK because esbuild is the
// server's dependency (its page scripts).
const sdk = join(import.meta.dirname, '../../sdk');

/** Bundles `contents` as a browser page would, from inside the SDK package. */
const bundle = (contents: string, minify = false) =>
  build({
    stdin: { contents, resolveDir: sdk, loader: 'js' },
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify,
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
});

describe('the main entry @svc/sdk: the device client on WebCrypto', () => {
  it('bundles for the browser platform, with nothing from Node, and says how big it is', async () => {
    const result = await bundle(
      `import { DeviceClient, generateDeviceKeys, indexedDbKeyStore } from '@svc/sdk';
       globalThis.device = { DeviceClient, generateDeviceKeys, indexedDbKeyStore };`,
      true,
    );
    expect(result.errors).toEqual([]);
    const [output] = result.outputFiles;
    expect(output?.text).toContain('x-device-sig');
    expect(output?.text).not.toMatch(/["']node:/);
    expect(output?.text).not.toMatch(/\bBuffer\b/); // Node's, not ArrayBuffer
    const size = output?.contents.byteLength ?? 0;
    const gzipped = gzipSync(output?.contents ?? new Uint8Array()).byteLength;
    // The number the SDK README quotes: a page's cost of the device client (jose's thumbprint and
    // @noble/hashes' MD5 included).
    console.log(
      `@svc/sdk device client, browser bundle: ${kib(size)} minified, ${kib(gzipped)} gzipped`,
    );
    expect(size).toBeLessThan(32_768);
  });

  it('the same bundling fails on @svc/sdk/node, the entry that needs Node', async () => {
    const failure = await bundle(`import { fileKeyStore } from '@svc/sdk/node'; void fileKeyStore;`)
      .then(() => null)
      .catch((error: unknown) => String(error));
    expect(failure).toContain('node:');
  });
});

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
