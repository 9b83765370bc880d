import {
  presenceCredentialChallenge,
  type EnrolledDevice,
  type IdentityDocument,
  type PairSvccodeBody,
  type PresenceCredential,
  type PresenceCredentialBody,
  type PushChannel,
  type RejectBody,
  type ResponsesBody,
  type Svcfication,
  type SyncDeviceResponse,
  type WebPushKey,
} from '@svc/wire/web';
import { generateDeviceKeys, publicJwk, type DeviceKeys } from './device-keys.js';
import { deviceSigHeader } from './device-signatures.js';
import { joinUrl, readJson, type FetchLike } from './http.js';
import { answerPayloads, type AnswerOptions, type AssuranceLevel } from './payloads.js';
import { SignedClient, type SignedClientOptions } from './signed-client.js';

const enc = encodeURIComponent;

/** How long a long poll may be held: the server allows 0–30 seconds. */
export interface WaitOptions {
  wait?: number;
}

export interface RegisterOptions {
  /** `device_platform` (default `ios`). */
  platform?: 'android' | 'ios';
  /** `bundle_id`: the app's bundle identifier (≤ 256 characters); not sent unless given. */
  bundleId?: string;
}

/** `documentHash` defaults to the last `registerDocument` hash. */
export interface AcceptOptions extends AnswerOptions {
  /** The level to prove; default: the svcfication's `desired_level` (read first). */
  level?: AssuranceLevel;
}

export interface EnrollOptions extends RegisterOptions {
  /** svc's base URL: needed with a bare code; default, the link's part before `/enroll`. */
  baseUrl?: string;
  /** The device's saved keys; none: new non-extractable ones. */
  keys?: DeviceKeys;
  /** The channel that wakes the device (as `setPushChannel` takes it); none: long poll only. */
  pushChannel?: PushChannel;
  fetch?: FetchLike;
  /** Clock for the Date header (tests). */
  now?: () => Date;
}

/** What an enrollment link (`{base}/enroll#{code}`) or a bare code says. */
export function readEnrollmentLink(linkOrCode: string): { baseUrl?: string; code: string } {
  const at = linkOrCode.lastIndexOf('/enroll#');
  if (at < 0) return { code: linkOrCode.trim() };
  return { baseUrl: linkOrCode.slice(0, at), code: linkOrCode.slice(at + '/enroll#'.length) };
}

const waitQuery = (options: WaitOptions) =>
  options.wait === undefined ? '' : `?wait=${String(options.wait)}`;

/**
 * What a phone app does: holds its keys, registers, signs every call with X-Device-Sig (and the
 * SDK credentials' HMAC), fetches svcfications and answers them with signed payloads.
 */
export class DeviceClient extends SignedClient {
  /** Set by `register`; set it yourself when restoring a registered device. */
  identifier = '';
  /** The hash of the last registered identity document, for level-3 answers. */
  documentHash: string | undefined;

  private keysMade: Promise<DeviceKeys> | undefined;

  /** `keys`: the device's saved keys (see `DeviceKeyStore`); none: new ones, on first use. */
  constructor(options: SignedClientOptions, keys?: DeviceKeys) {
    super(options);
    if (keys) this.keysMade = Promise.resolve(keys);
  }

