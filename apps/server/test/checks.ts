import { expect } from 'vitest';
import { checkStats } from '../src/modules/dashboard/stats.check';
import { checkLedger } from '../src/modules/ledger/ledger.check';
import type { TestApp } from './app';

/**
 * The books after a test that moved money or figures: the ledger balances (`ops ledger:check`) and
 * every shop's dashboard rollups equal a recount of their events (`ops stats:check`).
 */
export async function expectBooksBalanced(t: TestApp): Promise<void> {
  expect((await checkLedger(t.database.db)).problems).toEqual([]);
  expect((await checkStats(t.database.db)).problems).toEqual([]);
}
