import { describe, expect, it } from 'vitest';
import { decodePayload, encodePayload, type UserPresencePayload } from './payloads.js';

const signature = Buffer.from([9, 8, 7]);
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('svcfication payloads', () => {
  it('signs the JSON text it sends and decodes back what it encoded', async () => {
    const payload: UserPresencePayload = {
      type: 'user_presence',
      svcfication_id: 's-1',
      device_identifier: 'd-1',
    };
    const signed: string[] = [];
    const text = await encodePayload(payload, (json) => {
      signed.push(json);
      return signature;
    });
    expect(signed).toEqual([JSON.stringify(payload)]);
    expect(decodePayload(text)).toEqual({ payload, signedText: signed[0], signature });
  });

  it('accepts base64url and keeps fields it does not check', () => {
    const json = JSON.stringify({
      type: 'aamva_drivers_license',
      svcfication_id: 's-1',
      device_identifier: 'd-1',
      hash: 'h>?',
      nonce: 'n',
      scan_time: 1.2,
      scan_x: 0,
    });
    const decoded = decodePayload(`${Buffer.from(json).toString('base64url')}.CQgH`);
    expect(decoded).toMatchObject({ signedText: json, signature });
    expect(decoded).toHaveProperty('payload.scan_time', 1.2);
  });

  const fields = { svcfication_id: 's-1', device_identifier: 'd-1' };
  const assertion = {
    id: 'Y3JlZA',
    rawId: 'Y3JlZA',
    type: 'public-key',
    response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'MEUC' },
    clientExtensionResults: {},
  };
  it('decodes a WebAuthn presence payload with its assertion', () => {
    const payload = { ...fields, type: 'webauthn_presence', nonce: 'n', assertion };
    const decoded = decodePayload(`${b64(JSON.stringify(payload))}.CQgH`);
    expect(decoded).toHaveProperty('payload', payload);
  });

  it.each([
    ['', 'a payload must be base64(json).base64(signature)'],
    [b64('{}'), 'a payload must be base64(json).base64(signature)'],
    [`${b64('{}')}.CQgH.CQgH`, 'a payload must be base64(json).base64(signature)'],
    [`!!.CQgH`, 'a payload must be base64(json).base64(signature)'],
    [`${b64('not json')}.CQgH`, 'a payload is not JSON'],
    [`${b64('null')}.CQgH`, 'a payload has no known type'],
    [`${b64(JSON.stringify({ ...fields, type: 'other' }))}.CQgH`, 'a payload has no known type'],
    [
      `${b64(JSON.stringify({ type: 'device_ar', svcfication_id: 's-1' }))}.CQgH`,
      'device_ar: svcfication_id and device_identifier are required',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'device_ar', nonce: 1 }))}.CQgH`,
      'device_ar: nonce must be a string',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'aamva_drivers_license', hash: {} }))}.CQgH`,
      'aamva_drivers_license: hash must be a string',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'device_ar', match_number: '47' }))}.CQgH`,
      'device_ar: match_number must be an integer',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'device_ar', accelerometer: 'not-an-array' }))}.CQgH`,
      'device_ar: accelerometer must be an array of 3 numbers',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'device_ar', gyro: [1, 'x', 3] }))}.CQgH`,
      'device_ar: gyro must be an array of 3 numbers',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'device_ar', gyro: [1, 2] }))}.CQgH`,
      'device_ar: gyro must be an array of 3 numbers',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'aamva_drivers_license', scan_time: '1.2' }))}.CQgH`,
      'aamva_drivers_license: scan_time must be a number',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'device_ar', svcfication_id: 'a\u0000b' }))}.CQgH`,
      'device_ar: svcfication_id must be 1–512 characters without control characters',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'device_ar', nonce: 'n'.repeat(513) }))}.CQgH`,
      'device_ar: nonce must be 1–512 characters without control characters',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'webauthn_presence', nonce: 'n' }))}.CQgH`,
      'webauthn_presence: assertion must be a WebAuthn assertion in JSON (base64url fields)',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'webauthn_presence', nonce: 'n', assertion: { ...assertion, response: { ...assertion.response, signature: 'a+b' } } }))}.CQgH`,
      'webauthn_presence: assertion must be a WebAuthn assertion in JSON (base64url fields)',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'webauthn_presence', nonce: 'n', assertion: { ...assertion, rawId: 'other' } }))}.CQgH`,
      'webauthn_presence: assertion must be a WebAuthn assertion in JSON (base64url fields)',
    ],
    [
      `${b64(JSON.stringify({ ...fields, type: 'webauthn_presence', nonce: 'n', assertion: { ...assertion, response: { ...assertion.response, clientDataJSON: 'A'.repeat(4097) } } }))}.CQgH`,
      'webauthn_presence: assertion must be a WebAuthn assertion in JSON (base64url fields)',
    ],
  ])('rejects %j', (text, reason) => {
    expect(decodePayload(text)).toBe(reason);
  });
});
