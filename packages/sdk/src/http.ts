/** A non-2xx answer from svc, with its status and parsed error body. */
export class SvcApiError extends Error {
  override name = 'SvcApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const code =
      typeof body === 'object' && body !== null && 'error' in body ? String(body.error) : '';
    super(`svc answered ${status}${code ? ` ${code}` : ''}`);
  }
}

export type FetchLike = typeof fetch;

/** Parses a JSON answer or throws SvcApiError; an empty body reads as undefined. */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new SvcApiError(response.status, body);
  return body as T;
}

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}
