import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerWriteBatching, WriteBatch } from './write-batch.js';

const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('WriteBatch', () => {
  it('sends nothing before the end of the turn, then everything added, in order', async () => {
    const sent: number[] = [];
    const batch = new WriteBatch(() => {});
    batch.add(() => sent.push(1));
    await Promise.resolve(); // the same turn: microtasks do not flush it
    batch.add(() => sent.push(2));
    expect(sent).toEqual([]);
    await endOfTurn();
    expect(sent).toEqual([1, 2]);
  });

  it('starts a new batch in the next turn', async () => {
    const sent: string[] = [];
    const batch = new WriteBatch(() => {});
    batch.add(() => sent.push('a'));
    await endOfTurn();
    batch.add(() => sent.push('b'));
    expect(sent).toEqual(['a']);
    await endOfTurn();
    expect(sent).toEqual(['a', 'b']);
  });

  it('reports a send that throws and still makes the others', async () => {
    const sent: string[] = [];
    const errors: unknown[] = [];
    const batch = new WriteBatch((err) => errors.push(err));
    batch.add(() => sent.push('a'));
    batch.add(() => {
      throw new Error('socket gone');
    });
    batch.add(() => sent.push('c'));
    await endOfTurn();
    expect(sent).toEqual(['a', 'c']);
    expect(errors).toEqual([new Error('socket gone')]);
  });
});

describe('registerWriteBatching', () => {
  it('answers concurrent requests over real connections, each with its own body', async () => {
    const app = Fastify();
    registerWriteBatching(app);
    app.get<{ Params: { n: string } }>('/echo/:n', async (request) => ({ n: request.params.n }));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${url}/echo/${i}`).then(async (r) => [r.status, (await r.json()) as unknown]),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => [200, { n: String(i) }]));
    } finally {
      await app.close();
    }
  });
});
