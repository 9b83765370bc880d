import { describe, expect, it } from 'vitest';
import { expirySweeps, purges } from '../../src/worker.js';
import { useTestApp } from '../helpers.js';

const state = useTestApp(() => ({}));

/** A logger that keeps the loop and message of each line. */
function recordingLogger() {
  const lines: { fields: unknown; message: unknown }[] = [];
  const logger = { error: (fields: unknown, message?: unknown) => lines.push({ fields, message }) };
  return { lines, logger };
}

const line = (loop: string, message: string) => ({
  fields: expect.objectContaining({ loop }) as unknown,
  message,
});

/** Runs `run` while `table` is missing, as when the store fails that loop's statement. */
async function withoutTable(table: string, run: () => Promise<unknown>): Promise<void> {
  const { db } = state.t.store;
  await db.schema.alterTable(table).renameTo(`${table}_gone`).execute();
  try {
    await run();
  } finally {
    await db.schema.alterTable(`${table}_gone`).renameTo(table).execute();
  }
}

const metricsText = async () => (await state.t.app.inject({ method: 'GET', url: '/metrics' })).body;

describe('failures of whole background loops', () => {
  it('a failing purge is logged and counted under its own name; the other purges still run', async () => {
    const { db } = state.t.store;
    const past = new Date(state.t.clock.now().getTime() - 1000).toISOString();
    await db.insertInto('nonces').values({ value: 'old', expires_at: past }).execute();
    const { lines, logger } = recordingLogger();

    await withoutTable('idempotency', purges(state.t.ctx, logger));

    expect(lines).toEqual([line('idempotency-purge', 'idempotency-purge failed')]);
    expect(await metricsText()).toContain(
      'svc_background_failures_total{loop="idempotency-purge"} 1',
    );
    const nonces = await db
      .selectFrom('nonces')
      .select('value')
      .where('value', '=', 'old')
      .execute();
    expect(nonces).toEqual([]);
  });

  it("a sweep that cannot read its due rows is logged and counted; the others' passes run", async () => {
    const { lines, logger } = recordingLogger();
    const pass = expirySweeps(state.t.ctx, logger);

    await withoutTable('fido_authentications', async () => expect(await pass()).toBe(0));

    expect(lines).toEqual([line('fido-authentications-expiry', 'sweep failed')]);
    expect(await metricsText()).toContain(
      'svc_background_failures_total{loop="fido-authentications-expiry"} 1',
    );
  });
});
