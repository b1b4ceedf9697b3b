import type { Kysely } from 'kysely';
import type { Engine } from '../database';

/**
 * Issue 12, express lane and alliance: packages, purchases, featured listings, commission (to be written).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the tables of its time, not today's typed schema.
export async function up(_db: Kysely<any>, _engine: Engine): Promise<void> {}
