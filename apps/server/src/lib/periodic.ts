import type { FastifyInstance } from 'fastify';

/**
 * Runs `run` every `intervalMs` once the server is ready (the first run one interval after start,
 * or `firstAfterMs` after it), never two at once in this process, and stops when the server
 * closes, waiting for a run in progress. A failed run is logged and the next one comes as usual.
 * `intervalMs` 0 or less: never (tests run the work by hand).
 */
export function periodic(
  app: FastifyInstance,
  name: string,
  intervalMs: number,
  run: () => Promise<unknown>,
  { firstAfterMs = intervalMs }: { firstAfterMs?: number } = {},
): void {
  if (intervalMs <= 0) return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    running = run()
      .catch((error: unknown) => app.log.error({ err: error }, `${name}: run failed`))
      .finally(() => {
        running = null;
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, firstAfterMs);
  });
  app.addHook('onClose', async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  });
}
