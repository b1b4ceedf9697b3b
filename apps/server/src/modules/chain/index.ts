// The chain module's door: merchants' deposit addresses on watched networks, the facts of a
// watched transfer on its record, and the watcher (docs/wallet.md "Chain deposits").

export { chainRoutes, chainWatcherPlugin } from './chain.routes';
export {
  type ChainState,
  chainFactsOf,
  chainState,
  depositAddressOf,
  watchedNetwork,
  watchedNetworks,
} from './chain.service';
export { ChainWatcher } from './chain-watcher';
export { checkPayout, TX_HASH } from './payouts';
