import { describe, expect, it } from 'vitest';
import {
  ConflictError,
  CredentialsError,
  DependencyError,
  FidoClient,
  GoneError,
  NoDocumentsError,
  NotFoundError,
  RateLimitError,
  ResponseSignatureError,
  RpClient,
  SandboxClient,
  ServerError,
  SvcApiError,
  SvcficationClosedError,
  TooLargeError,
  ValidationError,
} from '../src/index.js';
import { boundDevice, newCustomer, useServer } from './kit.js';

const server = useServer({ env: { SVC_LOG_LEVEL: 'warn' } });

/** The error a call fails with (the test fails when it succeeds). */
async function failure(call: Promise<unknown>): Promise<SvcApiError> {
  const error: unknown = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  if (!(error instanceof SvcApiError)) throw error;
  return error;
}

describe('typed errors from a spawned `svc serve`', () => {
  it('credentials: a wrong HMAC secret (403), sandbox token (401) or FIDO key (403)', async () => {
    const { customer } = newCustomer(server());
    const wrong = new RpClient({
      baseUrl: server().url,
      credentials: { ...customer.server_credentials, secret: 'not-the-secret' },
    });
    const signed = await failure(wrong.getDevice('any'));
    expect(signed).toBeInstanceOf(CredentialsError);
    expect(signed).toMatchObject({ status: 403, code: 'FORBIDDEN' });

    const sandbox = new SandboxClient({ baseUrl: server().url, token: 'nope' });
    expect(await failure(sandbox.verify({ identification_id: 'DL000001' }))).toMatchObject({
      name: 'CredentialsError',
      status: 401,
    });
    const fido = new FidoClient({ baseUrl: server().url, apiKey: 'nope' });
    expect(await failure(fido.listRedirectUris())).toBeInstanceOf(CredentialsError);
  });

  it('not found, conflict, dependency and too large', async () => {
    const { customer, rp } = newCustomer(server());
    const missing = await failure(rp.getDevice('no-such-device'));
    expect(missing).toBeInstanceOf(NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'DEVICE_NOT_FOUND' });
    expect(missing.body).toMatchObject({ error: 'DEVICE_NOT_FOUND', message: expect.any(String) });

    const device = await boundDevice(server(), customer, rp, 'jo');
    const conflict = await failure(rp.bindDevice(device.identifier, 'someone-else'));
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ status: 409, code: 'DEVICE_ALREADY_BOUND' });

    const unknown = await failure(rp.bindDevice('no-such-device', 'kim'));
    expect(unknown).toBeInstanceOf(DependencyError);
    expect(unknown).not.toBeInstanceOf(NoDocumentsError);
    expect(unknown).toMatchObject({ status: 424, code: 'DEVICE_UNKNOWN' });

    expect(await failure(rp.getDevice('x'.repeat(300)))).toBeInstanceOf(TooLargeError);
  });

  it('validation: field_errors, the svcfication error list, and a closed svcfication', async () => {
    const { customer, rp } = newCustomer(server());
    const unbound = await failure(
      rp.createSvcfication({
        action: 'login',
        resource: 'web',
        desired_level: 1,
        user_identifier: 'nobody',
      }),
    );
    expect(unbound).toBeInstanceOf(ValidationError);
    expect(unbound).toMatchObject({
      status: 422,
      code: 'SVCFICATION_INVALID',
      fieldErrors: { user_identifier: ['is not bound to any device'] },
      errors: ['user_identifier is not bound to any device'],
    });

    const sandbox = new SandboxClient({ baseUrl: server().url, token: customer.sandbox_token });
    const fields = await failure(
      sandbox.verify({ identification_id: 'DL000001', person_birth_date: '19991399' }),
    );
    expect(fields).toBeInstanceOf(ValidationError);
    expect((fields as ValidationError).fieldErrors).toHaveProperty(['aamva.person_birth_date']);

    const fido = new FidoClient({ baseUrl: server().url, apiKey: customer.fido_api_key });
    const missing = await failure(fido.createOrganization({ name: '', domain_name: 'localhost' }));
    expect(missing).toMatchObject({ name: 'ValidationError', status: 400 });

    await boundDevice(server(), customer, rp, 'lee');
    const created = await rp.createSvcfication({
      action: 'login',
      resource: 'web',
      desired_level: 1,
      user_identifier: 'lee',
    });
    await rp.cancelSvcfication(created.id);
    const closed = await failure(rp.cancelSvcfication(created.id));
    expect(closed).toBeInstanceOf(SvcficationClosedError);
    expect(closed).toBeInstanceOf(ValidationError);
    expect(closed).toMatchObject({ status: 422, code: 'SVCFICATION_CLOSED' });
  });

  it('no documents: level 3 for a user without an identity document', async () => {
    const { customer, rp } = newCustomer(server());
    await boundDevice(server(), customer, rp, 'max');
    const error = await failure(
      rp.createSvcfication({
        action: 'a',
        resource: 'r',
        desired_level: 3,
        user_identifier: 'max',
      }),
    );
    expect(error).toBeInstanceOf(NoDocumentsError);
    expect(error).toBeInstanceOf(DependencyError);
    expect(error).toMatchObject({ status: 424, code: 'NO_DOCUMENTS' });
  });

  it('a 2xx answer whose signature does not verify', async () => {
    const { customer, rp } = newCustomer(server());
    const device = await boundDevice(server(), customer, rp, 'ned');
    const altered = new RpClient({
      baseUrl: server().url,
      credentials: customer.server_credentials,
      // A man in the middle that rewrites PATCH answers.
      fetch: async (input, init) => {
        const real = await fetch(input, init);
        const text = await real.text();
        if (init?.method !== 'PATCH') return new Response(text, real);
        const forged = text.replace('"active":true', '"active":false');
        return new Response(forged, { status: real.status, headers: real.headers });
      },
    });
    expect(await altered.getDevice(device.identifier)).toMatchObject({ active: true });
    const error = await failure(altered.setDeviceActive(device.identifier, true));
    expect(error).toBeInstanceOf(ResponseSignatureError);
    expect(error.code).toBe('BAD_RESPONSE_SIGNATURE');
  });
});

describe('typed errors the service has no route for today', () => {
  const answering = (status: number, body: string, headers: Record<string, string> = {}) =>
    new FidoClient({
      baseUrl: 'http://svc.invalid',
      apiKey: 'k',
      fetch: async () => new Response(body, { status, headers }),
    });
  const json = (code: string) => JSON.stringify({ error: code, message: 'm', description: 'd' });

  it('410 gone, 429 with Retry-After, 5xx with a JSON or an HTML body', async () => {
    expect(await failure(answering(410, json('FIDO_LINK_USED')).listRedirectUris())).toMatchObject({
      name: 'GoneError',
      status: 410,
      description: 'd',
    });
    const limited = await failure(
      answering(429, json('SLOW_DOWN'), { 'retry-after': '7' }).listRedirectUris(),
    );
    expect(limited).toBeInstanceOf(RateLimitError);
    expect((limited as RateLimitError).retryAfter).toBe(7);
    expect(await failure(answering(500, json('INTERNAL')).listRedirectUris())).toBeInstanceOf(
      ServerError,
    );
    const proxy = await failure(answering(502, '<html>Bad gateway</html>').listRedirectUris());
    expect(proxy).toBeInstanceOf(ServerError);
    expect(proxy).toMatchObject({ status: 502, body: '<html>Bad gateway</html>', code: undefined });
    expect(await failure(answering(410, '').listRedirectUris())).toBeInstanceOf(GoneError);
  });
});
