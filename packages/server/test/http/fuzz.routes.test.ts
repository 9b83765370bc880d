import { createHash } from 'node:crypto';
import { deviceSigHeader } from '@svc/sdk';
import { svcAuthorization } from '@svc/wire';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorBodyProblem, useRouteMatrix } from './route-matrix.kit.js';

/**
 * A property-based fuzzer over every route of the three areas (from their OpenAPI documents):
 * hostile paths, queries, bodies, content types, credentials and signatures. Whatever comes, no
 * 5xx, every error is the spec's Error body (or, on the OpenID Provider's routes, an OAuth error;
 * half their samples name a real organization, so the provider itself answers), and a refused
 * request changes no state (read back). Bounded in runs and time; a failure prints the seed that
 * replays it.
 */
const { state, routes } = useRouteMatrix();

/**
 * Bookkeeping, not resource state: seen X-Device-Sig nonces, claimed writes, and the limits'
 * counters (PostgreSQL's `rate_limits`: a refused request counts toward its client's limits).
 */
const bookkeeping = new Set(['nonces', 'idempotency', 'rate_limits']);

/** This app's tables (on PostgreSQL its own schema's: `own-schema.ts`). */
async function tableNames(): Promise<string[]> {
  const tables = await state.t.store.db.introspection.getTables();
  return tables.map((t) => t.name).sort();
}

/** A digest of every row of every table. */
async function snapshot(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of await tableNames()) {
    if (bookkeeping.has(name)) continue;
    // A refusal is recorded (credential.refused): that event is the only write it may make.
    const rows =
      name === 'audit_events'
        ? await state.t.store.db
            .selectFrom('audit_events')
            .selectAll()
            .where('action', '!=', 'credential.refused')
            .execute()
        : await state.t.store.db
            .selectFrom(name as 'users')
            .selectAll()
            .execute();
    hash.update(name).update(
      rows
        .map((r) => JSON.stringify(r))
        .sort()
        .join('\n'),
    );
  }
  return hash.digest('hex');
}

type Auth = 'none' | 'garbage' | 'bad-signature' | 'stale-date' | 'bearer' | 'api-key' | 'signed';
const kinds = ['server', 'sdk', 'user'] as const;

const hostileText = fc.oneof(
  fc.constantFrom('x', '%00', 'a'.repeat(600), '..%2F..', '%F0%9F%92%A9', "1' or '1'='1", '%', ''),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent),
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }),
  fc.string({ maxLength: 60 }),
  fc.constantFrom('{"x":', '[]', 'null', '{"deep":' + '['.repeat(300) + ']'.repeat(300) + '}'),
  fc
    .dictionary(
      fc.constantFrom('aamva', 'payloads', 'device_public_key', 'active', 'desired_level', 'name'),
      fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string())),
    )
    .map((o) => JSON.stringify(o)),
);
/**
 * Numbers as query text that JavaScript's `Number` (which ajv's coercion uses) reads beyond the
 * range checks, as another number than written, or not at all: non-finite, past 2^53, other
 * notations, stray spaces.
 */
const numberText = fc.oneof(
  fc.constantFrom(
    '1e400',
    '-1e400',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e21',
    '9007199254740993',
    '-9007199254740993',
    '0x10',
    '0b11',
    '0o7',
    '1_0',
    ' 5',
    '5 ',
    '5.0',
    '5.5',
    '1e1',
    '-0',
    '+5',
    '',
    '\u0663',
  ),
  fc.double().map(String),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
);
const numericQuery = fc
  .record({ name: fc.constantFrom('limit', 'wait'), value: numberText })
  // A wait the route accepts holds the request for that many seconds: nothing to find there.
  .filter(({ name, value }) => name !== 'wait' || !(+value >= 1 && +value <= 30));
