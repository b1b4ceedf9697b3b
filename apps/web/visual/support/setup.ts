import { Chain, startAnvil } from '../../../server/test/chain/anvil';
import { buildHistory } from './history';

/**
 * globalSetup: the story, built once per run on the fresh server (its clock standing at START).
 * The platform's ERC20 network is watched on a local EVM node (Anvil) that stays up for the run and
 * holds only the token's contract: the merchant's chain deposit screen shows its own address, and
 * the console's overview and chain screen a watcher that is up to date. Answers the teardown.
 */
export default async function setup() {
  const started = Date.now();
  const anvil = await startAnvil();
  const chain = new Chain(anvil.url);
  const token = await chain.deployToken('USDT', 6);
  await buildHistory({ rpcUrl: anvil.url, token, startBlock: await chain.head() });
  console.log(`[visual] the story is built (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return () => anvil.close();
}
