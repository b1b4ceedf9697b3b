import type { Db } from '../db/database';
import type { Clock } from './clock';

/** What a paying action needs of the payment password: a check that refuses when it is wrong. */
export interface PayPasswordCheck {
  check(merchantId: number, password: string, field?: string): Promise<void>;
}

/** What the money services are built from; tests build them on a real database without HTTP. */
export interface MoneyDeps {
  db: Db;
  clock: Clock;
  payPasswords: PayPasswordCheck;
}
