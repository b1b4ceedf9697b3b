import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { type Clock, iso } from '../../lib/clock';
import { notFound } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { audit } from '../audit';
import { adminLevelsRepository, type LevelRow } from './admin-levels.repository';

interface LevelTerms {
  name: string;
  margin_bps: number;
  quota: number;
  /** Minor units. */
  price: number;
}

const terms = (row: LevelRow) => ({
  rank: row.rank,
  name: row.name,
  margin_bps: row.margin_bps,
  quota: row.quota,
  price: formatMoney(row.price),
});

const view = (row: LevelRow, merchants: number) => ({
  id: row.id,
  ...terms(row),
  merchants,
  updated_at: iso(row.updated_at),
});

/** Tries of an add that met another operator's add at the same rank. */
const RANK_TRIES = 3;

/**
 * The seller levels as operators manage them. A change of terms applies to purchases from now on:
 * what a merchant bought is kept in `merchant_levels` at the terms of the day, which nothing here
 * touches. Every change is in the audit log with the terms before and after.
 */
export class LevelsAdmin {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list() {
    const { db } = this.deps;
    const [rows, holders] = await Promise.all([
      adminLevelsRepository.all(db),
      adminLevelsRepository.holders(db),
    ]);
    return rows.map((row) => view(row, holders.get(row.id) ?? 0));
  }

  /** A level one rank above the highest. */
  async create(op: SessionOperator, body: LevelTerms) {
    const now = this.deps.clock.now();
    for (let attempt = 1; ; attempt++) {
      try {
        const row = await this.deps.db.transaction().execute(async (tx) => {
          const rank = (await adminLevelsRepository.highestRank(tx)) + 1;
          const row = await adminLevelsRepository.insert(tx, {
            ...body,
            rank,
            created_at: now,
            updated_at: now,
          });
          await audit(
            tx,
            {
              operatorId: op.id,
              action: 'level.create',
              targetType: 'level',
              targetId: row.id,
              before: null,
              after: terms(row),
            },
            now,
          );
          return row;
        });
        return view(row, 0);
      } catch (error) {
        // Another operator took the rank between the read and the insert: read it again.
        if (!isUniqueViolation(error) || attempt >= RANK_TRIES) throw error;
      }
    }
  }

  async update(op: SessionOperator, body: { id: number } & Partial<LevelTerms>) {
    const { id, ...changes } = body;
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction().execute(async (tx) => {
      const before = await adminLevelsRepository.byId(tx, id);
      if (!before) throw notFound();
      await adminLevelsRepository.update(tx, id, { ...changes, updated_at: now });
      const after = { ...before, ...changes, updated_at: now };
      await audit(
        tx,
        {
          operatorId: op.id,
          action: 'level.update',
          targetType: 'level',
          targetId: id,
          before: terms(before),
          after: terms(after),
        },
        now,
      );
      return after;
    });
    const holders = await adminLevelsRepository.holders(this.deps.db);
    return view(row, holders.get(row.id) ?? 0);
  }
}
