import { RpClient } from '@svc/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityCalls } from '../identity.kit.js';
import { injectFetch, testApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { newDevice } = identityCalls(() => t);

/** A license as the app scans it: `customer_id` is the license number. */
const license = (number: string) => ({
  hash: `hash-${number}`,
  customer_id: number,
  first_name: 'Steven',
  middle_name: 'Allen',
  last_name: 'Brown',
  date_of_birth: '1980-01-15',
  street_address: '123 Main St',
  city: 'Richmond',
  state: 'VA',
  postal_code: '23219-1234',
});

describe('identity documents checked against the sandbox cases (--verify-identity-documents)', () => {
  it('DL000001 is VERIFIED and DL000002 FAILED, registered by the device or by the RP', async () => {
    const verifier = await t.newCustomer('sandbox verifier', true);
    const device = newDevice(verifier.sdk_credentials);
    await device.register();
    expect(await device.registerDocument(license('DL000001'))).toMatchObject({
      hash: 'hash-DL000001',
      verification_status: 'VERIFIED',
      verified_at: t.clock.now().toISOString(),
    });
    expect(await device.registerDocument(license('DL000002'))).toMatchObject({
      verification_status: 'FAILED',
    });
    const rp = new RpClient({
      baseUrl: 'http://svc',
      credentials: verifier.server_credentials,
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    });
    await rp.bindDevice(device.identifier, 'sandbox-user');
    for (const [number, want] of [
      ['DL000001', 'VERIFIED'],
      ['DL000002', 'FAILED'],
      ['DL000015', 'VERIFIED'],
      ['DL000021', 'FAILED'],
      ['DL000099', 'UNVERIFIABLE'],
    ] as const)
      expect(await rp.registerDocumentFor('sandbox-user', license(number)), number).toMatchObject({
        verification_status: want,
      });
  });

  it('a customer that does not verify documents leaves them UNVERIFIED', async () => {
    const device = newDevice();
    await device.register();
    expect(await device.registerDocument(license('DL000001'))).toMatchObject({
      verification_status: 'UNVERIFIED',
      verified_at: null,
    });
  });
});
