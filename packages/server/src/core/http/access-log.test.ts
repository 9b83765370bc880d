import { Writable } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { registerAccessLog } from './access-log.js';

/** A Fastify as svc builds it (its request logging off, request ids from `x-request-id`), logging into `lines`. */
async function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger: FastifyBaseLogger = pino({ level }, sink);
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: 'x-request-id',
  });
  registerAccessLog(app);
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/warns', async (request) => {
    request.log.warn({ detail: 1 }, 'something odd');
    request.log.child({ step: 'inner' }).error('deeper');
    return { ok: true };
  });
  await app.ready();
  return { app, lines };
}

describe('the access log', () => {
  it('writes one line per answered request: its id, method, URL, status and milliseconds', async () => {
    const { app, lines } = await appLogging('info');
    const id = 'id with "quotes" \\ and \u2028';
    const res = await app.inject({ url: '/quiet?x=%221%22', headers: { 'x-request-id': id } });
    expect(res.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    const line = lines[0] as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 30,
      reqId: id,
      method: 'GET',
      url: '/quiet?x=%221%22',
      status: 200,
      msg: 'request completed',
    });
    expect(line.time).toBeTypeOf('number');
    expect(line.ms).toBeTypeOf('number');
    await app.close();
  });

  it("binds the request id to what the request's own logger writes", async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/warns', headers: { 'x-request-id': 'r-1' } });
    expect(lines.map((l) => [l.msg, l.reqId, l.step])).toEqual([
      ['something odd', 'r-1', undefined],
      ['deeper', 'r-1', 'inner'],
      ['request completed', 'r-1', undefined],
    ]);
    expect(lines[0]).toMatchObject({ level: 40, detail: 1 });
    await app.close();
  });

  it('follows the level: nothing below it, the arrival too at debug', async () => {
    const warn = await appLogging('warn');
    await warn.app.inject({ url: '/quiet' });
    expect(warn.lines).toEqual([]);
    await warn.app.close();

    const debug = await appLogging('debug');
    await debug.app.inject({ url: '/quiet', headers: { 'x-request-id': 'r-2' } });
    expect(debug.lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['request received', 'r-2'],
      ['request completed', 'r-2'],
    ]);
    await debug.app.close();
  });

  it('writes nothing and fails nothing without a logger', async () => {
    const app = Fastify({ logger: false });
    registerAccessLog(app);
    app.get('/quiet', async (request) => {
      request.log.info('into nothing');
      return { ok: true };
    });
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    await app.close();
  });
});
