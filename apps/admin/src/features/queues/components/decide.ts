import { ApiError } from '../../../lib/http';
import { notify } from '../../../lib/notify';

/**
 * Runs a decision and tells the operator. Decided, or decided by another operator first (the
 * server's ALREADY_RESOLVED, in its words) or gone (NOT_FOUND): the item leaves the queue. Any other
 * refusal keeps it there and is thrown to the form that asked.
 */
export async function decide<T>(
  run: () => Promise<T>,
  done: () => void,
  okText: string,
): Promise<T | 'elsewhere'> {
  try {
    const answer = await run();
    notify.success(okText);
    done();
    return answer;
  } catch (e) {
    if (e instanceof ApiError && (e.key === 'ALREADY_RESOLVED' || e.key === 'NOT_FOUND')) {
      notify.error(e.message);
      done();
      return 'elsewhere';
    }
    throw e;
  }
}

/** `decide` for a button (no form): any other refusal is told in a message. */
export function decideAndTell<T>(run: () => Promise<T>, done: () => void, okText: string): void {
  decide(run, done, okText).catch((e: unknown) => notify.error(e instanceof Error ? e.message : String(e)));
}
