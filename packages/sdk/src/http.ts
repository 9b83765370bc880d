import { apiError } from './errors.js';

export type FetchLike = typeof fetch;

/** Parses a JSON answer or throws the SvcApiError subclass for its status; empty reads as undefined. */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw apiError(response.status, parseBody(text), response.headers);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A body as JSON when it is JSON; an error page from a proxy stays text. */
export function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + path;
}
