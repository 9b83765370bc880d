import { SvcApiError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../../../bench/src/soft-authenticator.js';
import { fidoCalls } from '../fido.kit.js';
import { useTestApp } from '../helpers.js';
import { accept, cliInvitation } from './console.kit.js';

// A customer's passkey, document and FIDO pages of the admin API, as its admin and viewer, and
// an operator's health page.
const s = useTestApp(() => ({}));
const { withOrganization, register } = fidoCalls(() => s.t);

const statusOf = (call: Promise<unknown>) =>
  call.then(
    () => 200,
    (err: unknown) => (err instanceof SvcApiError ? err.status : 0),
  );

async function customerWithPasskey() {
  const c = await withOrganization();
  await register(c, new SoftAuthenticator(), 'alice');
  const org = await s.t.store.db
    .selectFrom('fido_organizations')
    .select('customer_id')
    .where('id', '=', String(c.org.id))
    .executeTakeFirstOrThrow();
  return org.customer_id;
}

describe("a customer's passkeys, documents and FIDO settings", () => {
  it('lists passkeys; an admin renames and deletes one, a viewer cannot', async () => {
    const customerId = await customerWithPasskey();
    const admin = await accept(s.t, await cliInvitation(s.t, 'admin', customerId));
    const viewer = await accept(s.t, await cliInvitation(s.t, 'viewer', customerId));
    const [alice] = (await viewer.client.passkeys()).users;
    expect(alice).toMatchObject({ user_identifier: 'alice', registered: true });
    const passkey = alice?.passkeys[0];
    if (!alice || !passkey) throw new Error('no passkey listed');
    expect(await statusOf(viewer.client.renamePasskey(alice.id, passkey.id, 'x'))).toBe(403);
    expect((await admin.client.renamePasskey(alice.id, passkey.id, ' Work laptop ')).name).toBe(
      'Work laptop',
    );
    expect(await statusOf(viewer.client.deletePasskey(alice.id, passkey.id))).toBe(403);
    await admin.client.deletePasskey(alice.id, passkey.id);
    const after = (await admin.client.passkeys()).users[0];
    expect(after).toMatchObject({ registered: false, passkeys: [] });
    // Another customer's admin finds none of it.
    const other = await accept(s.t, await cliInvitation(s.t, 'admin', s.t.customer.id));
    expect(await statusOf(other.client.renamePasskey(alice.id, passkey.id, 'y'))).toBe(404);
  });

  it('shows the organization, its redirect URIs and OpenID client; none before one exists', async () => {
    const customerId = await customerWithPasskey();
    const admin = await accept(s.t, await cliInvitation(s.t, 'admin', customerId));
    const fido = await admin.client.fido();
    expect(fido.organization).toMatchObject({ domain_name: 'login.acme.test', redirect_uris: [] });
    expect(fido.oidc_client?.client_id).toBe(fido.organization?.oidc_client_id);
    const bare = await s.t.newCustomer('bare');
    const other = await accept(s.t, await cliInvitation(s.t, 'viewer', bare.id));
    expect(await other.client.fido()).toEqual({ organization: null, oidc_client: null });
  });

  it('lists identity documents by hash and status, newest first, of its own customer only', async () => {
    const a = await s.t.newCustomer('docs-a');
    const b = await s.t.newCustomer('docs-b');
    const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString();
    const doc = (id: string, customerId: string, n: number) => ({
      id,
      customer_id: customerId,
      user_id: `svc-${id}`,
      hash: `${id}`.padEnd(64, '0'),
      type: 'AAMVA_DRIVERS_LICENSE',
      verification_status: 'VERIFIED' as const,
      verified_at: at(n),
      created_at: at(n),
    });
    const users = ['d1', 'd2', 'd3', 'x1'].map((id) => ({
      id: `svc-${id}`,
      customer_id: id === 'x1' ? b.id : a.id,
      created_at: at(0),
    }));
    await s.t.store.db.insertInto('users').values(users).execute();
    await s.t.store.db
      .insertInto('identity_documents')
      .values([doc('d1', a.id, 1), doc('d2', a.id, 2), doc('d3', a.id, 3), doc('x1', b.id, 4)])
      .execute();
    const viewer = await accept(s.t, await cliInvitation(s.t, 'viewer', a.id));
    const first = await viewer.client.documents({ limit: 2 });
    expect(first.documents.map((d) => d.id)).toEqual(['d3', 'd2']);
    const second = await viewer.client.documents({ limit: 2, after: first.next_cursor ?? '' });
    expect(second).toMatchObject({
      documents: [{ id: 'd1', user_identifier: null }],
      next_cursor: null,
    });
    expect(JSON.stringify(first)).not.toContain('"type"');
  });
});

describe("an operator's health page", () => {
  it('counts the outbox, lists a parked item with its error, retries it once', async () => {
    const op = await accept(s.t, await cliInvitation(s.t, 'operator'));
    const id = await s.t.ctx.outbox.enqueue(s.t.store.db, {
      kind: 'push',
      target: 'fcm',
      payload: {},
      customerId: s.t.customer.id,
    });
    await s.t.store.db
      .updateTable('outbox')
      .set({ state: 'dead', attempts: 3, last_error: 'receiver answered 500' })
      .where('id', '=', id)
      .execute();
    const health = await op.client.health();
    expect(health.parked).toEqual([
      expect.objectContaining({ id, kind: 'push', last_error: 'receiver answered 500' }),
    ]);
    expect(health.push_failures).toEqual([{ channel: 'fcm', count: 1 }]);
    expect(health.outbox).toContainEqual({ kind: 'push', state: 'dead', count: 1 });
    expect((await op.client.retryDelivery(id)).state).toBe('pending');
    // Retried already: only a parked item can be.
    expect(await statusOf(op.client.retryDelivery(id))).toBe(409);
    expect(await statusOf(op.client.retryDelivery('nope'))).toBe(404);
    const metrics = await op.client.metrics();
    expect(metrics.requests.map((r) => r.outcome)).toContain('2xx');
    const events = await s.t.store.db
      .selectFrom('audit_events')
      .select(['actor_kind', 'log_id'])
      .where('action', '=', 'delivery.retried')
      .execute();
    expect(events).toEqual([{ actor_kind: 'console', log_id: s.t.customer.id }]);
  });
});
