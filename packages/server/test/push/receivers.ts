import { writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createHttp2Server, constants, type Http2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  decodeProtectedHeader,
  exportPKCS8,
  generateKeyPair,
  jwtVerify,
  type JWTPayload,
} from 'jose';
import { checkVapid, newSubscriber, type Subscriber } from './rfc8291.js';

/** What a loopback push service received: the request and what the test made of it. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  /** The decrypted Web Push payload, the FCM message or the APNs body, parsed. */
  body: Record<string, unknown>;
  /** The VAPID JWT's, the FCM access token exchange's or the APNs provider token's claims. */
  claims: JWTPayload;
}

/** The statuses the next requests are answered with (then 201 / 200). */
type Answers = number[];

function readBody(request: AsyncIterable<Buffer>): Promise<Buffer> {
  return (async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk);
    return Buffer.concat(chunks);
  })();
}

/**
 * A Web Push service on loopback: `subscribe()` makes a subscription with its own keys; every
 * push is checked (aes128gcm, TTL, urgency, VAPID JWT for this origin) and decrypted.
 */
export async function webPushService() {
  const subscribers = new Map<string, Subscriber>();
  const received: Received[] = [];
  const problems: string[] = [];
  const answers: Answers = [];
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const path = request.url ?? '';
      try {
        const subscriber = subscribers.get(path);
        if (!subscriber) throw new Error(`unknown subscription ${path}`);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!/^\d+$/.test(String(request.headers.ttl))) throw new Error('no TTL');
        const { claims } = await checkVapid(request.headers.authorization, origin);
        const message = JSON.parse(subscriber.decrypt(body)) as Record<string, unknown>;
        received.push({ path, headers: request.headers, body: message, claims });
        response.writeHead(answers.shift() ?? 201).end();
      } catch (err) {
        problems.push((err as Error).message);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    problems,
    answers,
    subscribe(name = `s${subscribers.size}`) {
      const subscriber = newSubscriber();
      subscribers.set(`/push/${name}`, subscriber);
      return {
        type: 'web_push' as const,
        endpoint: `${origin}/push/${name}`,
        keys: subscriber.keys,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * FCM on loopback: a service account (its key file written for the server), its OAuth token
 * endpoint (the RFC 7523 assertion checked) and the HTTP v1 send endpoint (the bearer token and
 * the message checked).
 */
export async function fcmService(dir = tmpdir()) {
  const { publicKey: verifyKey, privateKey } = await generateKeyPair('RS256', {
    extractable: true,
  });
  const received: Received[] = [];
  const problems: string[] = [];
  const answers: Answers = [];
  const tokens = new Map<string, JWTPayload>();
  let exchanges = 0;
  const email = 'svc-push@example-project.iam.gserviceaccount.com';
  const server = createServer((request, response) => {
    void (async () => {
      const body = (await readBody(request)).toString('utf8');
      try {
        if (request.url === '/token') {
          const form = new URLSearchParams(body);
          if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
            throw new Error('wrong grant_type');
          const { payload } = await jwtVerify(form.get('assertion') ?? '', verifyKey, {
            issuer: email,
            audience: `${origin}/token`,
          });
          if (payload.scope !== 'https://www.googleapis.com/auth/firebase.messaging')
            throw new Error('wrong scope');
          const token = `ya29.test-${++exchanges}`;
          tokens.set(token, payload);
          response.writeHead(200, { 'content-type': 'application/json' });
          return response.end(
            JSON.stringify({ access_token: token, expires_in: 3599, token_type: 'Bearer' }),
          );
        }
        if (request.url !== '/v1/projects/example-project/messages:send')
          throw new Error(`path ${request.url}`);
        const claims = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!claims) throw new Error('unknown access token');
        if (request.headers['content-type'] !== 'application/json') throw new Error('not JSON');
        const { message } = JSON.parse(body) as { message: Record<string, unknown> };
        received.push({ path: request.url, headers: request.headers, body: message, claims });
        const status = answers.shift() ?? 200;
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          status === 200 ? JSON.stringify({ name: 'projects/example-project/messages/1' }) : '{}',
        );
      } catch (err) {
        problems.push((err as Error).message);
        response.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accountFile = join(dir, `fcm-${process.pid}-${Date.now()}.json`);
  writeFileSync(
    accountFile,
    JSON.stringify({
      type: 'service_account',
      project_id: 'example-project',
      client_email: email,
      private_key: await exportPKCS8(privateKey),
      token_uri: `${origin}/token`,
    }),
  );
  return {
    origin,
    accountFile,
    received,
    problems,
    answers,
    exchanges: () => exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** APNs on loopback, over cleartext HTTP/2: the provider token, the headers and the body checked. */
export async function apnsService(dir = tmpdir()) {
  const { publicKey: verifyKey, privateKey } = await generateKeyPair('ES256', {
    extractable: true,
  });
  const received: Received[] = [];
  const problems: string[] = [];
  const answers: Answers = [];
  const settings = {
    apnsKeyId: 'ABC123DEFG',
    apnsTeamId: 'DEF123GHIJ',
    apnsTopic: 'com.example.authenticator',
  };
  const server = createHttp2Server((request, response) => {
    void (async () => {
      const body = await readBody(request);
      try {
        if (request.method !== 'POST' || !/^\/3\/device\/[0-9a-f]{64,}$/.test(request.url))
          throw new Error(`request ${request.url}`);
        const token = (request.headers.authorization ?? '').replace(/^bearer /, '');
        if (decodeProtectedHeader(token).kid !== settings.apnsKeyId) throw new Error('wrong kid');
        const { payload } = await jwtVerify(token, verifyKey, {
          issuer: settings.apnsTeamId,
          algorithms: ['ES256'],
        });
        for (const [name, value] of Object.entries({
          'apns-topic': settings.apnsTopic,
          'apns-push-type': 'alert',
          'apns-priority': '10',
        }))
          if (request.headers[name] !== value)
            throw new Error(`${name} is ${String(request.headers[name])}`);
        if (!/^[0-9a-f-]{36}$/.test(String(request.headers['apns-id'])))
          throw new Error('apns-id is not a UUID');
        received.push({
          path: request.url,
          headers: request.headers,
          body: JSON.parse(body.toString('utf8')) as Record<string, unknown>,
          claims: payload,
        });
        const status = answers.shift() ?? 200;
        response.writeHead(status, { [constants.HTTP2_HEADER_CONTENT_TYPE]: 'application/json' });
        response.end(status === 410 ? JSON.stringify({ reason: 'Unregistered' }) : '');
      } catch (err) {
        problems.push((err as Error).message);
        response.writeHead(400).end(JSON.stringify({ reason: 'BadRequest' }));
      }
    })();
  });
  const sessions = new Set<Http2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keyFile = join(dir, `apns-${process.pid}-${Date.now()}.p8`);
  writeFileSync(keyFile, await exportPKCS8(privateKey));
  return {
    origin,
    config: { ...settings, apnsKeyFile: keyFile, apnsBaseUrl: origin },
    received,
    problems,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
