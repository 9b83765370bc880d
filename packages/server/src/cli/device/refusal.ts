import { SvcApiError } from '@svc/sdk';

/** What to add to svc's own description, per error code, so the next step is clear. */
const hints: Record<string, string> = {
  FORBIDDEN:
    'check the SDK credentials (rotated?) and that this device was registered with them ' +
    '(`svc device register`)',
  DEVICE_UNKNOWN: 'the device is not registered with this customer: run `svc device register`',
  SVCFICATION_NOT_FOUND:
    'no such svcfication for this device (`svc device next` lists the open one)',
  SVCFICATION_CLOSED: 'it was already answered, or it expired or was canceled',
  SVCCODE_INVALID: 'scan a fresh code: a payload pairs once and expires',
  NO_DOCUMENTS: 'register one with `svc device scan-license FILE`',
  ENROLLMENT_CODE_INVALID: 'check the link, or ask the relying party for a new one',
  ENROLLMENT_USED: 'a link enrolls once: ask the relying party for a new one',
  ENROLLMENT_EXPIRED: 'ask the relying party for a new link',
};

function fieldErrors(body: Record<string, unknown>): string {
  const fields = body.field_errors;
  if (typeof fields !== 'object' || fields === null) return '';
  const list = Object.entries(fields as Record<string, string[]>).map(
    ([name, messages]) => `${name} ${messages.join(', ')}`,
  );
  return list.length > 0 ? ` [${list.join('; ')}]` : '';
}

/** Why fetch failed, from its cause (connection refused, unknown host, …). */
function unreachable(err: Error, url: string): string | undefined {
  if (err.name !== 'TypeError' || err.message !== 'fetch failed') return undefined;
  const cause = err.cause as (Error & { code?: string }) | undefined;
  const reason = cause?.code ?? cause?.message ?? 'no answer';
  return `cannot reach svc at ${url} (${reason}): is \`svc serve\` running there? (--url or SVC_URL)`;
}

/** One line saying why `what` failed: svc's refusal with its status and code, or why svc was not reached. */
export function describeFailure(err: unknown, what: string, url: string): Error {
  if (err instanceof SvcApiError) {
    const body = (typeof err.body === 'object' && err.body !== null ? err.body : {}) as Record<
      string,
      unknown
    >;
    const code = typeof body.error === 'string' ? body.error : '';
    const text =
      typeof body.description === 'string'
        ? body.description
        : typeof body.message === 'string'
          ? body.message
          : 'no reason given';
    const hint = hints[code];
    return new Error(
      `${what}: svc refused with ${err.status}${code ? ` ${code}` : ''}: ${text}` +
        `${fieldErrors(body)}${hint ? ` — ${hint}` : ''}`,
    );
  }
  if (err instanceof Error) return new Error(`${what}: ${unreachable(err, url) ?? err.message}`);
  return new Error(`${what}: ${String(err)}`);
}
