import { decodeBase64, encodeBase64 } from './base64.js';
import { isPlainText } from './plain-text.js';

/** An X-Device-Sig header taken apart. */
export interface DeviceSigParts {
  /** RFC 7638 thumbprint of the device key: names the device. */
  thumbprint: string;
  /** Single use: the server remembers it for the skew window. */
  nonce: string;
  /** The text the signature covers: the header's first part, as sent. */
  signedText: string;
  signature: Buffer;
}

/**
 * `X-Device-Sig: base64(thumbprint:nonce).base64(signature)`; the signature (SHA-256, ES256 or
 * RS256) covers the first part's base64 text, so `sign` receives exactly that text.
 */
export async function buildDeviceSig(
  thumbprint: string,
  nonce: string,
  sign: (signedText: string) => Uint8Array | Promise<Uint8Array>,
): Promise<string> {
  const signedText = encodeBase64(new TextEncoder().encode(`${thumbprint}:${nonce}`));
  return `${signedText}.${encodeBase64(await sign(signedText))}`;
}

/** The parts of an X-Device-Sig header, or null when it is not of that form. */
export function parseDeviceSig(header: string | undefined): DeviceSigParts | null {
  const [signedText, signatureText, extra] = (header ?? '').trim().split('.');
  if (!signedText || !signatureText || extra !== undefined) return null;
  const decoded = decodeBase64(signedText)?.toString('utf8') ?? '';
  const signature = decodeBase64(signatureText);
  // A thumbprint (base64url) has no colon; the nonce is whatever follows the first one.
  const cut = decoded.indexOf(':');
  if (cut <= 0 || !signature) return null;
  const thumbprint = decoded.slice(0, cut);
  const nonce = decoded.slice(cut + 1);
  if (!/^[\w-]{1,128}$/.test(thumbprint) || !isPlainText(nonce)) return null;
  return { thumbprint, nonce, signedText, signature };
}
