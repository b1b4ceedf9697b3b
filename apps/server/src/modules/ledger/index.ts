// The ledger module's door: what other modules (and app.ts, cli/, plugins/) may import of it.

export {
  CheckpointSigner,
  checkpointForPeriodEnd,
  contentOf,
  type HeadProof,
  makeCheckpoint,
  proofsIn,
  publishedCheckpoints,
  tailDigests,
} from './checkpoints';
export {
  accountKey,
  balanceAfter,
  type JournalInput,
  type PostedJournal,
  post,
  walletBalance,
} from './ledger';
export { checkLedger } from './ledger.check';
export { chainedPostings } from './ledger.repository';
export { ledgerRoutes } from './ledger.routes';
