import type { AuthenticatorTransportFuture } from '@simplewebauthn/server';
import type { CredentialRow } from './credentials-repo.js';

const known: ReadonlySet<string> = new Set<AuthenticatorTransportFuture>([
  'ble',
  'cable',
  'hybrid',
  'internal',
  'nfc',
  'smart-card',
  'usb',
]);

/**
 * The transports an authenticator reported, as far as they are WebAuthn's: the browser's report is
 * not checked by anyone else, and svc hands it back in every options answer for the credential.
 * Anything else is dropped; repeats count once.
 */
export function reportedTransports(value: unknown): AuthenticatorTransportFuture[] {
  if (!Array.isArray(value)) return [];
  const valid = value.filter(
    (t): t is AuthenticatorTransportFuture => typeof t === 'string' && known.has(t),
  );
  return [...new Set(valid)];
}

/** The transports the authenticator reported at registration (kept as JSON): browser hints. */
export function transportsOf(row: CredentialRow): AuthenticatorTransportFuture[] {
  try {
    return reportedTransports(JSON.parse(row.transports));
  } catch {
    return []; // a row written before the transports were checked
  }
}
