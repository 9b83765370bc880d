import { SvcApiError } from '@svc/sdk';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers.js';
import { accept, browserFetch, cliInvitation, newPerson, signIn, tokenOf } from './console.kit.js';

// The admin API's sessions, roles and tenancy, through the SDK's ConsoleClient.
const s = useTestApp(() => ({}));

const refused = async (call: Promise<unknown>) => {
  const err = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof SvcApiError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: err.status, code: (err.body as { error?: string }).error };
};

describe('sign-in and sessions', () => {
  it('an invitation enrolls a passkey once, which then signs in', async () => {
    const token = await cliInvitation(s.t, 'operator');
    const ada = await accept(s.t, token);
    expect(ada.session.account).toMatchObject({ role: 'operator', customer_id: null });
    expect((await ada.client.session()).account.id).toBe(ada.session.account.id);
    // Used: a second acceptance, or a guessed secret, is the same 404.
    expect(await refused(newPerson(s.t).client.acceptInvitation(token))).toEqual({
      status: 404,
      code: 'INVITATION_INVALID',
    });
    expect(
      await refused(newPerson(s.t).client.acceptInvitation(`${token.split('.')[0]}.x`)),
    ).toMatchObject({
      status: 404,
    });
    const again = newPerson(s.t);
    again.passkey.credentials.push(...ada.passkey.credentials);
    const session = await signIn(s.t, again);
    expect(session.account.id).toBe(ada.session.account.id);
  });

  it('an unknown passkey, a replayed ceremony and a missing session are 401', async () => {
    const stranger = newPerson(s.t);
    const { ceremony, options } = await stranger.client.beginSignIn();
    const other = await accept(s.t, await cliInvitation(s.t, 'operator'));
    const response = other.passkey.authenticate(
      options as never,
      new URL(s.t.config.publicUrl).origin,
    );
    expect((await stranger.client.finishSignIn(ceremony, response)).account.role).toBe('operator');
    // The same ceremony again: its link is used.
    expect(await refused(stranger.client.finishSignIn(ceremony, response))).toEqual({
      status: 401,
      code: 'CONSOLE_SIGN_IN_FAILED',
    });
    expect(await refused(newPerson(s.t).client.session())).toEqual({
      status: 401,
      code: 'CONSOLE_SIGNED_OUT',
    });
  });

  it('a write without the CSRF token is refused; sign-out and expiry end the session', async () => {
    const op = await accept(s.t, await cliInvitation(s.t, 'operator'));
    const res = await op.fetch('http://svc/api/admin/customers', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'forged' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toBe('CONSOLE_CSRF');
    const names = (await op.client.customers()).customers.map((c) => c.name);
    expect(names).not.toContain('forged');
    expect(names).not.toContain('svc console');
    await op.client.signOut();
    expect(await refused(op.client.customers())).toMatchObject({ status: 401 });
    const signedOut = await s.t.store.db
      .selectFrom('audit_events')
      .select(['actor_kind', 'actor_user', 'log_id'])
      .where('action', '=', 'console.signed_out')
      .execute();
    expect(signedOut).toEqual([
      { actor_kind: 'console', actor_user: op.session.account.id, log_id: 'svc' },
    ]);

    const later = await accept(s.t, await cliInvitation(s.t, 'operator'));
    s.t.clock.advance(12 * 60 * 60 * 1000 + 1000);
    expect(await refused(later.client.customers())).toMatchObject({ code: 'CONSOLE_SIGNED_OUT' });
  });
});

describe('roles', () => {
  it('an operator manages customers and credentials; the secret is shown once', async () => {
    const op = await accept(s.t, await cliInvitation(s.t, 'operator'));
    const made = await op.client.createCustomer('globex');
    expect(made.server_credentials?.token).toBeTruthy();
    const rotated = await op.client.rotateCredential(made.id, 'sdk');
    expect(Object.keys(rotated).sort()).toEqual(['id', 'name', 'sdk_credentials']);
    await op.client.revokeCredential(made.id, 'fido');
    const listed = (await op.client.customers()).customers.find((c) => c.id === made.id);
    expect(listed?.credentials).toEqual(['server', 'sdk', 'user', 'sandbox']);
    expect(JSON.stringify(await op.client.customers())).not.toContain(
      made.server_credentials?.secret ?? '-',
    );
    expect(await refused(op.client.rotateCredential('nobody', 'sdk'))).toMatchObject({
      status: 404,
    });
    // Customer pages are a customer's: an operator has none.
    expect(await refused(op.client.users())).toEqual({ status: 403, code: 'CONSOLE_ROLE' });
    expect((await op.client.health()).outbox).toBeInstanceOf(Array);
  });

  it('a viewer reads and changes nothing; an admin invites for its own customer only', async () => {
    const acme = s.t.customer;
    const admin = await accept(s.t, await cliInvitation(s.t, 'admin', acme.id));
    expect(await refused(admin.client.customers())).toEqual({ status: 403, code: 'CONSOLE_ROLE' });
    expect(await refused(admin.client.invite({ role: 'operator', name: 'x' }))).toMatchObject({
      code: 'CONSOLE_ROLE',
    });
    const other = await s.t.newCustomer('initech');
    expect(
      await refused(admin.client.invite({ role: 'admin', name: 'x', customer_id: other.id })),
    ).toMatchObject({ status: 404 });
    const invitation = await admin.client.invite({ role: 'viewer', name: 'Vic' });
    expect(invitation.customer_id).toBe(acme.id);
    const viewer = await accept(s.t, tokenOf(invitation.invitation_link));
    expect(viewer.session.account).toMatchObject({ role: 'viewer', customer_id: acme.id });
    expect((await viewer.client.users()).users).toBeInstanceOf(Array);
    expect(await refused(viewer.client.createEnrollment('alice'))).toEqual({
      status: 403,
      code: 'CONSOLE_ROLE',
    });
    expect(await refused(viewer.client.invite({ role: 'viewer', name: 'y' }))).toMatchObject({
      code: 'CONSOLE_ROLE',
    });
    const enrollment = await admin.client.createEnrollment('alice');
    expect(enrollment.qr).toContain('<svg');
  });

  it("customer A's console never reaches B's deliveries, users or svcfications", async () => {
    const a = await s.t.newCustomer('a');
    const b = await s.t.newCustomer('b');
    const adminA = await accept(s.t, await cliInvitation(s.t, 'admin', a.id));
    const enqueue = (customerId: string) =>
      s.t.ctx.outbox.enqueue(s.t.store.db, {
        kind: 'callback',
        target: 'http://127.0.0.1:9/cb',
        payload: { id: 'x', status: 'ACCEPTED', jwt: 'old' },
        customerId,
      });
    const ofB = await enqueue(b.id);
    const ofA = await enqueue(a.id);
    expect(await refused(adminA.client.replayDelivery(ofB))).toEqual({
      status: 404,
      code: 'DELIVERY_NOT_FOUND',
    });
    const listed = (await adminA.client.deliveries()).deliveries.map((d) => d.id);
    expect(listed).toEqual([ofA]);
    // Newest first, a page at a time: the cursor walks every item once.
    const more = [await enqueue(a.id), await enqueue(a.id)];
    const seen: string[] = [];
    let after: string | undefined;
    do {
      const page = await adminA.client.deliveries({ limit: 1, after });
      seen.push(...page.deliveries.map((d) => d.id));
      after = page.next_cursor ?? undefined;
    } while (after);
    expect(seen.sort()).toEqual([ofA, ...more].sort());
    const replay = await adminA.client.replayDelivery(ofA);
    expect(replay).toMatchObject({ replay_of: ofA, state: 'pending', kind: 'callback' });
    const row = await s.t.store.db
      .selectFrom('outbox')
      .select('payload')
      .where('id', '=', replay.id)
      .executeTakeFirstOrThrow();
    const payload = JSON.parse(row.payload) as { jwt: string };
    expect(payload.jwt).not.toBe('old');
    expect(payload.jwt.split('.')).toHaveLength(3);
    const events = await s.t.store.db
      .selectFrom('audit_events')
      .select(['action', 'actor_kind', 'actor_user', 'log_id'])
      .where('action', '=', 'delivery.replayed')
      .execute();
    expect(events).toEqual([
      {
        action: 'delivery.replayed',
        actor_kind: 'console',
        actor_user: adminA.session.account.id,
        log_id: a.id,
      },
    ]);
  });
});

describe('unauthenticated calls', () => {
  it('a cookie that opens no session is 401, and a bad body is 422', async () => {
    const fetch = browserFetch(s.t);
    const res = await fetch('http://svc/api/admin/users', {
      headers: { cookie: 'svc_console=nope' },
    });
    expect(res.status).toBe(401);
    const bad = await fetch('http://svc/api/admin/sign_in/finish', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ceremony: 7 }),
    });
    expect(bad.status).toBe(422);
  });
});
