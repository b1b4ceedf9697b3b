/** True when a write failed on a unique or primary key constraint, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** Names the column of a unique violation where the engine says it (for friendly refusals). */
export function violatedColumn(error: unknown): string {
  const e = error as { detail?: string; message?: string; constraint?: string };
  return `${e?.constraint ?? ''} ${e?.detail ?? ''} ${e?.message ?? ''}`;
}
