import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from './app';
import { Client, type Reply } from './client';
import { newMerchant } from './factories';

/** The Redis of every machine here (CI too); it keeps nothing on disk. */
const REDIS = 'redis://127.0.0.1:6379';
const LOGIN = '/merchant/merchant/login';
const WRONG = 'Wrong#123';

/** A key prefix of this run alone, so parallel runs and earlier runs never share counters. */
const redisPrefix = () => `dd-test:${process.pid}:${randomBytes(4).toString('hex')}:`;

/** Pino options that keep every log line, parsed, for the test to read. */
function capturedLog() {
  const lines: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return {
    lines,
    logger: { level: 'info', stream },
    about: (text: string) => lines.filter((l) => l.msg.includes(text)),
  };
}

/**
 * Two instances on one database (one SQLite file, or one PostgreSQL database) and one Redis: what
 * several instances behind a load balancer share.
 */
describe('two instances on one database and one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  const prefix = redisPrefix();
  beforeAll(async () => {
    const shared = { redisUrl: REDIS, redisPrefix: prefix, rateLimitScale: 1 };
    a = await buildTestApp(shared);
    b = await buildTestApp(shared, { shareWith: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('the login limit (20 a minute per client) holds across the two: 15 on A, then 15 on B', async () => {
    const body = { account: 'nobody@example.com', password: WRONG };
    const onA = new Client(a.app, null, { ip: '10.30.0.1' });
    const onB = new Client(b.app, null, { ip: '10.30.0.1' });
    const replies: Reply[] = [];
    for (let i = 0; i < 15; i++) replies.push(await onA.post(LOGIN, body));
    for (let i = 0; i < 15; i++) replies.push(await onB.post(LOGIN, body));
    // The first 20 are answered (refused, and after 3 failures with a captcha asked); then 429.
    expect(replies.map((r) => r.status)).toEqual([...Array(20).fill(200), ...Array(10).fill(429)]);
    expect(replies.slice(0, 20).every((r) => r.code === 0 && r.error !== 'RATE_LIMITED')).toBe(true);
    expect(replies.slice(20).map((r) => r.error)).toEqual(Array(10).fill('RATE_LIMITED'));
    // Another client is not affected, on either instance.
    expect((await new Client(b.app, null, { ip: '10.30.0.2' }).post(LOGIN, body)).status).toBe(200);
    expect((await new Client(a.app, null, { ip: '10.30.0.2' }).post(LOGIN, body)).status).toBe(200);
    // The counters live under this run's prefix (REDIS_PREFIX), and expire with their window.
    const redis = new Redis(REDIS);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys).toContain(`${prefix}rate-limit:POST${LOGIN}-10.30.0.1`);
      expect(await redis.pttl(`${prefix}rate-limit:POST${LOGIN}-10.30.0.1`)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it('3 wrong logins on A make B ask the same client for the captcha', async () => {
    const m = await newMerchant(a);
    const onA = new Client(a.app, null, { ip: '10.30.1.1' });
    const failures = [];
    for (let i = 0; i < 3; i++) failures.push(await onA.post(LOGIN, { account: m.email, password: WRONG }));
    expect(failures.map((r) => r.data.captcha_required)).toEqual([false, false, true]);

    const onB = new Client(b.app, null, { ip: '10.30.1.1' });
    const right = await onB.post(LOGIN, { account: m.email, password: m.password });
    expect(right.error).toBe('CAPTCHA_REQUIRED');
    expect(right.data.captcha_required).toBe(true);
  });

  it('3 wrong logins for one account on A make B ask another client for the captcha on that account', async () => {
    const m = await newMerchant(a);
    const onA = new Client(a.app, null, { ip: '10.30.2.1' });
    for (let i = 0; i < 3; i++) await onA.post(LOGIN, { account: m.email, password: WRONG });

    const elsewhere = new Client(b.app, null, { ip: '10.30.2.2' });
    const right = await elsewhere.post(LOGIN, { account: m.email, password: m.password });
    expect(right.error).toBe('CAPTCHA_REQUIRED');
    expect(right.data.captcha_required).toBe(true);
  });
});

/** A TCP relay to the real Redis that the test can pull out and put back, as an outage would. */
async function redisRelay() {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(6379, '127.0.0.1');
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await open();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    open,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (server) server.close(() => resolve());
        else resolve();
        server = null;
      }),
  };
}

describe('when Redis goes away', () => {
  it('an instance whose Redis refuses connections answers every request and says so in its log once', async () => {
    const log = capturedLog();
    const t = await buildTestApp(
      { redisUrl: 'redis://127.0.0.1:1', redisPrefix: redisPrefix(), rateLimitScale: 1 },
      { logger: log.logger },
    );
    try {
      const c = new Client(t.app, null, { ip: '10.31.0.1' });
      const started = Date.now();
      const replies: Reply[] = [];
      for (let i = 0; i < 25; i++)
        replies.push(await c.post(LOGIN, { account: 'nobody@example.com', password: WRONG }));
      // Without its counters the limit is not enforced (fail open), and nothing waits on Redis.
      expect(replies.map((r) => r.status)).toEqual(Array(25).fill(200));
      expect(replies.every((r) => r.code === 0 && r.error !== 'INTERNAL')).toBe(true);
      // (Before skipOnError and without the offline queue, each waited ~2.4 s and failed with 500.)
      expect(Date.now() - started).toBeLessThan(10_000);
      expect((await c.get('/healthz')).code).toBe(1);
      // ioredis retries all along; the log says it once, not once per attempt or per request.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const down = log.about('redis: unreachable');
      expect(down).toHaveLength(1);
      expect(down[0]!.level).toBeGreaterThanOrEqual(40);
    } finally {
      await t.close();
    }
  });

  it('Redis lost mid-run: requests go on without limits, the log says so, and limits return with Redis', async () => {
    const relay = await redisRelay();
    const log = capturedLog();
    const t = await buildTestApp(
      { redisUrl: relay.url(), redisPrefix: redisPrefix(), rateLimitScale: 1 },
      { logger: log.logger },
    );
    try {
      await vi.waitFor(() => expect(log.about('redis: connected')).toHaveLength(1), { timeout: 5_000 });
      const c = new Client(t.app, null, { ip: '10.31.1.1' });
      const body = { account: 'nobody@example.com', password: WRONG };
      for (let i = 0; i < 20; i++) expect((await c.post(LOGIN, body)).status).toBe(200);
      expect((await c.post(LOGIN, body)).error).toBe('RATE_LIMITED');

      await relay.close();
      await vi.waitFor(() => expect(log.about('redis: unreachable')).toHaveLength(1), { timeout: 5_000 });
      const during = await c.post(LOGIN, body);
      expect(during.status).toBe(200);
      expect(during.error).toBe('CAPTCHA_REQUIRED');

      await relay.open();
      await vi.waitFor(() => expect(log.about('redis: connected again')).toHaveLength(1), {
        timeout: 10_000,
      });
      // The counter kept in Redis applies again.
      expect((await c.post(LOGIN, body)).error).toBe('RATE_LIMITED');
      expect(log.about('redis: unreachable')).toHaveLength(1);
    } finally {
      await t.close();
      await relay.close();
    }
  });
});
