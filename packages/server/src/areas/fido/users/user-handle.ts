/** The WebAuthn user handle: the user id as UTF-8 bytes (no personal data in it). */
export function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}
