import type { Engine } from '../database';
import * as pg001 from './postgres/001_accounts';
import * as pg002 from './postgres/002_wallet';
import * as sqlite001 from './sqlite/001_accounts';
import * as sqlite002 from './sqlite/002_wallet';

/**
 * The migrations of each engine, side by side and in order. A new migration adds one file to each
 * folder and one line to each list here; both must describe the same tables.
 */
export const migrations: Record<Engine, Array<[name: string, statements: string[]]>> = {
  sqlite: [
    ['001_accounts', sqlite001.statements],
    ['002_wallet', sqlite002.statements],
  ],
  postgres: [
    ['001_accounts', pg001.statements],
    ['002_wallet', pg002.statements],
  ],
};
