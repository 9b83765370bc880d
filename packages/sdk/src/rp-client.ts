import {
  type ActiveBody,
  type CreateEnrollmentBody,
  type CreatedEnrollment,
  type Enrollment,
  type DeviceResponse,
  type IdentityDocument,
  type IdentityDocumentBody,
  type PairedSvccode,
  type Svcfication,
  type UserBindingBody,
  type UserDeviceBody,
  type UserDeviceResponse,
  type UserIdentifier,
} from '@svc/wire/web';
import {
  CallbackVerifier,
  customerIdOf,
  type CallbackHeaders,
  type CallbackResource,
  type VerifiedCallback,
} from './callbacks.js';
import { AuditLog } from './audit.js';
import { SignedClient } from './signed-client.js';
import { svcficationBody, type SvcficationInput } from './svcfication-input.js';

const enc = encodeURIComponent;

/** How long one long poll of `waitForResult` may be held by the service (its maximum). */
const maxWaitSeconds = 30;

export interface HistoryOptions {
  /** Page size, 1–100 (default 20). */
  limit?: number;
  /** Only svcfications created before this instant (the `created_at` of a page's last one). */
  before?: Date | string;
  /**
   * With `before`: the `id` of that last one, so that the page goes on after it among those
   * created at the same instant too (otherwise they are skipped).
   */
  beforeId?: string;
}

/**
 * A relying party's backend client (server credentials): devices, bindings, user identifiers,
 * users, identity documents, svcfications, paired svccodes and user bindings of Area B. Requests
 * are HMAC-signed and every answer's X-Signature is checked.
 */
export class RpClient extends SignedClient {
  private verifier: CallbackVerifier | undefined;
  /** The customer's audit trail: events, checkpoints, proofs and their checks. */
  readonly audit = new AuditLog((path) => this.body('GET', path), '/api/v2');

  /** `GET /api/v2/devices/{identifier}`. */
  async getDevice(identifier: string): Promise<DeviceResponse> {
    return this.body('GET', `/api/v2/devices/${enc(identifier)}`);
  }

  /** `PATCH /api/v2/devices/{identifier}`: activates or deactivates a device. */
  async setDeviceActive(identifier: string, active: boolean): Promise<DeviceResponse> {
    return this.body('PATCH', `/api/v2/devices/${enc(identifier)}`, {
      active,
    } satisfies ActiveBody);
  }

  /** `POST /api/v2/user_devices`: binds a device to your user identifier (inactive at first). */
  async bindDevice(deviceIdentifier: string, userIdentifier: string): Promise<UserDeviceResponse> {
    return this.body('POST', '/api/v2/user_devices', {
      device_identifier: deviceIdentifier,
      user_identifier: userIdentifier,
    } satisfies UserDeviceBody);
  }

  /** `PATCH /api/v2/user_devices/{id}`: activates (also the device) or deactivates a binding. */
  async setBindingActive(id: string, active: boolean): Promise<UserDeviceResponse> {
    return this.body('PATCH', `/api/v2/user_devices/${enc(id)}`, { active } satisfies ActiveBody);
  }

  /**
   * `POST /api/v2/enrollments`: a single-use link (10 minutes unless `expires_in`) that puts a
   * phone on `user_identifier` in one step; show its `link` or `qr` to the user.
   */
  async createEnrollment(
    userIdentifier: string,
    options: Omit<CreateEnrollmentBody, 'user_identifier'> = {},
  ): Promise<CreatedEnrollment> {
    return this.body('POST', '/api/v2/enrollments', {
      user_identifier: userIdentifier,
      ...options,
    } satisfies CreateEnrollmentBody);
  }

  /**
   * `GET /api/v2/enrollments/{id}`: PENDING, ENROLLED (with `device_identifier`) or EXPIRED; with
   * `wait` (seconds, ≤ 30) the service holds a PENDING answer until a device enrolls.
   */
  async getEnrollment(
    id: string,
    options: { wait?: number; signal?: AbortSignal } = {},
  ): Promise<Enrollment> {
    const query = options.wait === undefined ? '' : `?wait=${options.wait}`;
    const path = `/api/v2/enrollments/${enc(id)}${query}`;
    return (await this.request<Enrollment>('GET', path, undefined, {}, options)).body;
  }

  /** `POST /api/v2/user_identifiers`: gives the svc user `svcId` your identifier. */
  async createUserIdentifier(svcId: string, identifier: string): Promise<void> {
    await this.request('POST', '/api/v2/user_identifiers', {
      svc_id: svcId,
      identifier,
    } satisfies UserIdentifier);
  }

  /** `GET /api/v2/user_identifiers/{identifier}`. */
  async getUserIdentifier(identifier: string): Promise<UserIdentifier> {
    return this.body('GET', `/api/v2/user_identifiers/${enc(identifier)}`);
  }

  /** `DELETE /api/v2/users/{userIdentifier}`: deactivates every device of the user. */
  async deactivateUser(userIdentifier: string): Promise<void> {
    await this.request('DELETE', `/api/v2/users/${enc(userIdentifier)}`);
  }

  /** `GET /api/v2/identity_documents?user_identifier=`: the user's documents (none: `[]`). */
  async listDocuments(userIdentifier: string): Promise<IdentityDocument[]> {
    return this.body('GET', `/api/v2/identity_documents?user_identifier=${enc(userIdentifier)}`);
  }

