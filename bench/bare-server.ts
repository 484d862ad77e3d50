// The ceiling of bench/scenario.ts: Fastify answering a constant, no plugins, no logging.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT ?? 3998), host: '127.0.0.1' });