  /**
   * Enrolls a phone with an enrollment link (or its code and `baseUrl`): one call, signed with
   * X-Device-Sig of the device key and no other credentials, registers the keys, binds them to
   * the RP's user and activates the device. Answers a client that signs with the device's own
   * credentials, and what svc answered (keep `device_credentials` with the keys).
   */
  static async enroll(
    linkOrCode: string,
    options: EnrollOptions = {},
  ): Promise<{ device: DeviceClient; enrolled: EnrolledDevice; baseUrl: string }> {
    const link = readEnrollmentLink(linkOrCode);
    const baseUrl = options.baseUrl ?? link.baseUrl;
    if (!baseUrl) throw new Error('a bare enrollment code needs the baseUrl option');
    const { platform = 'ios', bundleId } = options;
    const keys = options.keys ?? (await generateDeviceKeys());
    const fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
    const response = await fetch(joinUrl(baseUrl, '/api/v2/enrollments/redeem'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-device-sig': await deviceSigHeader(keys.device),
      },
      body: JSON.stringify({
        code: link.code,
        device_public_key: await publicJwk(keys.device),
        auth_public_key: await publicJwk(keys.auth),
        device_platform: platform,
        ...(bundleId === undefined ? {} : { bundle_id: bundleId }),
        ...(options.pushChannel ? { push_channel: options.pushChannel } : {}),
      }),
    });
    const enrolled = await readJson<EnrolledDevice>(response);
    const device = new DeviceClient(
      {
        baseUrl,
        credentials: enrolled.device_credentials,
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.now ? { now: options.now } : {}),
      },
      keys,
    );
    device.identifier = enrolled.identifier;
    return { device, enrolled, baseUrl };
  }

  /**
   * The keys given to the constructor, or else new non-extractable P-256 keys, made at the first
   * call (WebCrypto makes keys asynchronously) and the same from then on.
   */
  keys(): Promise<DeviceKeys> {
    return (this.keysMade ??= generateDeviceKeys());
  }

  async signed<T>(method: string, path: string, body?: unknown) {
    return this.request<T>(method, path, body, {
      'x-device-sig': await deviceSigHeader((await this.keys()).device),
    });
  }

  /**
   * Registers the keys (201 new, 200 known: the same identifier); remembers the identifier.
   * `platform` defaults to `ios`; `bundleId` (your app's bundle identifier) is sent only when given.
   */
  async register(
    options: RegisterOptions | RegisterOptions['platform'] = {},
  ): Promise<SyncDeviceResponse & { status: number }> {
    const { platform = 'ios', bundleId } =
      typeof options === 'string' ? { platform: options } : options;
    const keys = await this.keys();
    const { status, body } = await this.signed<SyncDeviceResponse>('POST', '/api/v2/devices', {
      device_public_key: await publicJwk(keys.device),
      auth_public_key: await publicJwk(keys.auth),
      device_platform: platform,
      ...(bundleId === undefined ? {} : { bundle_id: bundleId }),
    });
    this.identifier = body.identifier;
    return { ...body, status };
  }

  /** A call that carries only X-Device-Sig, no Authorization (pairing a scanned svccode); answers are unsigned. */
  async unauthenticated<T>(method: string, path: string, body: unknown): Promise<T> {
    const response = await this.fetch(joinUrl(this.options.baseUrl, path), {
      method,
      headers: {
        'content-type': 'application/json',
        'x-device-sig': await deviceSigHeader((await this.keys()).device),
      },
      body: JSON.stringify(body),
    });
    return readJson<T>(response);
  }

  /** Registers the user's identity document (replacing the previous one); remembers its hash. */
  async registerDocument(
    document: { hash: string } & Record<string, unknown>,
  ): Promise<IdentityDocument> {
    const { body } = await this.signed<IdentityDocument>(
      'POST',
      '/api/v2/identity_documents',
      document,
    );
    this.documentHash = body.hash;
    return body;
  }

  /** The oldest open svcfication for this device, or null; `wait` holds the call until one comes. */
  async next(options: WaitOptions = {}): Promise<Svcfication | null> {
    const { body } = await this.signed<Svcfication | undefined>(
      'GET',
      `/api/v2/svcfications/next${waitQuery(options)}`,
    );
    return body ?? null;
  }

  /** A svcfication addressed to this device; `wait` holds the call while it is in progress. */
  async get(id: string, options: WaitOptions = {}): Promise<Svcfication> {
    return (
      await this.signed<Svcfication>('GET', `/api/v2/svcfications/${enc(id)}${waitQuery(options)}`)
    ).body;
  }

  /** Accepts with the payloads that prove the level (see `answerPayloads`). */
  async accept(id: string, options: AcceptOptions = {}): Promise<void> {
    const identifier = this.registered();
    const level = options.level ?? ((await this.get(id)).desired_level as AssuranceLevel);
    const list = await answerPayloads(await this.keys(), id, identifier, level, {
      ...options,
      documentHash: options.documentHash ?? this.documentHash,
    });
    await this.signed('POST', '/api/v2/svcfication_responses', {
      payloads: list,
    } satisfies ResponsesBody);
  }

  /**
   * Rejects a svcfication (it becomes `REJECTED`). `fraud`: the user did not start it; svc then
   * refuses new svcfications to the user for a while.
   */
  async reject(id: string, reason?: RejectBody['reason']): Promise<void> {
    this.registered();
    const body = reason === undefined ? undefined : ({ reason } satisfies RejectBody);
    await this.signed('DELETE', `/api/v2/svcfication_responses/${enc(id)}`, body);
  }

  /**
   * Cancels a svcfication addressed to this device (it becomes `CANCELED`), e.g. when the user
   * closes the prompt without deciding; one no longer open is SvcficationClosedError (422).
   */
  async cancel(id: string): Promise<void> {
    this.registered();
    await this.signed('DELETE', `/api/v2/svcfications/${enc(id)}`);
  }

  /**
   * Pairs this device with a scanned svccode payload. The call carries only X-Device-Sig (no
   * Authorization, so the answer is unsigned); 201 has no body.
   */
  async pair(payload: string): Promise<void> {
    await this.unauthenticated<undefined>('POST', '/api/v2/paired_svccodes', {
      identifier: this.registered(),
      payload,
    } satisfies PairSvccodeBody);
  }

  /**
   * The VAPID public key to subscribe with (`PushManager.subscribe`'s `applicationServerKey`).
   * An unsigned read: the key is public.
   */
  async webPushKey(): Promise<string> {
    const response = await this.fetch(joinUrl(this.options.baseUrl, '/api/v2/push/web_push_key'));
    return (await readJson<WebPushKey>(response)).public_key;
  }

  /**
   * Sets the channel svc wakes this device through when a svcfication is created for it,
   * replacing the one it had: a Web Push subscription (`{ type: 'web_push', ...subscription.toJSON() }`),
   * an FCM registration token or an APNs device token. Long polls still work.
   */
  async setPushChannel(channel: PushChannel): Promise<void> {
    this.registered();
    await this.signed('PUT', '/api/v2/push/channel', channel);
  }

  /** Stops the wake-ups; `next` with `wait` still finds every svcfication. */
  async removePushChannel(): Promise<void> {
    this.registered();
    await this.signed('DELETE', '/api/v2/push/channel');
  }

  /**
   * Registers the device's WebAuthn presence credential (web apps' level 2), replacing the one it
   * had. `create` makes it with user verification over the challenge (base64url): in a browser,
   * `navigator.credentials.create` with svc's host as RP ID, and `toJSON()`.
   */
  async setPresenceCredential(
    create: (challenge: string) => Promise<PresenceCredentialBody['credential']>,
  ): Promise<PresenceCredential> {
    const identifier = this.registered();
    const nonce = crypto.randomUUID();
    const credential = await create(await presenceCredentialChallenge(identifier, nonce));
    const body = { nonce, credential } satisfies PresenceCredentialBody;
    return (await this.signed<PresenceCredential>('PUT', '/api/v2/presence/credential', body)).body;
  }

  private registered(): string {
    if (!this.identifier) throw new Error('register the device first');
    return this.identifier;
  }
}
