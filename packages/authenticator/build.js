// Builds the web app into dist/: the page script and the service worker bundled by esbuild (the
// SDK included, no CDN), and the static files (page, manifest, icon) copied; prints the sizes.
import { cpSync, mkdirSync, readdirSync, statSync } from 'node:fs';
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
for (const file of readdirSync(dist).sort())
  console.log(
    `authenticator dist/${file}: ${(statSync(join(dist, file)).size / 1024).toFixed(1)} kB`,
  );
