import type {
  ConsoleCeremony,
  ConsoleCustomerList,
  ConsoleDocumentList,
  ConsoleFido,
  ConsoleHealth,
  ConsoleMetrics,
  ConsolePasskeyUserList,
  ConsoleSession,
  ConsoleSvcficationList,
  ConsoleUserList,
  CreatedEnrollment,
  CustomerCredentialKind,
  Delivery,
  DeliveryList,
  FidoCredential,
  Invitation,
  InvitationInput,
  IssuedCredentials,
  SvcficationStatus,
} from '@svc/wire/web';
import { AuditLog } from './audit.js';
import { joinUrl, readJson, type FetchLike } from './http.js';

export interface ConsoleClientOptions {
  /** svc's base URL; in the console page, its own origin. */
  baseUrl: string;
  /** Must keep the session cookie: a browser's does (same origin). */
  fetch?: FetchLike;
}

export interface Page {
  after?: string | undefined;
  limit?: number | undefined;
}

const id = encodeURIComponent;
const passkeyPath = (userId: string, credentialId: string) =>
  `/api/admin/passkeys/${id(userId)}/${id(credentialId)}`;

/**
 * Client of the admin API (`/api/admin`), what the console page is built on. A session comes from
 * a passkey: `beginSignIn` gives WebAuthn options, and `finishSignIn` takes the browser's answer
 * (or `acceptInvitation` / `finishInvitation` for a new account). Writes send the session's CSRF
 * token; non-2xx answers throw a SvcApiError subclass.
 */
export class ConsoleClient {
  private readonly fetch: FetchLike;
  private csrf = '';
  /** The audit trail of the account's customer (admins and viewers). */
  readonly audit = new AuditLog((path) => this.call('GET', path), '/api/admin');
  constructor(private readonly options: ConsoleClientOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  beginSignIn(): Promise<ConsoleCeremony> {
    return this.call('POST', '/api/admin/sign_in');
  }

  finishSignIn(ceremony: string, response: unknown): Promise<ConsoleSession> {
    return this.keep(this.call('POST', '/api/admin/sign_in/finish', { ceremony, response }));
  }

  acceptInvitation(invitation: string): Promise<ConsoleCeremony> {
    return this.call('POST', '/api/admin/invitations/accept', { invitation });
  }

  finishInvitation(invitation: string, response: unknown): Promise<ConsoleSession> {
    return this.keep(
      this.call('POST', '/api/admin/invitations/accept/finish', { ceremony: invitation, response }),
    );
  }

  /** The session the cookie holds (after a reload); 401 when there is none. */
  session(): Promise<ConsoleSession> {
    return this.keep(this.call('GET', '/api/admin/session'));
  }

  async signOut(): Promise<void> {
    await this.call('DELETE', '/api/admin/session');
    this.csrf = '';
  }

  invite(input: InvitationInput): Promise<Invitation> {
    return this.call('POST', '/api/admin/invitations', input);
  }

  customers(): Promise<ConsoleCustomerList> {
    return this.call('GET', '/api/admin/customers');
  }

  createCustomer(name: string): Promise<IssuedCredentials> {
    return this.call('POST', '/api/admin/customers', { name });
  }

  rotateCredential(customerId: string, kind: CustomerCredentialKind): Promise<IssuedCredentials> {
    return this.call('POST', `/api/admin/customers/${id(customerId)}/credentials/${kind}/rotate`);
  }

  async revokeCredential(customerId: string, kind: CustomerCredentialKind): Promise<void> {
    await this.call('POST', `/api/admin/customers/${id(customerId)}/credentials/${kind}/revoke`);
  }

  health(): Promise<ConsoleHealth> {
    return this.call('GET', '/api/admin/health');
  }

  retryDelivery(deliveryId: string): Promise<Delivery> {
    return this.call('POST', `/api/admin/outbox/${id(deliveryId)}/retry`);
  }

  metrics(): Promise<ConsoleMetrics> {
    return this.call('GET', '/api/admin/metrics');
  }

  users(page: Page = {}): Promise<ConsoleUserList> {
    return this.call('GET', `/api/admin/users${query(page)}`);
  }

  async deactivateDevice(deviceIdentifier: string): Promise<void> {
    await this.call('POST', `/api/admin/devices/${id(deviceIdentifier)}/deactivate`);
  }

  async deactivateBinding(bindingId: string): Promise<void> {
    await this.call('POST', `/api/admin/bindings/${id(bindingId)}/deactivate`);
  }

  createEnrollment(userIdentifier: string): Promise<CreatedEnrollment> {
    return this.call('POST', '/api/admin/enrollments', { user_identifier: userIdentifier });
  }

  passkeys(page: Page = {}): Promise<ConsolePasskeyUserList> {
    return this.call('GET', `/api/admin/passkeys${query(page)}`);
  }

  renamePasskey(userId: string, credentialId: string, name: string): Promise<FidoCredential> {
    return this.call('PATCH', passkeyPath(userId, credentialId), { name });
  }

  async deletePasskey(userId: string, credentialId: string): Promise<void> {
    await this.call('DELETE', passkeyPath(userId, credentialId));
  }

  /** Identity documents, newest first: their hash and status (svc keeps nothing else). */
  documents(page: Page = {}): Promise<ConsoleDocumentList> {
    return this.call('GET', `/api/admin/documents${query(page)}`);
  }

  /** The FIDO organization, its redirect URIs and its OpenID client (null when none). */
  fido(): Promise<ConsoleFido> {
    return this.call('GET', '/api/admin/fido');
  }

  svcfications(
    filter: Page & { status?: SvcficationStatus; user_identifier?: string } = {},
  ): Promise<ConsoleSvcficationList> {
    return this.call('GET', `/api/admin/svcfications${query(filter)}`);
  }

  deliveries(page: Page = {}): Promise<DeliveryList> {
    return this.call('GET', `/api/admin/deliveries${query(page)}`);
  }

  replayDelivery(deliveryId: string): Promise<Delivery> {
    return this.call('POST', `/api/admin/deliveries/${id(deliveryId)}/replay`);
  }

  private async keep(session: Promise<ConsoleSession>): Promise<ConsoleSession> {
    const opened = await session;
    this.csrf = opened.csrf_token;
    return opened;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    const response = await this.fetch(joinUrl(this.options.baseUrl, path), {
      method,
      headers,
      credentials: 'same-origin',
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return readJson<T>(response);
  }
}

function query(values: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values) as [string, string | number | undefined][])
    if (value !== undefined) params.set(key, String(value));
  return params.size > 0 ? `?${params.toString()}` : '';
}
