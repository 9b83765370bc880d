import { createHash, KeyObject, verify } from 'node:crypto';
import { decodePayload } from '@svc/wire';
import { describe, expect, it } from 'vitest';
import { generateDeviceKeys, type DeviceKeys } from './device-keys.js';
import { answerPayloads } from './payloads.js';

const keys = await generateDeviceKeys();

async function decoded(answers: Promise<string[]>) {
  return (await answers).map((text) => {
    const parts = decodePayload(text);
    if (typeof parts === 'string') throw new Error(parts);
    return parts;
  });
}

const verifies = (key: DeviceKeys['device'], signedText: string, signature: Buffer) =>
  verify('sha256', Buffer.from(signedText), KeyObject.from(key.publicKey), signature);

describe('answerPayloads', () => {
  it('level 1: device_ar signed by the device key, checksum = sha256(nonce:identifier)', async () => {
    const [ar, ...rest] = await decoded(answerPayloads(keys, 's1', 'dev', 1));
    expect(rest).toEqual([]);
    expect(ar?.payload).toMatchObject({
      type: 'device_ar',
      svcfication_id: 's1',
      device_identifier: 'dev',
    });
    const { nonce, checksum } = ar?.payload ?? {};
    expect(checksum).toBe(createHash('sha256').update(`${nonce}:dev`).digest('hex'));
    expect(verifies(keys.device, ar?.signedText ?? '', ar?.signature ?? Buffer.alloc(0))).toBe(
      true,
    );
  });

  it('number matching: the picked number goes into device_ar, signed; none when not given', async () => {
    const [ar] = await decoded(answerPayloads(keys, 's1', 'dev', 2, { matchNumber: 47 }));
    expect(ar?.payload).toMatchObject({ type: 'device_ar', match_number: 47 });
    expect(JSON.parse(ar?.signedText ?? '{}')).toMatchObject({ match_number: 47 });
    const [plain] = await decoded(answerPayloads(keys, 's1', 'dev', 1));
    expect(plain?.payload).not.toHaveProperty('match_number');
  });

  it('level 2 adds user_presence signed by the auth key', async () => {
    const list = await decoded(answerPayloads(keys, 's1', 'dev', 2));
    expect(list.map((p) => p.payload.type)).toEqual(['device_ar', 'user_presence']);
    const presence = list[1];
    expect(
      verifies(keys.auth, presence?.signedText ?? '', presence?.signature ?? Buffer.alloc(0)),
    ).toBe(true);
    expect(
      verifies(keys.device, presence?.signedText ?? '', presence?.signature ?? Buffer.alloc(0)),
    ).toBe(false);
  });

  it('level 3 adds the license payload with the document hash, signed by the device key', async () => {
    const list = await decoded(answerPayloads(keys, 's1', 'dev', 3, { documentHash: 'abc' }));
    expect(list.map((p) => p.payload.type)).toEqual([
      'device_ar',
      'user_presence',
      'aamva_drivers_license',
    ]);
    expect(list[2]?.payload).toMatchObject({ hash: 'abc', nonce: expect.any(String) });
    expect(list[0]?.payload.nonce).not.toBe(list[2]?.payload.nonce);
  });

  it('refuses level 3 without a hash and levels other than 1–3', async () => {
    await expect(answerPayloads(keys, 's1', 'dev', 3)).rejects.toThrow('level 3 needs the hash');
    await expect(answerPayloads(keys, 's1', 'dev', 4 as 1)).rejects.toThrow(
      'level must be 1, 2 or 3',
    );
  });
});
