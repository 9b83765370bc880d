import { DeviceClient } from '@svc/sdk';
import type { AuditEvent } from '@svc/wire';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { auditDeps } from '../../src/areas/audit/deps.js';
import { exportLog } from '../../src/areas/audit/export-log.js';
import { verifyExport } from '../../src/areas/audit/verify-export.js';
import { integratePending } from '../../src/core/audit/integrate.js';
import { purgeAuditEvents } from '../../src/core/audit/retention.js';
import { expirySweeps } from '../../src/worker.js';
import { fidoCalls, type Json } from '../fido.kit.js';
import { injectFetch, testApp, type TestApp } from '../helpers.js';
import { rpClient } from '../identity.kit.js';

// The events of each area's changes, read back through the API of the customer that made them.
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());
const { withOrganization, register, authenticate } = fidoCalls(() => t);

async function appended(): Promise<void> {
  await integratePending(t.store.db, t.ctx.checkpointKey, t.clock, (_log, err) => {
    throw err;
  });
}

describe('events of every area', () => {
  it('enrollment, answers at a level, rejection, fraud report and expiry', async () => {
    const customer = await t.newCustomer('phones');
    const rp = rpClient(t, customer.server_credentials);
    const enrollment = await rp.createEnrollment('erin');
    const { device: phone } = await DeviceClient.enroll(enrollment.link, {
      baseUrl: 'http://svc',
      fetch: injectFetch(t.app),
      now: () => t.clock.now(),
    });
    const ask = { user_identifier: 'erin', action: 'Sign in', resource: 'example.com' };
    const accepted = await rp.createSvcfication({ ...ask, desired_level: 1 });
    await phone.accept(accepted.id);
    await phone.reject((await rp.createSvcfication({ ...ask, desired_level: 1 })).id);
    const expires_at = new Date(t.clock.now().getTime() + 60_000);
    const late = await rp.createSvcfication({ ...ask, desired_level: 1, expires_at });
    t.clock.advance(61_000);
    await expirySweeps(t.ctx, { error: () => undefined })();
    // Last: a fraud report refuses the user's next svcfications for a while.
    await phone.reject((await rp.createSvcfication({ ...ask, desired_level: 1 })).id, 'fraud');
    await appended();
    const events: AuditEvent[] = [];
    for await (const event of rp.audit.allEvents()) events.push(event);
    const of = (action: string) => events.filter((e) => e.action === action);
    expect(of('enrollment.created')).toHaveLength(1);
    expect(of('enrollment.redeemed')[0]).toMatchObject({
      actor: { kind: 'device', device: phone.identifier },
      targets: { enrollment: enrollment.id, user: 'erin' },
    });
    expect(of('svcfication.answered')[0]).toMatchObject({
      actor: { kind: 'device', device: phone.identifier },
      targets: { svcfication: accepted.id, user: 'erin' },
      details: { status: 'ACCEPTED', level: 1 },
    });
    expect(of('svcfication.rejected')[0]!.outcome).toBe('failure');
    expect(of('svcfication.fraud_reported')[0]!.details).toMatchObject({ reason: 'fraud' });
    expect(of('svcfication.expired')[0]).toMatchObject({
      actor: { kind: 'system' },
      targets: { svcfication: late.id },
    });
    expect(JSON.stringify(events)).not.toContain(enrollment.code);
  });

  it('FIDO: organization, redirect URI, user, passkey registered, used, renamed, deleted', async () => {
    const c = await withOrganization();
    await c.call('POST', '/api/v1/redirect_uris', { uri: 'https://login.acme.test/back' });
    const authenticator = new SoftAuthenticator();
    await register(c, authenticator, 'sam');
    await authenticate(c, authenticator, { user_identifier: 'sam' });
    const users = await c.call('POST', '/api/v1/users/search', { user_identifier: 'sam' });
    const userId = String((users.body.users as Json[])[0]?.id);
    const listed = await c.call('GET', `/api/v1/users/${userId}/credentials`);
    const credentialId = String((listed.body.credentials as Json[])[0]?.id);
    const credential = `/api/v1/users/${userId}/credentials/${credentialId}`;
    await c.call('PATCH', credential, { name: 'Work laptop' });
    await c.call('DELETE', credential);
    await appended();
    const page = await c.call('GET', '/api/v1/audit_events?limit=100');
    const events = page.body.audit_events as AuditEvent[];
    expect(events.map((e) => e.action)).toEqual([
      'customer.created',
      'fido.organization.created',
      'fido.redirect_uri.added',
      'fido.user.created',
      'fido.registration.created',
      'fido.passkey.registered',
      'fido.authentication.created',
      'fido.passkey.used',
      'fido.passkey.renamed',
      'fido.passkey.deleted',
    ]);
    expect(events.find((e) => e.action === 'fido.passkey.used')).toMatchObject({
      actor: { kind: 'user', user: userId },
      outcome: 'success',
    });
    expect(events.find((e) => e.action === 'fido.passkey.renamed')!.actor.kind).toBe('fido');
  });

  it('retention deletes old events; the kept ones still prove, and an export says where it starts', async () => {
    const customer = await t.newCustomer('retained');
    const rp = rpClient(t, customer.server_credentials);
    const device = () =>
      new DeviceClient({
        baseUrl: 'http://svc',
        credentials: customer.sdk_credentials,
        fetch: injectFetch(t.app),
        now: () => t.clock.now(),
      }).register();
    await device();
    await appended();
    t.clock.advance(401 * 86_400_000);
    await device();
    await appended();
    await purgeAuditEvents(t.store.db, t.clock.now(), t.config.auditRetentionDays);
    const kept: AuditEvent[] = [];
    for await (const event of rp.audit.allEvents()) kept.push(event);
    expect(kept.map((e) => [e.index, e.action])).toEqual([[2, 'device.registered']]);
    const { verifier_key: key } = await rp.audit.checkpoint();
    const log = await rp.audit.checkLog(key);
    expect(log.size).toBe(3);
    await rp.audit.checkEvent(kept[0]!, log.note, key);
    const lines: string[] = [];
    await exportLog(auditDeps(t.ctx), customer.id, (e) => lines.push(JSON.stringify(e)));
    expect(verifyExport(lines, log.note, key)).toEqual({ ok: true, first: 2, last: 2, size: 3 });
  });
});
