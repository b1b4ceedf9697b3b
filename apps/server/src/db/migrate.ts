import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Database, Engine } from './database';
import { type MigrationSource, migrations } from './migrations/index';

class SourcesProvider implements MigrationProvider {
  constructor(
    private readonly list: MigrationSource[],
    private readonly engine: Engine,
  ) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const source of this.list) {
      const engine = this.engine;
      out[source.name] =
        'up' in source
          ? { up: (db) => source.up(db, engine) }
          : {
              async up(db) {
                for (const statement of source.statements[engine]) await sql.raw(statement).execute(db);
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
    provider: new SourcesProvider(migrations, database.engine),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the schema up to `name` and no further (a migration's test fills the tables of its day). */
export async function migrateUpTo(database: Database, name: string): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: new SourcesProvider(migrations, database.engine),
  });
  const { error } = await migrator.migrateTo(name);
  if (error) throw error;
}
