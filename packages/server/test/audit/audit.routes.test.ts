import { AuditVerificationError, RpClient } from '@svc/sdk';
import type { AuditEvent } from '@svc/wire';
import { beforeAll, describe, expect, it } from 'vitest';
import { integratePending } from '../../src/core/audit/integrate.js';
import { errorOf, rpClient, status, useIdentityApp } from '../identity.kit.js';
import { injectFetch, type TestApp } from '../helpers.js';
import { leafOf, mth, openNote, path, proof } from './rfc6962.js';

const { state, newDevice } = useIdentityApp();

/** The worker's pass: appends pending events and signs checkpoints. */
const integrate = (t: TestApp) =>
  integratePending(t.store.db, t.ctx.checkpointKey, t.clock, (_log, err) => {
    throw err;
  });

async function allEvents(rp: RpClient): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  for await (const event of rp.audit.allEvents({ limit: 3 })) events.push(event);
  return events;
}

const b64 = (buffers: Buffer[]) => buffers.map((b) => b.toString('base64'));

let events: AuditEvent[];
let device: string;

beforeAll(async () => {
  const registered = await newDevice().register('ios');
  device = registered.identifier;
  const binding = await state.rp.bindDevice(device, 'alice');
  await state.rp.setBindingActive(binding.id, true);
  await state.rp.registerDocumentFor('alice', { hash: 'doc-hash' });
  const s = await state.rp.createSvcfication({
    user_identifier: 'alice',
    desired_level: 1,
    action: 'Sign in',
    resource: 'example.com',
  });
  await state.rp.cancelSvcfication(s.id);
  await state.rp.setDeviceActive(device, false);
  await integrate(state.t);
  events = await allEvents(state.rp);
});

describe('audit events', () => {
  it('records each change with its actor, source and targets, in leaf order, and no secret', async () => {
    expect(events.map((e) => e.action)).toEqual([
      'customer.created',
      'device.registered',
      'binding.created',
      'binding.activated',
      'document.registered',
      'svcfication.created',
      'svcfication.cancelled',
      'device.deactivated',
    ]);
    expect(events.map((e) => e.index)).toEqual(events.map((_, i) => i));
    const bound = events.find((e) => e.action === 'binding.created')!;
    expect(bound).toMatchObject({
      customer_id: state.t.customer.id,
      outcome: 'success',
      actor: { kind: 'server', device: null, user: null },
      source: { address: '127.0.0.1' },
      targets: { device, user: 'alice' },
    });
    expect(bound.actor.credential).toMatch(/^[0-9a-f]{16}$/);
    expect(bound.request_id).toBeTruthy();
    expect(events.find((e) => e.action === 'device.registered')!.actor.kind).toBe('sdk');
    expect(events[0]!.actor.kind).toBe('system');
    expect(events.find((e) => e.action === 'document.registered')!.details).toEqual({
      status: 'UNVERIFIED',
    });
    const text = JSON.stringify(events);
    for (const secret of [
      state.t.customer.server_credentials.secret,
      state.t.customer.server_credentials.token,
      state.t.customer.sdk_credentials.secret,
      'doc-hash',
    ])
      expect(text).not.toContain(secret);
  });

  it('filters by action, outcome, actor, target and time; pages by cursor', async () => {
    const page = await state.rp.audit.events({ limit: 2 });
    expect(page.audit_events.map((e) => e.index)).toEqual([0, 1]);
    expect(page.next_cursor).toBe('1');
    const next = await state.rp.audit.events({ limit: 2, after: page.next_cursor! });
    expect(next.audit_events.map((e) => e.index)).toEqual([2, 3]);
    const byAction = await state.rp.audit.events({ action: 'device.deactivated' });
    expect(byAction.audit_events.map((e) => e.action)).toEqual(['device.deactivated']);
    expect(byAction.next_cursor).toBeNull();
    const byTarget = await state.rp.audit.events({ target: device });
    expect(byTarget.audit_events.map((e) => e.action)).toEqual([
      'device.registered',
      'binding.created',
      'binding.activated',
      'device.deactivated',
    ]);
    const shouted = await state.rp.audit.events({ target: device.toUpperCase() });
    expect(shouted.audit_events).toEqual([]);
    const offset = new Date(Date.now() - 3600_000).toISOString().replace('Z', '+00:00');
    expect((await state.rp.audit.events({ since: offset, limit: 500 })).audit_events.length).toBe(
      (await allEvents(state.rp)).length,
    );
    const byActor = await state.rp.audit.events({ actor: 'sdk' });
    expect(byActor.audit_events.map((e) => e.action)).toEqual(['device.registered']);
    const failures = await state.rp.audit.events({ outcome: 'failure' });
    expect(failures.audit_events.every((e) => e.outcome === 'failure')).toBe(true);
    const later = await state.rp.audit.events({ since: new Date(Date.now() + 3600_000) });
    expect(later.audit_events).toEqual([]);
  });

  it('a refused signature is an event of the credential owner, with the fingerprint only', async () => {
    const wrong = rpClient(state.t, {
      ...state.t.customer.server_credentials,
      secret: 'x'.repeat(43),
    });
    expect(await status(wrong.getDevice(device))).toBe(403);
    await integrate(state.t);
    const refused = await state.rp.audit.events({ action: 'credential.refused' });
    expect(refused.audit_events).toHaveLength(1);
    expect(refused.audit_events[0]).toMatchObject({
      outcome: 'failure',
      actor: { kind: 'server', credential: events[2]!.actor.credential },
      details: { status: 403, route: '/api/v2/devices/:identifier' },
    });
  });

  it('bad query values are 422 VALIDATION_FAILED', async () => {
    for (const query of [
      'limit=0',
      'limit=1e400',
      'after=-1',
      'after=1e3',
      'outcome=maybe',
      'since=yesterday',
    ]) {
      const res = state.rp.request('GET', `/api/v2/audit_events?${query}`);
      expect(await errorOf(res), query).toMatchObject({ error: 'VALIDATION_FAILED' });
    }
  });
});

