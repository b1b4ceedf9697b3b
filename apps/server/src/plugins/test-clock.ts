import type { FastifyInstance } from 'fastify';
import { OffsetClock } from '../lib/clock';
import { CheckpointSigner, makeCheckpoint } from '../modules/ledger';
import { OrderJobs } from '../modules/orders';
import { WithdrawalClock } from '../modules/wallet';

/**
 * Browser tests of the real server only (config.testClock, TEST_CLOCK=1, which start refuses with
 * NODE_ENV=production; not in the OpenAPI document): `POST /__test/clock {"advance_ms": n}` moves
 * the server's clock forward and runs the clock-driven jobs once at the new time (the order jobs and
 * the withdrawals' payout clock, the ledger's checkpoint), so a test can see an order settle three days after receipt or a
 * late withdrawal told. It answers the clock's time and what the jobs did.
 * `GET /__test/clock` answers the time only.
 */
export async function testClockRoutes(app: FastifyInstance) {
  const clock = app.clock;
  if (!app.config.testClock || !(clock instanceof OffsetClock)) return;
  const jobs = new OrderJobs({
    db: app.database.db,
    clock,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const withdrawals = new WithdrawalClock({ db: app.database.db, clock });
  const signer = new CheckpointSigner(app.config.ledgerSigningKey);
  // The server's time, which the browser tests' helpers read to compute an operator's TOTP code
  // as an authenticator app would at that time (packages/test-kit src/e2e/server.ts operatorLogin).
  app.get('/__test/clock', { schema: { hide: true } }, async () => ({
    code: 1,
    msg: 'OK',
    data: { now: new Date(clock.now()).toISOString(), now_ms: clock.now() },
  }));
  app.post<{ Body: { advance_ms?: unknown } }>(
    '/__test/clock',
    { schema: { hide: true } },
    async (request) => {
      const ms = request.body?.advance_ms;
      if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0)
        return { code: 0, error: 'INVALID_INPUT', msg: 'advance_ms: a whole number of milliseconds ≥ 0' };
      clock.advance(ms);
      const report = {
        ...(await jobs.runOnce()),
        ...(await withdrawals.runOnce()),
        checkpoint: (await makeCheckpoint(app.database.db, signer, clock.now()))?.id ?? null,
      };
      return { code: 1, msg: 'OK', data: { now: new Date(clock.now()).toISOString(), jobs: report } };
    },
  );
}
