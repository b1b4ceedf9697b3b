import { LEDGER_CHECK_SUMMARY_LINES, type LedgerCheckItem } from '@dropdesk/contract/overview';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { withJobLock } from '../../db/job-lock';
import type { Paging } from '../../db/paging';
import { type Clock, iso } from '../../lib/clock';
import { periodic } from '../../lib/periodic';
import { audit } from '../audit';
import { checkLedger } from '../ledger';
import { type LedgerCheckRow, overviewRepository as repo } from './overview.repository';

/** The PostgreSQL advisory lock the periodic ledger check runs under (one instance at a time): "ddledg". */
export const LEDGER_CHECK_LOCK = 0x6464_6c65_6467;

export interface LedgerChecksDeps {
  db: Db;
  clock: Clock;
}

export function ledgerCheckItem(row: LedgerCheckRow): LedgerCheckItem {
  return {
    id: row.id,
    at: iso(row.created_at),
    ok: row.ok === 1,
    problems: row.problems,
    summary: JSON.parse(row.summary) as string[],
    journals: row.journals,
    postings: row.postings,
    accounts: row.accounts,
    duration_ms: row.duration_ms,
    run_by: row.operator_id === null ? 'job' : 'operator',
    operator_id: row.operator_id,
  };
}

/**
 * The ledger check (`ops ledger:check`, ledger.check.ts) run by the periodic job or an operator, and
 * its record: each run's result, the first differences in words, and who ran it. The overview shows
 * the last one. An operator's run is audited.
 */
export class LedgerChecks {
  constructor(private readonly deps: LedgerChecksDeps) {}

  async run(operatorId: number | null): Promise<LedgerCheckItem> {
    const { db, clock } = this.deps;
    const started = performance.now();
    const report = await checkLedger(db);
    const duration = Math.round(performance.now() - started);
    const now = clock.now();
    const row = await db.transaction().execute(async (tx) => {
      const row = await repo.insertCheck(tx, {
        ok: report.problems.length === 0 ? 1 : 0,
        problems: report.problems.length,
        summary: JSON.stringify(report.problems.slice(0, LEDGER_CHECK_SUMMARY_LINES)),
        journals: report.journals,
        postings: report.postings,
        accounts: report.accounts,
        duration_ms: duration,
        operator_id: operatorId,
        created_at: now,
      });
      if (operatorId !== null)
        await audit(
          tx,
          {
            operatorId,
            action: 'ledger.check',
            targetType: 'ledger_check',
            targetId: row.id,
            before: null,
            after: { ok: row.ok === 1, problems: row.problems },
          },
          now,
        );
      return row;
    });
    return ledgerCheckItem(row);
  }

  async last(): Promise<LedgerCheckItem | null> {
    const row = await repo.lastCheck(this.deps.db);
    return row ? ledgerCheckItem(row) : null;
  }

  async list(paging: Paging) {
    const page = await repo.checks(this.deps.db, paging);
    return { ...page, list: page.list.map(ledgerCheckItem) };
  }
}

/**
 * The periodic ledger check: every `config.ledgerCheckMs` (LEDGER_CHECK_MINUTES; 0 never, as in
 * tests), in whichever instance takes LEDGER_CHECK_LOCK (db/job-lock.ts, as the order jobs do). A
 * run that finds differences says so in the log as well as in its record.
 */
export async function ledgerCheckPlugin(app: FastifyInstance) {
  const checks = new LedgerChecks({ db: app.database.db, clock: app.clock });
  periodic(app, 'ledger check', app.config.ledgerCheckMs, async () => {
    const done = await withJobLock(app.database.db, LEDGER_CHECK_LOCK, () => checks.run(null));
    if (done && !done.ok)
      app.log.error({ problems: done.problems, summary: done.summary }, 'ledger check found differences');
  });
}