describe('proofs, checked by an independent RFC 6962 verifier', () => {
  it('the checkpoint is a C2SP signed note over the root of every event', async () => {
    const all = await allEvents(state.rp);
    const cp = await state.rp.audit.checkpoint();
    const lines = openNote(cp.checkpoint, cp.verifier_key);
    expect(lines).toEqual([
      `localhost:${state.t.config.port}/audit/${state.t.customer.id}`,
      String(all.length),
      mth(all.map(leafOf)).toString('base64'),
    ]);
    expect(cp.tree_size).toBe(all.length);
    expect(openNote(cp.checkpoint.replace(/\n\d+\n/, '\n1\n'), cp.verifier_key)).toBeNull();
  });

  it('inclusion proofs of every event at every size, and consistency proofs between sizes', async () => {
    const all = await allEvents(state.rp);
    const leaves = all.map(leafOf);
    for (let size = 1; size <= all.length; size++)
      for (let m = 0; m < size; m++) {
        const got = await state.rp.audit.inclusionProof(all[m]!.id, size);
        expect(got, `${m} in ${size}`).toEqual({
          leaf_index: m,
          tree_size: size,
          hashes: b64(path(m, leaves.slice(0, size))),
        });
      }
    for (let second = 1; second <= all.length; second++)
      for (let first = 1; first <= second; first++) {
        const got = await state.rp.audit.consistencyProof(first, second);
        expect(got.hashes, `${first}→${second}`).toEqual(
          first === second ? [] : b64(proof(first, leaves.slice(0, second))),
        );
      }
  });

  it('the SDK proves later history extends a kept checkpoint, and each event is in it', async () => {
    const { verifier_key: key } = await state.rp.audit.checkpoint();
    const kept = await state.rp.audit.checkLog(key);
    await newDevice().register();
    await integrate(state.t);
    const next = await state.rp.audit.checkLog(key, kept.note);
    expect(next.size).toBe(kept.size + 1);
    for (const event of await allEvents(state.rp))
      await state.rp.audit.checkEvent(event, next.note, key);
    const changed = { ...events[1]!, details: { platform: 'android' } };
    await expect(state.rp.audit.checkEvent(changed, next.note, key)).rejects.toThrow(
      AuditVerificationError,
    );
    const forged = kept.note.replace(/\n[A-Za-z0-9+/=]{44}\n/, `\n${'A'.repeat(43)}=\n`);
    await expect(state.rp.audit.checkLog(key, forged)).rejects.toThrow(AuditVerificationError);
  });

  it('a size past the signed tree is 422; another customer sees neither events nor proofs', async () => {
    const size = (await state.rp.audit.checkpoint()).tree_size;
    expect(await errorOf(state.rp.audit.consistencyProof(1, size + 1))).toMatchObject({
      error: 'AUDIT_TREE_SIZE',
    });
    const other = await state.t.newCustomer('other');
    const rpB = new RpClient({
      baseUrl: 'http://svc',
      credentials: other.server_credentials,
      fetch: injectFetch(state.t.app),
      now: () => state.t.clock.now(),
    });
    await integrate(state.t);
    const seen = await allEvents(rpB);
    expect(seen.map((e) => e.action)).toEqual(['customer.created']);
    expect(seen.every((e) => e.customer_id === other.id)).toBe(true);
    expect(await status(rpB.audit.inclusionProof(events[1]!.id))).toBe(404);
  });
});
