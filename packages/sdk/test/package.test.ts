import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { newCustomer, useServer } from './kit.js';

// Packs @svc/wire and @svc/sdk as they would be published (the built dist; `npm run build`
// first) and installs the tarballs into a fresh project outside the repository.
const root = join(import.meta.dirname, '../../..');
const work = mkdtempSync(join(tmpdir(), 'svc-sdk-package-'));
const app = join(work, 'app');
const server = useServer({ env: { SVC_LOG_LEVEL: 'warn' } });
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A command's stdout; a failure shows its whole output. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): string {
  try {
    return execFileSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

describe('the published package', () => {
  it('installs outside the repository, without server dependencies, and runs from plain ESM', () => {
    expect(existsSync(join(root, 'packages/sdk/dist/index.d.ts'))).toBe(true);
    const packed = JSON.parse(
      run(
        'npm',
        ['pack', '--json', '--ignore-scripts', '--pack-destination', work].concat([
          '-w',
          'packages/wire',
          '-w',
          'packages/sdk',
        ]),
        root,
      ),
    ) as { filename: string; files: { path: string }[] }[];
    for (const { files } of packed) {
      const paths = files.map((f) => f.path);
      expect(paths).toContain('README.md');
      expect(paths).toContain('dist/index.d.ts');
      expect(paths.filter((p) => !/^(dist\/|README\.md$|package\.json$)/.test(p))).toEqual([]);
      expect(paths.filter((p) => p.includes('.test.'))).toEqual([]);
    }

    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), '{"name":"app","private":true,"type":"module"}');
    const tarballs = packed.map((p) => join(work, p.filename));
    run(
      'npm',
      ['install', ...tarballs, '@types/node@20', '--no-audit', '--no-fund', '--prefer-offline'],
      app,
    );
    // Exactly the SDK, its wire formats, jose, TypeBox, @noble/hashes (MD5, which WebCrypto
    // lacks, for the HMAC's body hash), and for the audit log's checks @noble/curves (Ed25519,
    // synchronous everywhere) and canonicalize (RFC 8785), plus the types of the check below.
    const installed = run('npm', ['ls', '--all', '--parseable'], app)
      .split('\n')
      .filter((line) => line.includes('node_modules'))
      .map((line) => line.slice(line.lastIndexOf('node_modules') + 'node_modules/'.length));
    expect(installed.sort()).toEqual(
      [
        '@noble/curves',
        '@noble/hashes',
        '@sinclair/typebox',
        'canonicalize',
        '@svc/sdk',
        '@svc/wire',
        '@types/node',
        'jose',
        'undici-types',
      ].sort(),
    );
    expect(readdirSync(join(app, 'node_modules/@svc')).sort()).toEqual(['sdk', 'wire']);

    const { customer } = newCustomer(server());
    writeFileSync(
      join(app, 'main.mjs'),
      `import { SandboxClient, SvcApiError, ValidationError } from '@svc/sdk';
const sandbox = new SandboxClient({ baseUrl: process.env.SVC_URL, token: process.env.TOKEN });
const verification = await sandbox.verify({ identification_id: 'DL000001' });
const refused = await sandbox.verify({}).catch((e) => e);
console.log(JSON.stringify({
  replay: verification.replay,
  refused: refused instanceof ValidationError && refused instanceof SvcApiError,
}));
`,
    );
    const output = run('node', ['main.mjs'], app, {
      SVC_URL: server().url,
      TOKEN: customer.sandbox_token,
    });
    expect(JSON.parse(output)).toEqual({ replay: 'NULL', refused: true });
  });

  it('type-checks a TypeScript consumer against the published declarations', () => {
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          types: ['node'],
        },
        files: ['check.ts'],
      }),
    );
    writeFileSync(
      join(app, 'check.ts'),
      `import { RpClient, NotFoundError, type Svcfication, type SvcficationInput } from '@svc/sdk';
const rp = new RpClient({ baseUrl: 'http://localhost', credentials: { token: 't', secret: 's' } });
const input: SvcficationInput = { action: 'a', resource: 'r', desired_level: 2, email: 'a@b.c' };
// @ts-expect-error exactly one target
const two: SvcficationInput = { action: 'a', resource: 'r', desired_level: 1, svc_id: 's', email: 'e' };
// @ts-expect-error levels are 1 to 3
const four: SvcficationInput = { action: 'a', resource: 'r', desired_level: 4, svc_id: 's' };
export async function result(): Promise<Svcfication | 'gone'> {
  try {
    return await rp.waitForResult((await rp.createSvcfication(input)).id, { timeoutMs: 5000 });
  } catch (error) {
    if (error instanceof NotFoundError) return 'gone';
    throw error;
  }
}
void two;
void four;
`,
    );
    run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app], app);
  });
});
