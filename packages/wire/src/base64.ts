/**
 * Decodes the base64 parts of X-Device-Sig and of payloads. Devices send base64 or base64url; text
 * that is not base64 of anything (other characters, or nothing once decoded) is null.
 */
export function decodeBase64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length > 0 ? bytes : null;
}

/** Standard base64 of bytes, through `btoa` (every runtime has it; Buffer only Node). */
export function encodeBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
