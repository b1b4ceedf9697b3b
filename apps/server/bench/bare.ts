import Fastify from 'fastify';

// A bare Fastify route on the same machine in the same run: the ceiling our routes compare to.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ code: 1, msg: 'ok', data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
// Exit normally on SIGTERM, so a --cpu-prof profile is written.
process.on('SIGTERM', () => process.exit(0));
