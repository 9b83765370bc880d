import { readFileSync } from 'node:fs';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import { timeout, withSlash } from './fcm.js';
import type { Sender } from './sender.js';

export interface ApnsSettings {
  apnsKeyFile: string;
  apnsKeyId: string;
  apnsTeamId: string;
  apnsTopic: string;
  apnsBaseUrl: string;
}

/** APNs asks that a provider token be renewed at most every 20 minutes and used at most an hour. */
const tokenLifetimeMs = 40 * 60 * 1000;

/**
 * APNs: an alert over HTTP/2 (one connection, reopened when it closes), authorized by an ES256
 * provider token (`kid` the key ID, `iss` the team ID), to the device's bundle ID or the
 * configured topic. The outbox item's id is the `apns-id`, so APNs can tell a retry.
 */
export function apnsSender(settings: ApnsSettings): Sender {
  const pem = readFileSync(settings.apnsKeyFile, 'utf8');
  let key: Promise<CryptoKey> | null = null;
  let cached: { token: string; until: number } | null = null;
  let session: ClientHttp2Session | null = null;

  async function providerToken(): Promise<string> {
    if (cached && Date.now() < cached.until) return cached.token;
    key ??= importPKCS8(pem, 'ES256');
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: settings.apnsKeyId })
      .setIssuer(settings.apnsTeamId)
      .setIssuedAt()
      .sign(await key);
    cached = { token, until: Date.now() + tokenLifetimeMs };
    return token;
  }

  function open(): ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = connect(settings.apnsBaseUrl);
    opened.on('error', () => opened.destroy());
    opened.on('close', () => {
      if (session === opened) session = null;
    });
    opened.unref();
    return (session = opened);
  }

  return async (channel, message, { id, ttlSeconds, signal }) => {
    const token = await providerToken();
    const path = new URL(`3/device/${channel.address}`, withSlash(settings.apnsBaseUrl)).pathname;
    const request = open().request(
      {
        [constants.HTTP2_HEADER_METHOD]: 'POST',
        [constants.HTTP2_HEADER_PATH]: path,
        authorization: `bearer ${token}`,
        'apns-topic': settings.apnsTopic,
        'apns-push-type': 'alert',
        'apns-priority': '10',
        'apns-expiration': String(Math.floor(Date.now() / 1000) + ttlSeconds),
        'apns-id': id,
        'content-type': 'application/json',
      },
      { signal: timeout(signal) },
    );
    const status = new Promise<number>((resolve, reject) => {
      request.once('response', (headers) =>
        resolve(Number(headers[constants.HTTP2_HEADER_STATUS])),
      );
      request.once('error', reject);
    });
    request.end(
      JSON.stringify({
        aps: { alert: { title: message.relying_party, body: message.action }, sound: 'default' },
        svc: message,
      }),
    );
    const answered = await status;
    request.resume();
    if (answered === 403) cached = null;
    return answered;
  };
}
