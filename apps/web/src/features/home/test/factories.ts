import type { Rating } from '../api/get-ratings';

/** The home feature's answers for component tests; override what the test cares about. */

let seq = 0;

export function newRating(over: Partial<Rating> = {}): Rating {
  seq += 1;
  return {
    order_id: 800 + seq,
    order_no: `D2026114${String(seq).padStart(4, '0')}`,
    title: `Product ${seq}`,
    stars: 5,
    comment: 'Fast delivery, as described.',
    rated_at: '2026-11-21T09:00:00.000Z',
    ...over,
  };
}
