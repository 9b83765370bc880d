import { describe, expect, it } from 'vitest';
import {
  allowedAddresses,
  callbackUrlProblem,
  isPrivateAddress,
  systemResolve,
} from './callback-url.js';

describe('callback URLs', () => {
  it('accepts public HTTPS only, by default', () => {
    expect(callbackUrlProblem('https://rp.example.com/hooks/8f3a', false)).toBeNull();
    for (const bad of [
      'http://rp.example.com/x',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://192.168.0.1/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest',
      'https://user:pw@rp.example.com/x',
      'not a url',
      'ftp://rp.example.com/x',
      'https://[::ffff:127.0.0.1]:9/cb',
      'https://[::ffff:a9fe:a9fe]/latest',
      'https://[64:ff9b::7f00:1]/x',
      'https://[::7f00:1]/x',
      'https://[fec0::1]/x',
      'https://0x7f000001/x',
      'https://2130706433/x',
    ]) {
      expect(callbackUrlProblem(bad, false), bad).not.toBeNull();
    }
  });

  it('judges a host written with a trailing dot like the same host without it', async () => {
    expect(callbackUrlProblem('https://rp.example.com./hooks/8f3a', false)).toBeNull();
    for (const bad of [
      'https://localhost./x',
      'https://localhost.:8443/x',
      'https://api.localhost./x',
      'https://127.0.0.1./x',
      'https://LOCALHOST../x',
    ])
      expect(callbackUrlProblem(bad, false), bad).toBe(
        'must not point to a loopback or private address',
      );
    // The delivery-time DNS check too (localhost resolves from the hosts file, not the network).
    const secure = { resolve: systemResolve, allowInsecure: false };
    for (const host of ['localhost.', '127.0.0.1.'])
      await expect(allowedAddresses(host, secure), host).rejects.toThrow(
        'callback host resolves to a private address',
      );
  });

  it('allows http and loopback with the insecure flag', () => {
    expect(callbackUrlProblem('http://127.0.0.1:9999/x', true)).toBeNull();
    expect(callbackUrlProblem('ftp://127.0.0.1/x', true)).not.toBeNull();
  });

  it('classifies private and public addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a00:1',
      '::a00:1',
      'fec0::1',
      'ff02::1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700::1111'])
      expect(isPrivateAddress(a), a).toBe(false);
  });
});
