// Builds the web app into dist/: the page script and the service worker bundled by esbuild (the
// SDK and the barcode reader included, no CDN), the static files (page, manifest, icon) and the
// reader's WebAssembly copied; prints the sizes.
import { cpSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = join(here, 'dist');
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: { app: join(here, 'src/app.ts'), sw: join(here, 'src/sw.ts') },
  outdir: dist,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  logLevel: 'warning',
});
cpSync(join(here, 'static'), dist, { recursive: true });
const require = createRequire(import.meta.url);
cpSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'), join(dist, 'zxing_reader.wasm'));
for (const file of readdirSync(dist).sort())
  console.log(
    `authenticator dist/${file}: ${(statSync(join(dist, file)).size / 1024).toFixed(1)} kB`,
  );
