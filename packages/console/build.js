// Builds the console into dist/: the page script bundled by esbuild (Preact, the SDK and the
// WebAuthn helpers included, no CDN), Pico CSS and the static files copied; prints the sizes.
import { cpSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const dist = join(here, 'dist');
mkdirSync(dist, { recursive: true });
await build({
  entryPoints: { console: join(here, 'src/main.ts') },
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
cpSync(require.resolve('@picocss/pico/css/pico.min.css'), join(dist, 'pico.css'));
for (const file of readdirSync(dist).sort())
  console.log(`console dist/${file}: ${(statSync(join(dist, file)).size / 1024).toFixed(1)} kB`);
