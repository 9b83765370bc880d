import { isIP } from 'node:net';
import type { Config } from '../../config/index.js';
import { checkFields as checkFieldsOf } from '../../core/errors.js';
import { refusedNumberProblem } from '../../core/sms/refused-numbers.js';
import { callbackUrlProblem, hostOf } from '../../core/outbox/callback-url.js';

const label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A domain name usable as a WebAuthn RP ID: DNS labels, no scheme, port or path, and not an IP
 * address (WebAuthn forbids IP RP IDs). `localhost` is allowed for local use.
 */
export function domainNameProblem(value: string): string | null {
  const labels = value.split('.');
  if (value.length > 253 || isIP(value) || !labels.every((l) => label.test(l)))
    return 'must be a lowercase domain name such as login.example.com, without scheme, port or path';
  if (/^\d+$/.test(labels[labels.length - 1] ?? '')) return 'must not end in a numeric label';
  return null;
}

const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * A redirect target the page may send the browser to: an absolute HTTPS URL (the spec's
 * `redirect_url` is "HTTPS URL"), or plain HTTP to a loopback host for local development. Any
 * other scheme (javascript:, data:) would let a link run code on the page.
 */
export function redirectUriProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URI';
  }
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.has(hostOf(url))))
    return null;
  return 'must be an https URL (http only for localhost)';
}

/** Throws one 400 naming every field whose check returned a problem. */
export const checkFields = (checks: Record<string, string | null | undefined>): void =>
  checkFieldsOf('MISSING_FIELDS', checks);

/** The checks of the fields every link takes (registrations and authentications): 400 on failure. */
export function checkLinkFields(
  config: Pick<Config, 'allowInsecureCallbacks' | 'fidoSmsRefusedPrefixes'>,
  input: { callback_url?: string | undefined; sms_phone_number?: string | undefined },
): void {
  checkFields({
    callback_url:
      input.callback_url === undefined
        ? null
        : callbackUrlProblem(input.callback_url, config.allowInsecureCallbacks),
    sms_phone_number: refusedNumberProblem(input.sms_phone_number, config.fidoSmsRefusedPrefixes),
  });
}
