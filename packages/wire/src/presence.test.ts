import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { presenceChallenge, presenceCredentialChallenge } from './presence.js';

const sha256url = (text: string) => createHash('sha256').update(text).digest('base64url');

describe('presence challenges', () => {
  it('bind the svcfication, the device and the nonce, each on its own line', async () => {
    expect(await presenceChallenge('s-1', 'd-1', 'n-1')).toBe(
      sha256url('svc presence\ns-1\nd-1\nn-1'),
    );
    expect(await presenceChallenge('s-1', 'd-1', 'n-2')).not.toBe(
      await presenceChallenge('s-1', 'd-1', 'n-1'),
    );
  });

  it("bind a credential's registration to the device and a nonce", async () => {
    expect(await presenceCredentialChallenge('d-1', 'n-1')).toBe(
      sha256url('svc presence credential\nd-1\nn-1'),
    );
  });
});
