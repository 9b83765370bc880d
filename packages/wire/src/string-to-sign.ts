/** The parts of a request (or response) that the SVC HMAC scheme signs. */
export interface SignedParts {
  method: string;
  body: Uint8Array | string;
  contentType: string;
  date: string;
  /** Raw request target: path plus `?query`, exactly as sent. */
  path: string;
}

/**
 * `METHOD\nmd5hex(body)\nContent-Type\nDate\npath?query`, given the body's MD5 in hex: each entry
 * (hmac.ts for the server, hmac-web.ts for clients) hashes the body with what it has.
 */
export function signedLines(parts: SignedParts, bodyMd5: string): string {
  return [parts.method.toUpperCase(), bodyMd5, parts.contentType, parts.date, parts.path].join(
    '\n',
  );
}
