import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export interface SharedRedis {
  client: Redis;
  close(): Promise<void>;
}

/**
 * The Redis that holds the counters several instances share (rate limits). A request never waits
 * on it: with Redis away, commands fail at once (no offline queue) and the rate limiter lets the
 * request through, so the API keeps answering. The log says when Redis goes and when it is back,
 * once per change, not once per retry or per request.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<SharedRedis> {
  const client = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
  let state: 'starting' | 'up' | 'down' | 'closing' = 'starting';
  const lost = (err?: Error) => {
    if (state === 'down' || state === 'closing') return;
    state = 'down';
    log.error(
      { err },
      `redis: unreachable at ${redacted(url)}; rate limits are not enforced until it is back`,
    );
  };
  client.on('ready', () => {
    if (state === 'closing') return;
    if (state === 'down') log.warn('redis: connected again; rate limits are enforced again');
    else log.info('redis: connected');
    state = 'up';
  });
  client.on('error', (err) => lost(err));
  client.on('close', () => lost());

  // Start-up waits for the first answer (bounded), so the first requests are already counted.
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 1_000);
    client.once('ready', done);
    client.once('error', done);
  });

  return {
    client,
    async close() {
      state = 'closing';
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}

/** The address without its password, for the log. */
function redacted(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'REDIS_URL';
  }
}
