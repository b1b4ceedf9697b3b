import { buildHistory } from './history';

/** globalSetup: the story, built once per run on the fresh server (its clock standing at START). */
export default async function setup() {
  const started = Date.now();
  await buildHistory();
  console.log(`[visual] the story is built (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
