import type { AuditAction } from '@dropdesk/contract/admin';
import type { Lang } from '@dropdesk/contract/constants';
import type { AdminPackage } from '@dropdesk/contract/express';
import { formatMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { fieldRefusal, notFound } from '../../lib/refusal';
import type { SessionOperator } from '../../plugins/types';
import { audit } from '../audit';
import { type PackageRow, expressRepository as repo } from './express.repository';
import { namesOf } from './express.service';

const terms = (row: PackageRow) => ({
  main_lang: row.main_lang,
  names: namesOf(row),
  price: formatMoney(row.price),
  days: row.days,
  product_count: row.product_count,
  active: row.active === 1,
  sort: row.sort,
});

const view = (row: PackageRow, sold: number): AdminPackage => ({
  id: row.id,
  ...terms(row),
  sold,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

type Names = Partial<Record<Lang, string>>;

/**
 * The express-lane packages as operators manage them (catalogue and admin roles). A change of terms
 * applies to purchases from then on: each purchase keeps its own copy of the terms it was bought
 * at, which nothing here touches; a package taken off sale leaves running promotions to their end.
 * Every change is in the audit log with the terms before and after.
 */
export class ExpressAdmin {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(): Promise<AdminPackage[]> {
    const { db } = this.deps;
    const [rows, sold] = await Promise.all([repo.all(db), repo.soldCounts(db)]);
    return rows.map((r) => view(r, sold.get(r.id) ?? 0));
  }

  async create(
    op: SessionOperator,
    body: { main_lang: Lang; names: Names; price: number; days: number; product_count: number; sort: number },
  ): Promise<AdminPackage> {
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction().execute(async (tx) => {
      const row = await repo.insertPackage(tx, {
        main_lang: body.main_lang,
        names: JSON.stringify(body.names),
        price: body.price,
        days: body.days,
        product_count: body.product_count,
        sort: body.sort,
        created_at: now,
        updated_at: now,
      });
      await this.audit(tx, op, 'express_package.create', row.id, null, row, now);
      return row;
    });
    return view(row, 0);
  }

  async update(
    op: SessionOperator,
    body: {
      id: number;
      main_lang?: Lang | undefined;
      names?: Names | undefined;
      price?: number | undefined;
      days?: number | undefined;
      product_count?: number | undefined;
      sort?: number | undefined;
      active?: boolean | undefined;
    },
  ): Promise<AdminPackage> {
    const now = this.deps.clock.now();
    const row = await this.deps.db.transaction().execute(async (tx) => {
      const before = await repo.packageById(tx, body.id);
      if (!before) throw notFound();
      const names = { ...namesOf(before), ...body.names };
      const mainLang = body.main_lang ?? before.main_lang;
      if (!names[mainLang]) throw fieldRefusal('INVALID_INPUT', 'names', 'FIELD_REQUIRED');
      const after = await repo.updatePackage(tx, body.id, {
        main_lang: mainLang,
        names: JSON.stringify(names),
        ...(body.price === undefined ? {} : { price: body.price }),
        ...(body.days === undefined ? {} : { days: body.days }),
        ...(body.product_count === undefined ? {} : { product_count: body.product_count }),
        ...(body.sort === undefined ? {} : { sort: body.sort }),
        ...(body.active === undefined ? {} : { active: body.active ? 1 : 0 }),
        updated_at: now,
      });
      if (!after) throw notFound();
      await this.audit(tx, op, 'express_package.update', body.id, before, after, now);
      return after;
    });
    return view(row, (await repo.soldCounts(this.deps.db)).get(row.id) ?? 0);
  }

  /** Off sale: merchants no longer see or buy it; purchases already made run to their end. */
  disable(op: SessionOperator, id: number): Promise<AdminPackage> {
    return this.update(op, { id, active: false });
  }

  private audit(
    tx: Db,
    op: SessionOperator,
    action: AuditAction,
    id: number,
    before: PackageRow | null,
    after: PackageRow,
    now: number,
  ) {
    return audit(
      tx,
      {
        operatorId: op.id,
        action,
        targetType: 'express_package',
        targetId: id,
        before: before && terms(before),
        after: terms(after),
      },
      now,
    );
  }
}
