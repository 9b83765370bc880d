import { ConsoleClient, SvcApiError } from '@svc/sdk';

/** The admin API of the svc that serves this page: the session cookie is this origin's. */
export const api = new ConsoleClient({ baseUrl: location.origin });

/** An error in plain words: the service's own message, else what went wrong with the network. */
export function plainError(err: unknown): string {
  if (err instanceof SvcApiError) {
    const body = err.body as { message?: string; description?: string } | undefined;
    return body?.description ?? body?.message ?? `svc answered ${err.status}.`;
  }
  if (err instanceof DOMException && err.name === 'NotAllowedError')
    return 'The passkey prompt was closed or timed out. Try again.';
  return 'svc could not be reached. Check your connection and try again.';
}
