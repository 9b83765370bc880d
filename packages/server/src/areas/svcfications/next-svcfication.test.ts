import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/helpers.js';
import { wireAreas } from '../../wiring.js';
import type { SvcficationsDeps } from './deps.js';
import { getSvcfication } from './get-svcfication.js';
import { nextSvcfication } from './next-svcfication.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

/**
 * The svcfication deps of the test app, with the device lookup (the first read of every look)
 * reporting how many long polls are watching at that moment.
 */
function watchedAtRead(): { deps: SvcficationsDeps; watching: number[] } {
  const deps = wireAreas(t.ctx).svcfications;
  const watching: number[] = [];
  const identity: SvcficationsDeps['identity'] = {
    ...deps.identity,
    device: (customerId, identifier) => {
      watching.push(t.ctx.waiters.count());
      return deps.identity.device(customerId, identifier);
    },
  };
  return { deps: { ...deps, identity }, watching };
}

describe('long polls watch before they read', () => {
  // A change committed while the read runs (between its query and the watch) would otherwise be
  // missed, and the poll would sleep until its timeout with the answer already there.
  it('`next` is watching for new svcfications when it reads', async () => {
    const { deps, watching } = watchedAtRead();
    expect(await nextSvcfication(deps, t.customer.id, 'no-such-device', 1)).toBeNull();
    expect(watching[0]).toBe(1);
    expect(t.ctx.waiters.count()).toBe(0); // and no watch outlives the call
  });

  it('a waiting read that fails leaves no watch behind', async () => {
    const deps = wireAreas(t.ctx).svcfications;
    await expect(getSvcfication(deps, t.customer.id, 'nope', { waitSeconds: 1 })).rejects.toThrow();
    expect(t.ctx.waiters.count()).toBe(0);
  });
});
