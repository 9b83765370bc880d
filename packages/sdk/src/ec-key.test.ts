import { execFile } from 'node:child_process';
import { createPublicKey, sign, verify } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { generateEcKey } from './ec-key.js';

describe('generateEcKey', () => {
  it('makes P-256 and P-384 keys that sign and export at full length', () => {
    for (const [curve, bytes] of [
      ['P-256', 32],
      ['P-384', 48],
    ] as const) {
      const key = generateEcKey(curve);
      const jwk = key.export({ format: 'jwk' });
      expect(jwk).toMatchObject({ kty: 'EC', crv: curve });
      for (const part of [jwk.d, jwk.x, jwk.y])
        expect(Buffer.from(part ?? '', 'base64url')).toHaveLength(bytes);
      const signature = sign('sha256', Buffer.from('payload'), key);
      expect(verify('sha256', Buffer.from('payload'), createPublicKey(key), signature)).toBe(true);
    }
    expect(generateEcKey().export({ format: 'jwk' }).d).not.toBe(
      generateEcKey().export({ format: 'jwk' }).d,
    );
  });

  it('never deadlocks a process that exports the keys it makes', async () => {
    // Node 20's generateKeyPairSync('ec') did, within 5,000–13,500 rounds (docs/decisions/http.md).
    // The built module, in a process of its own with a tiny young generation (the collector runs
    // often): a deadlocked process blocks its main thread for good, which only a kill ends.
    const built = fileURLToPath(new URL('../dist/ec-key.js', import.meta.url));
    const rounds = `import { generateEcKey } from ${JSON.stringify(built)};
      for (let i = 0; i < 20000; i++) generateEcKey().export({ format: 'jwk' });
      console.log('done');`;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--max-semi-space-size=1', '--input-type=module', '-e', rounds],
      { timeout: 90_000, killSignal: 'SIGKILL' },
    );
    expect(stdout.trim()).toBe('done');
  });
});