const request = fc.record({
  route: fc.integer({ min: 0, max: 1000 }),
  param: hostileText,
  query: fc.option(hostileText, { nil: undefined }),
  number: fc.option(numericQuery, { nil: undefined }),
  body,
  contentType: fc.constantFrom('application/json', 'text/plain', '', 'application/json; x=1'),
  auth: fc.constantFrom<Auth>(
    'none',
    'garbage',
    'bad-signature',
    'stale-date',
    'bearer',
    'api-key',
    'signed',
  ),
  kind: fc.constantFrom(...kinds),
  deviceSig: fc.constantFrom('valid', 'garbage', 'none'),
  ownOrganization: fc.boolean(),
  idempotencyKey: fc.option(
    fc.string({ maxLength: 300 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
    {
      nil: undefined,
    },
  ),
});

async function headersOf(r: Sample, method: string, url: string): Promise<Record<string, string>> {
  const headers: Record<string, string> = {};
  if (r.contentType && r.body !== undefined) headers['content-type'] = r.contentType;
  if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
  if (r.deviceSig === 'valid')
    headers['x-device-sig'] = await deviceSigHeader((await state.device.keys()).device);
  if (r.deviceSig === 'garbage') headers['x-device-sig'] = 'tp:nonce:sig';
  const creds = state.t.customer[`${r.kind}_credentials`];
  const now = state.t.clock.now();
  const date = (r.auth === 'stale-date' ? new Date(now.getTime() - 3_600_000) : now).toUTCString();
  const signed = (secret: string) =>
    svcAuthorization(creds.token, secret, {
      method,
      body: r.body ?? '',
      contentType: headers['content-type'] ?? '',
      date,
      path: url,
    });
  if (r.auth === 'garbage') headers.authorization = 'SVC \u00e9:::';
  if (r.auth === 'bearer') headers.authorization = `Bearer ${state.t.customer.sandbox_token}`;
  if (r.auth === 'api-key') headers.authorization = `SVC ${state.t.customer.fido_api_key}`;
  if (r.auth === 'bad-signature') headers.authorization = signed('not-the-secret');
  if (r.auth === 'signed' || r.auth === 'stale-date') headers.authorization = signed(creds.secret);
  if (r.auth === 'signed' || r.auth === 'stale-date' || r.auth === 'bad-signature')
    headers['x-date'] = date;
  return headers;
}

interface Sample {
  route: number;
  param: string;
  query: string | undefined;
  /** `wait` or `limit`, beside a `user_identifier` so that the history reaches its query. */
  number: { name: string; value: string } | undefined;
  body: string | undefined;
  contentType: string;
  auth: Auth;
  kind: (typeof kinds)[number];
  deviceSig: string;
  /** `{organization_id}` is the matrix's organization rather than `param`. */
  ownOrganization: boolean;
  idempotencyKey: string | undefined;
}

function queryOf(r: Sample): string {
  const parts = [];
  if (r.query) parts.push(`q=${r.query}`);
  if (r.number)
    parts.push(`user_identifier=x&${r.number.name}=${encodeURIComponent(r.number.value)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

async function send(r: Sample) {
  const route = routes[r.route % routes.length]!;
  const url =
    route.path.replace(/\{([^}]+)\}/g, (_, name) =>
      name === 'organization_id' && r.ownOrganization ? state.organizationId : r.param,
    ) + queryOf(r);
  const headers = await headersOf(r, route.method, url);
  const res = await state.t.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    payload: r.body,
  });
  return { res, route };
}

// The routes are known once the matrix app is up (beforeAll): examples are made in the test.
/** A request to one route, to seed the run with each kind of refusal whatever the time limit. */
function example(method: string, path: string, sample: Partial<Sample>): [Sample] {
  const route = routes.findIndex((r) => r.method === method && r.path === path);
  if (route < 0) throw new Error(`no route ${method} ${path}`);
  const base: Sample = {
    route,
    param: 'x',
    query: undefined,
    number: undefined,
    body: undefined,
    contentType: 'application/json',
    auth: 'signed',
    kind: 'server',
    deviceSig: 'none',
    ownOrganization: false,
    idempotencyKey: undefined,
  };
  return [{ ...base, ...sample }];
}
const verify = ['POST', '/api/v2/verifications'] as const;
const device = ['GET', '/api/v2/devices/{identifier}'] as const;
const token = ['POST', '/oidc/{organization_id}/token'] as const;
const userinfo = ['GET', '/oidc/{organization_id}/me'] as const;
const history = ['GET', '/api/v2/svcfications'] as const;
const svccode = ['GET', '/api/v2/svccodes/{id}'] as const;
const examples = () => [
  example(...verify, { auth: 'garbage', body: '{}' }), // 401
  example(...verify, { auth: 'bearer', body: '{"x":' }), // 400
  example(...verify, { auth: 'bearer', body: 'x', contentType: 'text/plain' }), // 415
  example(...verify, { auth: 'bearer', body: '{"aamva":{"what":1}}' }), // 422
  example(...device, { auth: 'bad-signature' }), // 403
  example(...device, {}), // 404
  example(...token, { ownOrganization: true, auth: 'bearer', body: '{}' }), // 400 OAuth
  example(...userinfo, { ownOrganization: true, auth: 'bearer' }), // 401 OAuth
  example(...history, { number: { name: 'limit', value: '1e400' } }), // 422
  example(...svccode, { auth: 'none', number: { name: 'wait', value: '1e400' } }), // 400
];

describe('fuzzer', () => {
  it('no 5xx, every error is an Error body, a refused request changes nothing', async () => {
    let before = await snapshot();
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(request, async (r: Sample) => {
        const { res, route } = await send(r);
        seen.add(res.statusCode);
        const after = await snapshot();
        expect(res.statusCode, res.body).toBeLessThan(500);
        if (res.statusCode >= 400) {
          expect(errorBodyProblem(route, res), res.body).toBeNull();
          expect(after, `${res.statusCode} ${res.body}`).toBe(before);
        }
        before = after;
      }),
      {
        examples: examples(),
        numRuns: 1500,
        interruptAfterTimeLimit: 15_000,
        markInterruptAsFailure: false,
      },
    );
    // The samples reach past authentication into validation and the use cases (the examples
    // guarantee it even when a slow machine cuts the run short).
    for (const status of [400, 401, 403, 404]) expect([...seen]).toContain(status);
    expect([...seen].some((s) => s === 422 || s === 415)).toBe(true);
  }, 60_000);
});
