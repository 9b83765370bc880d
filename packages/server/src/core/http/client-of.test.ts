import { describe, expect, it } from 'vitest';
import { clientOf } from './rate-limit.js';

describe('the client an address stands for', () => {
  it('groups IPv6 by /64, maps IPv4-mapped addresses, and joins every loopback', () => {
    expect(clientOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientOf('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientOf('2001:db8:1:3::1')).not.toBe(clientOf('2001:db8:1:2::1'));
    expect(clientOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientOf('192.0.2.7')).toBe('192.0.2.7');
    expect(clientOf('::1')).toBe(clientOf('127.0.0.1'));
    expect(clientOf('::ffff:127.0.0.2')).toBe('loopback');
  });
});
