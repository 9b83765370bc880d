import type { Insertable } from 'kysely';
import { sha256Hex } from '../../core/crypto/secret-box.js';
import { issueToken } from '../../core/crypto/tokens.js';
import type { CredentialKind, CredentialsTable } from '../../core/store/schema.js';
import type { CustomerDeps } from './deps.js';

export interface CredentialPair {
  token: string;
  secret: string;
}

/** The credentials issued to a customer, each kind shown once (only hashes are kept). */
export interface IssuedCredentials {
  server_credentials: CredentialPair;
  sdk_credentials: CredentialPair;
  user_credentials: CredentialPair;
  sandbox_token: string;
  fido_api_key: string;
}

/** The object `svc customers create --json` prints (the operator contract in the README). */
export interface IssuedCustomer extends IssuedCredentials {
  id: string;
  name: string;
}

/** The kinds a customer holds (a `device` credential belongs to one enrolled device instead). */
export type CustomerKind = Exclude<CredentialKind, 'device'>;

export const credentialKinds: readonly CustomerKind[] = [
  'server',
  'sdk',
  'user',
  'sandbox',
  'fido',
];

/** Where each kind appears in `IssuedCredentials`. */
const fieldOf = {
  server: 'server_credentials',
  sdk: 'sdk_credentials',
  user: 'user_credentials',
  sandbox: 'sandbox_token',
  fido: 'fido_api_key',
} as const satisfies Record<CustomerKind, keyof IssuedCredentials>;

/** New credentials of `kinds` for a customer: what to show once, and the rows to store. */
export async function issueCredentials(
  deps: Omit<CustomerDeps, 'db'>,
  customerId: string,
  kinds: readonly CustomerKind[],
): Promise<{ issued: Partial<IssuedCredentials>; rows: Insertable<CredentialsTable>[] }> {
  const { box, ids, clock } = deps;
  const now = clock.now();
  const issued: Partial<Record<keyof IssuedCredentials, CredentialPair | string>> = {};
  const rows: Insertable<CredentialsTable>[] = [];
  for (const kind of kinds) {
    const token = await issueToken(box, ids, customerId, kind, now);
    // Bearer kinds (sandbox, FIDO API key) are a token alone; the others sign with an HMAC secret.
    const secret = kind === 'sandbox' || kind === 'fido' ? null : ids.random(32);
    issued[fieldOf[kind]] = secret === null ? token : { token, secret };
    rows.push({
      token_hash: sha256Hex(token),
      customer_id: customerId,
      kind,
      secret_sealed: secret === null ? null : box.seal(secret),
      created_at: now.toISOString(),
    });
  }
  return { issued: issued as Partial<IssuedCredentials>, rows };
}
