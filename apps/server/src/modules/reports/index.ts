// The reports module's door: what other modules (and app.ts, cli/, plugins/) may import of it.
import { reportsRepository } from './reports.repository';

export { ReportsService } from './reports.service';

/** What other modules may read of the reports' figures: balances, recent wallet postings, a merchant's zone. */
export const reportFigures = {
  merchantBalances: reportsRepository.merchantBalances,
  recentWalletPostings: reportsRepository.recentWalletPostings,
  timeZone: reportsRepository.timeZone,
};
