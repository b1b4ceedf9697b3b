import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations/index';

class StatementsProvider implements MigrationProvider {
  constructor(private readonly list: Array<[string, string[]]>) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, statements] of this.list) {
      out[name] = {
        async up(db) {
          for (const statement of statements) await sql.raw(statement).execute(db);
        },
      };
    }
    return out;
  }
}

/** Brings the schema up to date; safe to run from several instances at once (Kysely locks). */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: new StatementsProvider(migrations[database.engine]),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
