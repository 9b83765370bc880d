import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../../test/helpers.js';
import { createRegistration } from './create-registration.js';
import { createOrganization } from '../organizations/create-organization.js';
import { fidoDeps, type FidoDeps } from '../deps.js';
import { failLink } from './fail-link.js';
import { finishLink } from './finish-link.js';
import { readStatus } from './link.js';
import { closeLink, findLink, setChallenge } from './links-repo.js';
import { findUserById } from '../users/users-repo.js';

let t: TestApp;
let deps: FidoDeps;
beforeAll(async () => {
  t = await testApp();
  deps = fidoDeps(t.ctx);
  await createOrganization(deps, t.customer.id, { name: 'Acme', domain_name: 'acme.test' });
});
afterAll(async () => t.close());

async function pendingLink(identifier: string) {
  const { id } = await createRegistration(deps, t.customer.id, {
    user: { user_identifier: identifier },
    callback_url: 'https://rp.example/cb',
  });
  const link = await findLink(deps.db, 'registrations', id);
  const user = link?.user_id ? await findUserById(deps.db, t.customer.id, link.user_id) : undefined;
  if (!link || !user) throw new Error('no link');
  return { link, user };
}

const callbacksAbout = async (id: string) =>
  (
    await deps.db.selectFrom('outbox').select('payload').where('kind', '=', 'callback').execute()
  ).filter((r) => (JSON.parse(r.payload) as { id: string }).id === id);

describe('closing a link', () => {
  it('moves a link only from the challenge that was judged (none, or the same one)', async () => {
    const closing = (userId: string | null) => ({
      status: 'COMPLETED' as const,
      userId,
      now: t.clock.now().toISOString(),
    });
    const { link: unchallenged } = await pendingLink('n');
    const closeFirst = closing(unchallenged.user_id);
    expect(await closeLink(deps.db, 'registrations', unchallenged, closeFirst)).toBe(true);

    const { link } = await pendingLink('c');
    const close = closing(link.user_id);
    expect(await setChallenge(deps.db, 'registrations', link.id, 'first')).toBe(true);
    const judged = await findLink(deps.db, 'registrations', link.id);
    expect(await setChallenge(deps.db, 'registrations', link.id, 'second')).toBe(true);
    if (!judged) throw new Error('no link');
    expect(await closeLink(deps.db, 'registrations', judged, close)).toBe(false);
    expect(await closeLink(deps.db, 'registrations', link, close)).toBe(false);
    expect((await findLink(deps.db, 'registrations', link.id))?.status).toBe('PENDING');
    const current = await findLink(deps.db, 'registrations', link.id);
    if (!current) throw new Error('no link');
    expect(await closeLink(deps.db, 'registrations', current, close)).toBe(true);
    expect((await findLink(deps.db, 'registrations', link.id))?.status).toBe('COMPLETED');
  });

  it("writes nothing when the ceremony's own write fails", async () => {
    const { link, user } = await pendingLink('a');
    await expect(
      finishLink(deps, 'registrations', link, { status: 'COMPLETED', user }, () =>
        Promise.reject(new Error('boom')),
      ),
    ).rejects.toThrow('boom');
    expect((await findLink(deps.db, 'registrations', link.id))?.status).toBe('PENDING');
    expect(await callbacksAbout(link.id)).toHaveLength(0);
  });

  it('closes once: a second close of the same pending state is FIDO_LINK_USED', async () => {
    const { link, user } = await pendingLink('b');
    await finishLink(deps, 'registrations', link, {
      status: 'COMPLETED',
      user: { ...user, registered: 1 },
    });
    await expect(
      finishLink(deps, 'registrations', link, { status: 'COMPLETED', user }),
    ).rejects.toMatchObject({ code: 'FIDO_LINK_USED' });
    expect(await callbacksAbout(link.id)).toHaveLength(1);
  });

  it('a failure closes as ERROR with its callback and reports FIDO_CEREMONY_FAILED', async () => {
    const { link, user } = await pendingLink('c');
    await expect(failLink(deps, 'registrations', link, user, 'bad origin')).rejects.toMatchObject({
      code: 'FIDO_CEREMONY_FAILED',
      description: 'bad origin',
    });
    expect(await findLink(deps.db, 'registrations', link.id)).toMatchObject({
      status: 'ERROR',
      challenge: null,
      finished_at: expect.any(String),
    });
    const [callback] = await callbacksAbout(link.id);
    expect(JSON.parse(callback?.payload ?? '{}')).toMatchObject({
      id: link.id,
      status: 'ERROR',
      user: { user_identifier: 'c', registered: false },
    });
  });

  it('a link that expired after it was read does not complete or fail: FIDO_LINK_EXPIRED, still EXPIRED', async () => {
    const { link, user } = await pendingLink('late');
    t.clock.set(new Date(link.expires_at)); // read before its expiry, closed at it
    await expect(
      finishLink(deps, 'registrations', link, {
        status: 'COMPLETED',
        user: { ...user, registered: 1 },
      }),
    ).rejects.toMatchObject({ code: 'FIDO_LINK_EXPIRED' });
    await expect(failLink(deps, 'registrations', link, user, 'bad origin')).rejects.toMatchObject({
      code: 'FIDO_LINK_EXPIRED',
    });
    const stored = await findLink(deps.db, 'registrations', link.id);
    expect(stored && readStatus(stored, t.clock.now())).toBe('EXPIRED');
    expect(await callbacksAbout(link.id)).toHaveLength(0);

    await finishLink(deps, 'registrations', link, { status: 'EXPIRED', user });
    expect((await findLink(deps.db, 'registrations', link.id))?.status).toBe('EXPIRED');
    const [callback, ...more] = await callbacksAbout(link.id);
    expect(more).toHaveLength(0);
    expect(JSON.parse(callback?.payload ?? '{}')).toMatchObject({ status: 'EXPIRED' });
  });

  it('does not close a link as EXPIRED before its expiry', async () => {
    const { link, user } = await pendingLink('early');
    await expect(
      finishLink(deps, 'registrations', link, { status: 'EXPIRED', user }),
    ).rejects.toMatchObject({ code: 'FIDO_LINK_USED' });
    expect((await findLink(deps.db, 'registrations', link.id))?.status).toBe('PENDING');
  });
});
