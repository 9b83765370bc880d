import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from './helpers.js';
import {
  documentNames,
  servedDocuments,
  type ApiDocument,
  type DocumentName,
} from './openapi.kit.js';

// Idempotency-Key is documented exactly where svc replays a write for it (core/http/replay.ts):
// writes authenticated by a customer's credentials whose answer holds no secret shown once.
let t: TestApp;
let docs: Record<DocumentName, ApiDocument>;
beforeAll(async () => {
  t = await testApp();
  docs = await servedDocuments(t);
});
afterAll(async () => t.close());

const customerSchemes = ['SvcHmac', 'SandboxBearer', 'FidoApiKey'];

/** Every write of the documents: where it is, its security, and whether it names the key. */
function writes() {
  return documentNames.flatMap((name) =>
    Object.entries(docs[name].paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => method !== 'get')
        .map(([method, operation]) => {
          const { parameters = [], security = [] } = operation as {
            parameters?: { name: string; in: string }[];
            security?: Record<string, unknown>[];
          };
          return {
            at: `${name} ${method.toUpperCase()} ${path}`,
            security,
            keyed: parameters.some((p) => p.name === 'Idempotency-Key' && p.in === 'header'),
          };
        }),
    ),
  );
}

describe('Idempotency-Key in the OpenAPI documents', () => {
  it('is not named where svc ignores it: device-signed pairing, no credentials, secrets', () => {
    const keyed = new Map(writes().map((w) => [w.at, w.keyed]));
    expect(keyed.get('main POST /api/v2/paired_svccodes')).toBe(false);
    expect(keyed.get('main POST /api/v2/svccodes')).toBe(false);
    expect(keyed.get('fido POST /fido/registrations/{id}/verify')).toBe(false);
    expect(keyed.get('fido POST /api/v1/organizations/{id}/client_secret')).toBe(false);
  });

  it('is named on writes by a customer: RP, device app (SDK credentials), sandbox, FIDO API', () => {
    const keyed = new Map(writes().map((w) => [w.at, w.keyed]));
    for (const at of [
      'main POST /api/v2/svcfications',
      'main DELETE /api/v2/svcfications/{id}',
      'main POST /api/v2/devices',
      'main POST /api/v2/svcfication_responses',
      'main POST /api/v2/user_bindings',
      'sandbox POST /api/v2/verifications',
      'fido POST /api/v1/registrations',
    ])
      expect(keyed.get(at), at).toBe(true);
  });

  it('every keyed write names a customer in each of its security requirements', () => {
    const keyed = writes().filter((w) => w.keyed);
    expect(keyed.length).toBeGreaterThan(20);
    for (const w of keyed)
      expect(
        w.security.length > 0 &&
          w.security.every((r) => customerSchemes.some((scheme) => scheme in r)),
        w.at,
      ).toBe(true);
  });
});
