import { useRef } from 'react';
import { ApiError } from '../../../lib/http';

/**
 * The Idempotency-Key of a money call made from a form (the catalogue's level upgrade does the
 * same). One key per attempt: a second tap, or a retry after an answer that never arrived, sends
 * the same body with the same key and gets the first answer, so nothing is paid twice. A new body,
 * or a refusal (an answer: the merchant tops up or retypes, and tries again), makes a new attempt.
 */
export function useAttemptKey() {
  const attempt = useRef<{ sig: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const sig = JSON.stringify(body);
      if (attempt.current?.sig !== sig) attempt.current = { sig, key: crypto.randomUUID() };
      return attempt.current.key;
    },
    /** After a failed call: a refusal ends the attempt; a lost answer keeps it for the retry. */
    failed(error: unknown): void {
      if (error instanceof ApiError && error.kind === 'refused') attempt.current = null;
    },
  };
}
