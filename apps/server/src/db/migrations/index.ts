import type { Engine } from '../database';
import * as pg001 from './postgres/001_accounts';
import * as sqlite001 from './sqlite/001_accounts';

/**
 * The migrations of each engine, side by side and in order. A new migration adds one file to each
 * folder and one line to each list here; both must describe the same tables.
 */
export const migrations: Record<Engine, Array<[name: string, statements: string[]]>> = {
  sqlite: [['001_accounts', sqlite001.statements]],
  postgres: [['001_accounts', pg001.statements]],
};
