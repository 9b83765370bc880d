/**
 * An ECDSA signature r‖s (IEEE P1363, what WebCrypto makes) in DER, a SEQUENCE of two INTEGERs
 * (X9.62): what mobile platforms send, and so what devices have always sent. P-256 and P-384
 * only: their DER stays under 128 bytes, so every length fits in one byte.
 */
export function derSignature(raw: Uint8Array): Uint8Array {
  const half = raw.length / 2;
  const body = [...derInteger(raw.subarray(0, half)), ...derInteger(raw.subarray(half))];
  return Uint8Array.from([0x30, body.length, ...body]);
}

/** A big-endian unsigned number as a DER INTEGER: no leading zeros, but one before a high bit. */
function derInteger(bytes: Uint8Array): number[] {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const value = [...bytes.subarray(start)];
  // Two's complement: a first byte of 0x80 or more would read as a negative number.
  if ((value[0] ?? 0) >= 0x80) value.unshift(0);
  return [0x02, value.length, ...value];
}
