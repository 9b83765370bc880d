import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/helpers.js';
import { rpClient, svcficationCalls } from '../../../test/svcfications.kit.js';
import { wireAreas } from '../../wiring.js';
import type { DevicesTable } from '../../core/store/schema.js';
import type { SvcficationsDeps } from './deps.js';
import { getSvcfication } from './get-svcfication.js';
import { nextSvcfication } from './next-svcfication.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const { user, create } = svcficationCalls(
  () => t,
  () => rpClient(t),
);

/**
 * The svcfication deps of the test app, with the lookup of the device's bound identifiers (the
 * read right before the query of open svcfications, in every look) reporting how many long polls
 * are watching at that moment, and the reads of a device counted.
 */
function watchedAtRead(): {
  deps: SvcficationsDeps;
  watching: number[];
  deviceReads: () => number;
} {
  const deps = wireAreas(t.ctx).svcfications;
  const watching: number[] = [];
  let deviceReads = 0;
  const identity: SvcficationsDeps['identity'] = {
    ...deps.identity,
    activeIdentifiersOf: (customerId, identifier) => {
      watching.push(t.ctx.waiters.count());
      return deps.identity.activeIdentifiersOf(customerId, identifier);
    },
    device: (customerId, identifier) => {
      deviceReads += 1;
      return deps.identity.device(customerId, identifier);
    },
  };
  return { deps: { ...deps, identity }, watching, deviceReads: () => deviceReads };
}

/** The stored row of a device, as the X-Device-Sig check hands it to the route. */
async function stored(identifier: string): Promise<DevicesTable> {
  const row = await wireAreas(t.ctx).svcfications.identity.device(t.customer.id, identifier);
  if (!row) throw new Error(`no device ${identifier}`);
  return row;
}

describe('long polls watch before they read', () => {
  // A change committed while the read runs (between its query and the watch) would otherwise be
  // missed, and the poll would sleep until its timeout with the answer already there.
  it('`next` is watching for new svcfications when it reads', async () => {
    const { device } = await user();
    const { deps, watching } = watchedAtRead();
    expect(
      await nextSvcfication(deps, t.customer.id, await stored(device.identifier), 0.2),
    ).toBeNull();
    expect(watching[0]).toBe(1);
    expect(t.ctx.waiters.count()).toBe(0); // and no watch outlives the call
  });

  it('uses the row it was given, and reads the device again only after a wait', async () => {
    const { device, identifier } = await user();
    const signer = await stored(device.identifier);
    const { deps, deviceReads } = watchedAtRead();
    expect(await nextSvcfication(deps, t.customer.id, signer, 0.2)).toBeNull();
    expect(deviceReads()).toBe(1); // after its wait ran out
    await create({ desired_level: 1, user_identifier: identifier });
    expect(await nextSvcfication(deps, t.customer.id, signer, 5)).not.toBeNull();
    expect(deviceReads()).toBe(1); // found at once: no wait, no read
  });

  it('a waiting read that fails leaves no watch behind', async () => {
    const deps = wireAreas(t.ctx).svcfications;
    await expect(getSvcfication(deps, t.customer.id, 'nope', { waitSeconds: 1 })).rejects.toThrow();
    expect(t.ctx.waiters.count()).toBe(0);
  });
});

describe('a create wakes only the devices it is addressed to', () => {
  it("another user's device keeps sleeping; its own wakes with the svcfication", async () => {
    const a = await user();
    const b = await user();
    const { deps, watching } = watchedAtRead();
    const polled = nextSvcfication(deps, t.customer.id, await stored(b.device.identifier), 10);
    await expect.poll(() => t.ctx.waiters.count()).toBe(1);
    const readsWhileWaiting = watching.length;
    // Every create is committed and notified before its answer: a wake would have read by now.
    await create({ desired_level: 1, user_identifier: a.identifier });
    await create({ desired_level: 1, device_identifier: a.device.identifier });
    expect(watching.length).toBe(readsWhileWaiting);
    const forB = await create({ desired_level: 1, user_identifier: b.identifier });
    expect((await polled)?.id).toBe(forB.id);
  });
});
