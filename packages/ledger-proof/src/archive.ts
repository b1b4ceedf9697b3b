import type { Checkpoint } from './checkpoint';

/**
 * Checkpoints kept from before, in whatever form they were kept: one checkpoint, a list of them,
 * the answer of GET /ledger/checkpoints (`{ code: 1, data: { list } }`, `items` too, or its
 * `data` alone), or an older statement (its `checkpoint`). What is not a checkpoint is left out;
 * none is [].
 */
export function checkpointsIn(doc: unknown): Checkpoint[] {
  const found: Checkpoint[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 3 || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const v = value as Record<string, unknown>;
    if (looksLikeCheckpoint(v)) found.push(v as unknown as Checkpoint);
    else
      for (const field of ['data', 'list', 'items', 'checkpoint', 'checkpoints']) visit(v[field], depth + 1);
  };
  visit(doc, 0);
  return found;
}

const looksLikeCheckpoint = (v: Record<string, unknown>) =>
  Number.isSafeInteger(v.id) &&
  Number.isSafeInteger(v.at) &&
  typeof v.root === 'string' &&
  typeof v.key === 'string' &&
  typeof v.signature === 'string';

/** What comparing a statement's checkpoint with the kept ones can say. */
export type KeptComparison =
  /** Nothing kept was given. */
  | { kind: 'none' }
  /** The kept ones hold the statement's checkpoint: verifyStatement compares the two (`archived`). */
  | { kind: 'compared'; archived: Checkpoint }
  /** The kept ones don't hold it (other ids): nothing to compare. */
  | { kind: 'other'; ids: number[] };

/** Which kept checkpoint (if any) a statement's checkpoint `id` is to be compared with. */
export function keptCheckpoint(kept: readonly Checkpoint[] | null, id: number | undefined): KeptComparison {
  if (!kept) return { kind: 'none' };
  const archived = id === undefined ? undefined : kept.find((c) => c.id === id);
  return archived ? { kind: 'compared', archived } : { kind: 'other', ids: kept.map((c) => c.id) };
}
