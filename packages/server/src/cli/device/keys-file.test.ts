import { describe, expect, it } from 'vitest';
import { checkOwner, type DeviceFile } from './keys-file.js';

const token = (sub: string) =>
  `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.sig`;
const file: DeviceFile = {
  url: 'http://localhost:8080',
  sdk_credentials: { token: token('acme'), secret: 's' },
  identifier: 'dev-1',
  svc_id: 'u-1',
  keys: {} as DeviceFile['keys'],
};

describe('checkOwner', () => {
  it('takes the file of the same server and customer', () => {
    expect(() => checkOwner('k.json', file, 'http://localhost:8080/', 'acme')).not.toThrow();
  });

  it('refuses another customer or server, saying what to do', () => {
    expect(() => checkOwner('k.json', file, file.url, 'globex')).toThrow(
      'k.json holds device dev-1 of customer acme at http://localhost:8080, not of customer globex: remove it or pass --keys NEWFILE',
    );
    expect(() => checkOwner('k.json', file, 'https://svc.example.com')).toThrow(
      /not of https:\/\/svc\.example\.com: remove it/,
    );
  });
});
