import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

const config = loadConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await migrateToLatest(database);
  console.log(
    applied.length
      ? `applied on ${database.engine}: ${applied.join(', ')}`
      : `${database.engine} schema is up to date`,
  );
} finally {
  await database.close();
}
