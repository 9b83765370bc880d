import Fastify from 'fastify';

/**
 * The floor of the HTTP rows: Fastify answering a small JSON object with nothing else, no logger,
 * no hooks. `serveBare()` starts it and reads its CPU time as it reads svc's; it ends when its
 * stdin ends (the bench's end).
 */
const app = Fastify();
app.post('/json', async () => ({ hello: 'world' }));
app.get('/json', async () => ({ hello: 'world' }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`listening on ${url}\n`);
process.stdin.resume();
process.stdin.once('end', () => void app.close().then(() => process.exit(0)));
