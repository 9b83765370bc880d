import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpClient, svcficationCalls } from '../svcfications.kit.js';
import { testApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('pages people read', () => {
  it('/ names the three areas with links to their references, in the pages’ one look', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const area of ['sandbox', 'main', 'fido']) {
      expect(res.body).toContain(`href="/docs/${area}"`);
      expect(res.body).toContain(`href="/docs/${area}/openapi.json"`);
    }
    expect(res.body).toContain('href="/demo/svccode"');
    const fidoPage = await t.app.inject({ method: 'GET', url: '/fido/registrations/unknown' });
    const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(styleOf(res.body)).toBe(styleOf(fidoPage.body));
  });

  it('/docs lists the three API references, each of which is served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    const links = [...res.body.matchAll(/href="(\/docs\/[a-z]+)"/g)].map((m) => m[1]);
    expect(links).toEqual(['/docs/sandbox', '/docs/main', '/docs/fido']);
    for (const link of links) {
      const doc = await t.app.inject({ method: 'GET', url: `${link}/openapi.json` });
      expect(doc.statusCode).toBe(200);
    }
  });

  it('the svccode demo shows the payload to paste into `svc device pair` and what comes next', async () => {
    await t.newCustomer('demo');
    const res = await t.app.inject({ method: 'GET', url: '/demo/svccode' });
    expect(res.body).toContain('id="payload"');
    expect(res.body).toContain('svc device pair');
    expect(res.body).toContain('id="next" hidden');
    expect(res.body).toContain('/api/v2/user_bindings');
  });
});

describe('operations', () => {
  it('/metrics counts outbox depth, long-poll waiters and svcfications by final status', async () => {
    const rp = rpClient(t);
    const { user, create } = svcficationCalls(
      () => t,
      () => rp,
    );
    const u = await user();
    const s = await create({ desired_level: 1, user_identifier: u.identifier });
    await rp.request('DELETE', `/api/v2/svcfications/${s.id}`);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('svc_outbox_pending 0');
    expect(metrics).toContain('svc_long_poll_waiters 0');
    expect(metrics).toContain('svc_svcfications_completed_total{status="CANCELED"} 1');
    expect(metrics).toContain('# TYPE svc_outbox_deliveries_total counter');
    expect(metrics).toContain('# TYPE svc_sms_sent_total counter');
  });

  it('/readyz answers 200 while the database answers, 503 with an Error body when it does not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ready',
    });
    const down = await testApp();
    await down.store.close();
    const res = await down.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'NOT_READY' });
    await down.app.close();
  });
});
