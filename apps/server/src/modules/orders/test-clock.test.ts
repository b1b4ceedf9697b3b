import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';

const SECRET = 'test-secret-0123456789abcdef0123456789';

describe('TEST_CLOCK (browser tests of the real server)', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('is refused with NODE_ENV=production, and off unless asked', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SECRET, TEST_CLOCK: '1' })).toThrow(/TEST_CLOCK/);
    expect(loadConfig({ SECRET }).testClock).toBe(false);
    expect(loadConfig({ SECRET, TEST_CLOCK: '1' }).testClock).toBe(true);
  });

  it('TEST_CLOCK_AT stops the clock at a time, and only with TEST_CLOCK=1', async () => {
    const at = '2026-11-20T03:00:00.000Z';
    expect(() => loadConfig({ SECRET, TEST_CLOCK_AT: at })).toThrow(/TEST_CLOCK_AT/);
    expect(() => loadConfig({ SECRET, TEST_CLOCK: '1', TEST_CLOCK_AT: 'friday' })).toThrow(/TEST_CLOCK_AT/);
    expect(loadConfig({ SECRET, TEST_CLOCK: '1' }).testClockAt).toBeNull();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-test-clock-'));
    const config = {
      ...loadConfig({ SECRET, DATA_DIR: dataDir, TEST_CLOCK: '1', TEST_CLOCK_AT: at }),
      databaseUrl: undefined,
      seedDemo: false,
      logLevel: 'silent',
    };
    const app = await buildApp(config, { logger: false });
    closers.push(() => app.close());
    expect(app.clock.now()).toBe(Date.parse(at));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(app.clock.now()).toBe(Date.parse(at));
    const moved = JSON.parse(
      (await app.inject({ method: 'POST', url: '/__test/clock', payload: { advance_ms: 60_000 } })).body,
    );
    expect(moved.data.now).toBe('2026-11-20T03:01:00.000Z');
    expect(app.clock.now()).toBe(Date.parse(at) + 60_000);
  });

  it('off: there is no /__test/clock', async () => {
    const t = await buildTestApp();
    closers.push(() => t.close());
    const res = await t.app.inject({ method: 'POST', url: '/__test/clock', payload: { advance_ms: 1 } });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/__test/clock' })).statusCode).toBe(404);
  });

  it('on: moves the clock forward and runs the order jobs at the new time; refuses a bad amount', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dropdesk-test-clock-'));
    const config = {
      ...loadConfig({ SECRET, DATA_DIR: dataDir }),
      databaseUrl: undefined,
      testClock: true,
      seedDemo: false,
      logLevel: 'silent',
      webDist: path.join(dataDir, 'none'),
      storefrontDist: path.join(dataDir, 'none'),
      consoleDist: path.join(dataDir, 'none'),
    };
    const app = await buildApp(config, { logger: false });
    closers.push(() => app.close());
    const before = app.clock.now();
    const day = 24 * 3_600_000;
    const res = await app.inject({ method: 'POST', url: '/__test/clock', payload: { advance_ms: 3 * day } });
    const body = JSON.parse(res.body);
    expect(body.code).toBe(1);
    expect(body.data.jobs.ran).toBe(true);
    expect(app.clock.now() - before).toBeGreaterThanOrEqual(3 * day);
    expect(Date.parse(body.data.now) - before).toBeGreaterThanOrEqual(3 * day);
    // GET reads the moved time and runs nothing.
    const read = JSON.parse((await app.inject({ method: 'GET', url: '/__test/clock' })).body);
    expect(read.data.now_ms - before).toBeGreaterThanOrEqual(3 * day);
    expect(read.data.now_ms).toBeLessThanOrEqual(app.clock.now());
    expect(read.data.jobs).toBeUndefined();
    for (const bad of [-1, 1.5, '10', null]) {
      const refused = JSON.parse(
        (await app.inject({ method: 'POST', url: '/__test/clock', payload: { advance_ms: bad } })).body,
      );
      expect(refused).toMatchObject({ code: 0, error: 'INVALID_INPUT' });
    }
  });
});
