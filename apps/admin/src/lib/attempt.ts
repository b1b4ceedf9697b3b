import { ApiError } from './http';

const keys = new Map<string, string>();

/**
 * The Idempotency-Key of one attempt at a money action (`recharge-approve-5`): the same key for a
 * retry after a lost answer (the server replays the first answer, nothing happens twice), a new one
 * after the server answered (a refusal is an answer: the next try may carry another body).
 */
export async function withAttempt<T>(action: string, run: (key: string) => Promise<T>): Promise<T> {
  let key = keys.get(action);
  if (!key) {
    key = `${action}-${crypto.randomUUID().slice(0, 8)}`;
    keys.set(action, key);
  }
  try {
    const answer = await run(key);
    keys.delete(action);
    return answer;
  } catch (e) {
    const lost =
      e instanceof ApiError && (e.kind === 'network' || e.kind === 'timeout' || e.kind === 'server');
    if (!lost) keys.delete(action);
    throw e;
  }
}
