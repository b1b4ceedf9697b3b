/**
 * A chain watcher in a process of its own, for the kill -9 test (chain-crash.test.ts): it runs the
 * watcher on the database named by DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite) every
 * WATCH_EVERY_MS, forever, until it is killed. It prints "ready" once the database is open.
 */
import { openDatabase } from '../../src/db/database';
import { systemClock } from '../../src/lib/clock';
import { ChainWatcher } from '../../src/modules/chain';

const database = openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? '.',
  poolSize: 4,
});
const watcher = new ChainWatcher({ db: database.db, clock: systemClock });
const every = Number(process.env.WATCH_EVERY_MS ?? 10);
process.stdout.write('ready\n');
for (;;) {
  await watcher.runAll();
  await new Promise((r) => setTimeout(r, every));
}