  /** `GET /api/v2/identity_documents/{id}`. */
  async getDocument(id: string): Promise<IdentityDocument> {
    return this.body('GET', `/api/v2/identity_documents/${enc(id)}`);
  }

  /** `POST /api/v2/users/{userIdentifier}/identity_document`: registers one for a bound user. */
  async registerDocumentFor(
    userIdentifier: string,
    document: IdentityDocumentBody,
  ): Promise<IdentityDocument> {
    return this.body('POST', `/api/v2/users/${enc(userIdentifier)}/identity_document`, document);
  }

  /** `POST /api/v2/svcfications`: asks the target's device to approve `action` on `resource`. */
  async createSvcfication(input: SvcficationInput): Promise<Svcfication> {
    return this.body('POST', '/api/v2/svcfications', svcficationBody(input));
  }

  /**
   * `GET /api/v2/svcfications/{id}`; with `wait` (seconds, ≤ 30) the service holds the answer
   * until the status leaves `IN_PROGRESS`.
   */
  async getSvcfication(
    id: string,
    options: { wait?: number; signal?: AbortSignal } = {},
  ): Promise<Svcfication> {
    const query = options.wait === undefined ? '' : `?wait=${options.wait}`;
    const path = `/api/v2/svcfications/${enc(id)}${query}`;
    return (await this.request<Svcfication>('GET', path, undefined, {}, options)).body;
  }

  /**
   * Long-polls until the svcfication is final (accepted at some level, `REJECTED`, `EXPIRED`,
   * `CANCELED`) and answers it. Every svcfication expires, so without `timeoutMs` this ends by
   * its `expires_at`; after `timeoutMs` (rounded up to whole seconds of long poll) it answers
   * the svcfication as it then reads, still `IN_PROGRESS`. `signal` aborts the poll in flight.
   */
  async waitForResult(
    id: string,
    options: { timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<Svcfication> {
    const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
    for (;;) {
      options.signal?.throwIfAborted();
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      const wait = Math.min(maxWaitSeconds, left);
      const svcfication = await this.getSvcfication(id, { wait, signal: options.signal });
      if (svcfication.status !== 'IN_PROGRESS' || Date.now() >= deadline) return svcfication;
    }
  }

  /** `DELETE /api/v2/svcfications/{id}`: cancels it; one no longer open is SvcficationClosedError. */
  async cancelSvcfication(id: string): Promise<void> {
    await this.request('DELETE', `/api/v2/svcfications/${enc(id)}`);
  }

  /**
   * `GET /api/v2/svcfications?user_identifier=`: one page of a user's history, newest first (by
   * `created_at`, then `id`).
   */
  async listSvcfications(
    userIdentifier: string,
    options: HistoryOptions = {},
  ): Promise<Svcfication[]> {
    const query = new URLSearchParams({ user_identifier: userIdentifier });
    if (options.limit !== undefined) query.set('limit', String(options.limit));
    if (options.before !== undefined)
      query.set(
        'before',
        options.before instanceof Date ? options.before.toISOString() : options.before,
      );
    if (options.beforeId !== undefined) query.set('before_id', options.beforeId);
    return this.body('GET', `/api/v2/svcfications?${query.toString()}`);
  }

  /** Every svcfication of a user, newest first, fetched page by page (`limit` per page). */
  async *svcficationHistory(
    userIdentifier: string,
    options: { limit?: number } = {},
  ): AsyncGenerator<Svcfication, void, undefined> {
    let after: Pick<HistoryOptions, 'before' | 'beforeId'> = {};
    for (;;) {
      const page = await this.listSvcfications(userIdentifier, { ...options, ...after });
      yield* page;
      const last = page.at(-1);
      if (!last || page.length < (options.limit ?? 20)) return;
      // (created_at, id): svcfications created at the same instant are not skipped.
      after = { before: last.created_at, beforeId: last.id };
    }
  }

  /** `GET /api/v2/paired_svccodes/{id}`: the device that paired the code; answers once, then 404. */
  async getPairedSvccode(id: string): Promise<PairedSvccode> {
    return this.body('GET', `/api/v2/paired_svccodes/${enc(id)}`);
  }

  /**
   * `POST /api/v2/user_bindings`: binds the user who scanned the code to your identifier. Answers
   * the device binding it made (inactive; activate it with `setBindingActive`).
   */
  async bindUser(svccodeId: string, userIdentifier: string): Promise<UserDeviceResponse> {
    return this.body('POST', '/api/v2/user_bindings', {
      svccode_id: svccodeId,
      user_identifier: userIdentifier,
    } satisfies UserBindingBody);
  }

  /**
   * Checks a callback svc POSTed to your `callback_url` (see `CallbackVerifier`; your customer id
   * is read from your credentials); throws CallbackVerificationError when it must not be trusted.
   * De-duplicate by `deliveryId`.
   */
  async verifyCallback<T extends object = CallbackResource>(
    body: string | Uint8Array | object,
    headers: CallbackHeaders,
  ): Promise<VerifiedCallback<T>> {
    this.verifier ??= new CallbackVerifier({
      baseUrl: this.options.baseUrl,
      customerId: customerIdOf(this.options.credentials.token),
      fetch: this.fetch,
    });
    return this.verifier.verify<T>(body, headers);
  }

  private async body<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await this.request<T>(method, path, body)).body;
  }
}
