import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import * as pay003 from './003_pay_attempts';
import * as topup004 from './004_topup_bank_account';
import * as login005 from './005_login_attempts';
import * as catalogue006 from './006_catalogue';
import * as orders007 from './007_orders';
import * as stats008 from './008_shop_stats';
import * as messages009 from './009_messages';
import * as shop010 from './010_shop';
import * as express011 from './011_express_alliance';
import * as operators012 from './012_operators';
import * as console013 from './013_console';
import * as visitAddresses014 from './014_visit_addresses';
import * as figures015 from './015_figures';
import * as manual016 from './016_topup_manual';
import * as search017 from './017_folded_search';
import * as figureLists018 from './018_figure_lists';
import * as chain019 from './019_chain_deposits';
import * as clock020 from './020_withdrawal_clock';
import * as chain021 from './021_ledger_chain';
import * as security022 from './022_security';
import * as pg001 from './postgres/001_accounts';
import * as pg002 from './postgres/002_wallet';
import * as sqlite001 from './sqlite/001_accounts';
import * as sqlite002 from './sqlite/002_wallet';

/**
 * One migration: either one source for both engines (`up`, Kysely's schema builder, with the helpers
 * of `kit.ts` where the engines differ), or, for the first two only, raw SQL per engine (kept as
 * they were applied: see docs/decisions.md). Every migration from 003 on is one `up` for both.
 * `db/schema-parity.test.ts` migrates both engines and fails on any difference it has no reason for.
 */
export type MigrationSource =
  // biome-ignore lint/suspicious/noExplicitAny: a migration runs on the schema before it, not today's DB type
  | { name: string; up: (db: Kysely<any>, engine: Engine) => Promise<void> }
  | { name: string; statements: Record<Engine, string[]> };

export const migrations: MigrationSource[] = [
  { name: '001_accounts', statements: { sqlite: sqlite001.statements, postgres: pg001.statements } },
  { name: '002_wallet', statements: { sqlite: sqlite002.statements, postgres: pg002.statements } },
  { name: '003_pay_attempts', up: pay003.up },
  { name: '004_topup_bank_account', up: topup004.up },
  { name: '005_login_attempts', up: login005.up },
  { name: '006_catalogue', up: catalogue006.up },
  { name: '007_orders', up: orders007.up },
  { name: '008_shop_stats', up: stats008.up },
  { name: '009_messages', up: messages009.up },
  { name: '010_shop', up: shop010.up },
  { name: '011_express_alliance', up: express011.up },
  { name: '012_operators', up: operators012.up },
  { name: '013_console', up: console013.up },
  { name: '014_visit_addresses', up: visitAddresses014.up },
  { name: '015_figures', up: figures015.up },
  { name: '016_topup_manual', up: manual016.up },
  { name: '017_folded_search', up: search017.up },
  { name: '018_figure_lists', up: figureLists018.up },
  { name: '019_chain_deposits', up: chain019.up },
  { name: '020_withdrawal_clock', up: clock020.up },
  { name: '021_ledger_chain', up: chain021.up },
  { name: '022_security', up: security022.up },
];
