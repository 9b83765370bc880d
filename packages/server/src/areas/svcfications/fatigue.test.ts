import { describe, expect, it } from 'vitest';
import { subjectOf } from './fatigue.js';

const target = {
  target_device: null,
  target_user_id: null,
  user_identifier: null,
  svc_id: null,
  device_identifier: null,
};

describe('subjectOf', () => {
  it('counts against the user identifier, else the service user, else the device', () => {
    expect(subjectOf({ ...target, user_identifier: 'alice', svc_id: 'u1' })).toBe('alice');
    expect(subjectOf({ ...target, svc_id: 'u1', target_device: 'd1' })).toBe('svc:u1');
    expect(subjectOf({ ...target, target_device: 'd1' })).toBe('device:d1');
  });
});
