import { SvcApiError } from '@svc/sdk';

/** What a person reads when something failed: plain words and what to do, never a code alone. */
const byCode: Record<string, string> = {
  ENROLLMENT_USED: 'This enrollment link was already used. Ask the service for a new one.',
  ENROLLMENT_EXPIRED: 'This enrollment link has expired. Ask the service for a new one.',
  ENROLLMENT_CODE_INVALID: 'This enrollment link is not valid. Check that you opened all of it.',
  SVCFICATION_CLOSED: 'This request was already answered, or it has expired.',
  SVCFICATION_NOT_FOUND: 'This request no longer exists.',
  RESPONSE_INVALID: 'The service did not accept this answer. The request may have changed.',
  RATE_LIMITED: 'Too many attempts. Wait a minute, then try again.',
  FORBIDDEN:
    'This phone no longer answers for the account (it may have moved to a new phone). Remove the account, or enroll again.',
  UNAUTHORIZED: 'The service no longer knows this phone. Remove the account and enroll again.',
  PUSH_CHANNEL_INVALID: 'The service cannot send notifications to this browser.',
};

export function explain(err: unknown, doing: string): string {
  if (err instanceof SvcApiError) {
    const known = err.code ? byCode[err.code] : undefined;
    if (known) return known;
    if (err.status >= 500) return `The service had a problem while ${doing}. Try again shortly.`;
    return `The service refused ${doing}${err.description ? `: ${err.description}` : '.'}`;
  }
  if (
    err instanceof DOMException &&
    /NotAllowed|NotFound|NotReadable|Overconstrained/.test(err.name)
  )
    return 'The camera is not available. Allow it in the browser settings, or open the link instead.';
  if (err instanceof TypeError)
    return `Cannot reach the service while ${doing}. Check your connection; the app will try again.`;
  return `Something went wrong while ${doing}: ${err instanceof Error ? err.message : String(err)}`;
}
