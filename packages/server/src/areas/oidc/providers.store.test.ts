import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestStore } from '../../../test/helpers.js';
import { unitFido } from '../../../test/oidc/oidc.kit.js';
import { ManualClock } from '../../core/clock.js';
import { SecretBox } from '../../core/crypto/secret-box.js';
import { SigningKeys } from '../../core/crypto/signing-keys.js';
import { randomIds } from '../../core/ids.js';
import type { Store } from '../../core/store/index.js';
import type { OidcDeps } from './deps.js';
import { Providers } from './providers.js';

let store: Store;
let keys: SigningKeys;
let deps: OidcDeps;

beforeAll(async () => {
  store = await openTestStore();
  const clock = new ManualClock();
  // A signer that looks for a new key at once (the server's waits a minute).
  keys = new SigningKeys(store.db, new SecretBox(randomBytes(32)), clock, randomIds, 0);
  deps = {
    db: store.db,
    clock,
    keys,
    cookieKey: 'k'.repeat(43),
    fido: unitFido,
  } as unknown as OidcDeps;
});
afterAll(async () => store.close());

describe('one provider per organization', () => {
  it('is kept while nothing changed, made anew after a key rotation; unknown organizations have none', async () => {
    const providers = new Providers(deps, 10, 0);
    const first = await providers.of('org-1');
    expect(first?.provider.issuer).toBe('https://login.acme.test/oidc/org-1');
    expect(await providers.of('org-1')).toBe(first);
    const kid = await keys.rotate();
    const second = await providers.of('org-1');
    expect(second).not.toBe(first);
    expect((await keys.privateJwks())[0]?.kid).toBe(kid);
    expect(await providers.of('org-2')).toBeUndefined();
  });
});
