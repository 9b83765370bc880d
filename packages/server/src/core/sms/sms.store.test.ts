import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidoCalls } from '../../../test/fido.kit.js';
import { testApp, type TestApp } from '../../../test/helpers.js';
import { ManualClock } from '../clock.js';
import { sharedLimiters } from '../limiters.js';
import { SmsBudget } from './budget.js';
import { smsDeliverer, smsProvider } from './deliverer.js';
import { LogSmsProvider } from './log-provider.js';
import { listSms } from './messages-repo.js';
import { TwilioSmsProvider } from './twilio-provider.js';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const twilio = {
  twilioAccountSid: `AC${'0'.repeat(32)}`,
  twilioAuthToken: 'token',
  twilioFrom: '+15550001111',
};

describe('log provider', () => {
  it('stores each outbox item once, prints it, and lists newest first', async () => {
    const printed: string[] = [];
    const provider = new LogSmsProvider(t.store.db, t.clock, {
      info: (_fields, message) => printed.push(message),
    });
    const deliver = smsDeliverer(provider, t.box);
    await deliver({
      id: 'o1',
      target: '+15551230001',
      payload: { body: 'first https://x.test/fido/a#s' },
    });
    await deliver({
      id: 'o1',
      target: '+15551230001',
      payload: { body: 'first https://x.test/fido/a#s' },
    }); // a retried delivery
    t.clock.advance(1000);
    await deliver({ id: 'o2', target: '+15551230002', payload: { body: 'second' } });
    expect(printed).toEqual([
      'SMS to +15551230001: first https://x.test/fido/a#s',
      'SMS to +15551230001: first https://x.test/fido/a#s',
      'SMS to +15551230002: second',
    ]);
    expect((await listSms(t.store.db, 10)).map((m) => [m.id, m.to_number, m.body])).toEqual([
      ['o2', '+15551230002', 'second'],
      ['o1', '+15551230001', 'first https://x.test/fido/a#s'],
    ]);
    expect(await listSms(t.store.db, 1)).toHaveLength(1);
  });

  it('opens a sealed text (a body in clear was queued before texts were sealed)', async () => {
    const printed: string[] = [];
    const deliver = smsDeliverer(
      new LogSmsProvider(t.store.db, t.clock, {
        info: (_fields, message) => printed.push(message),
      }),
      t.box,
    );
    await deliver({ id: 'o4', target: '+15551230004', payload: { sealed: t.box.seal('sealed') } });
    expect(printed).toEqual(['SMS to +15551230004: sealed']);
  });

  it('a payload without a body is a failure the outbox retries', async () => {
    const deliver = smsDeliverer(
      new LogSmsProvider(t.store.db, t.clock, { info: () => undefined }),
      t.box,
    );
    await expect(deliver({ id: 'o3', target: '+15551230003', payload: {} })).rejects.toThrow(
      /no body/,
    );
  });
});

describe('the SMS budget', () => {
  it("limits a customer per hour, and per number; another customer's count is its own", async () => {
    const clock = new ManualClock(new Date('2026-01-01T00:00:00Z'));
    const limiters = sharedLimiters(t.store.db);
    const budget = new SmsBudget(clock, { fidoSmsPerCustomer: 3, fidoSmsPerNumber: 2 }, limiters);
    await budget.take('a', '+15550000001');
    await budget.take('a', '+15550000001');
    await expect(budget.take('a', '+15550000001')).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      retryAfter: 3600,
    });
    // Another customer texting the same number is not held back by the first one's texts; the
    // refused text above did not use up the customer's budget.
    await budget.take('b', '+15550000001');
    await budget.take('a', '+15550000002');
    await expect(budget.take('a', '+15550000003')).rejects.toThrow(/customer sent as many SMS/);
    clock.advance(3_600_000);
    await budget.take('a', '+15550000001');
    const unlimited = new SmsBudget(
      clock,
      { fidoSmsPerCustomer: 0, fidoSmsPerNumber: 0 },
      limiters,
    );
    for (let i = 0; i < 50; i++) await unlimited.take('a', '+15550000001');
  });

  it('a link past the budget is refused with 429 and nothing is written', async () => {
    const c = await fidoCalls(() => t).withOrganization();
    const send = () =>
      c.call('POST', '/api/v1/authentications', { sms_phone_number: '+15559990000' });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201]);
    const queued = () =>
      t.store.db.selectFrom('outbox').select('id').where('target', '=', '+15559990000').execute();
    expect(await queued()).toHaveLength(5);
    const refused = await send();
    expect(refused).toMatchObject({ status: 429, body: { error: 'RATE_LIMITED' } });
    expect(await queued()).toHaveLength(5);
  });
});

describe('refused numbers (SVC_FIDO_SMS_REFUSED_PREFIXES)', () => {
  it('a link to a premium-rate or shared-cost number is refused with 400; nothing is queued', async () => {
    const c = await fidoCalls(() => t).withOrganization();
    for (const number of ['+19005550100', '+8823456789', '+9791234567'])
      for (const path of ['/api/v1/authentications', '/api/v1/registrations']) {
        const body = { sms_phone_number: number, user: { user_identifier: 'pumped' } };
        const refused = await c.call('POST', path, body);
        expect(refused).toMatchObject({
          status: 400,
          body: {
            error: 'MISSING_FIELDS',
            field_errors: { sms_phone_number: [expect.any(String)] },
          },
        });
      }
    const queued = await t.store.db.selectFrom('outbox').select('target').execute();
    expect(queued.filter((item) => /^\+(1900|882|979)/.test(item.target ?? ''))).toEqual([]);
  });
});

describe('provider choice', () => {
  const deps = () => ({ db: t.store.db, clock: t.clock, logger: { info: () => undefined } });

  it('is log by default and twilio when configured with credentials', () => {
    expect(
      smsProvider(
        { smsProvider: 'log', twilioAccountSid: '', twilioAuthToken: '', twilioFrom: '' },
        deps(),
      ).name,
    ).toBe('log');
    expect(smsProvider({ smsProvider: 'twilio', ...twilio }, deps())).toBeInstanceOf(
      TwilioSmsProvider,
    );
  });

  it('twilio refuses to start without complete credentials, naming what is missing', () => {
    expect(() =>
      smsProvider(
        { smsProvider: 'twilio', twilioAccountSid: '', twilioAuthToken: '', twilioFrom: '' },
        deps(),
      ),
    ).toThrow(/twilioAccountSid, twilioAuthToken, twilioFrom/);
    expect(() => new TwilioSmsProvider({ ...twilio, twilioFrom: '' })).toThrow(
      /needs twilioFrom \(/,
    );
    expect(() => new TwilioSmsProvider({ ...twilio, twilioAccountSid: 'not-a-sid' })).toThrow(
      /must start with AC/,
    );
  });

  it('twilio builds the official client from the configured credentials (no request is sent)', async () => {
    const client = await new TwilioSmsProvider(twilio).connect();
    expect(client.accountSid).toBe(twilio.twilioAccountSid);
    expect(typeof client.messages.create).toBe('function');
  });
});
