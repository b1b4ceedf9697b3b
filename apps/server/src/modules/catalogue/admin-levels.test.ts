import { adminCatalogueRoutes as r } from '@dropdesk/contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { type Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator } from '../../../test/factories';
import { auditSince, lastAuditId } from '../../../test/services';

const engine = process.env.DATABASE_URL ? 'postgres' : 'sqlite';

describe(`levels, as operators manage them (${engine})`, () => {
  let t: TestApp;
  let op: Client;
  beforeAll(async () => {
    t = await buildTestApp();
    op = await newOperator(t, 'catalogue');
  });
  afterAll(() => t.close());

  const merchantLevels = () =>
    t.database.db.selectFrom('merchant_levels').selectAll().orderBy('merchant_id').execute();

  it('lists the levels by rank with the merchants holding each', async () => {
    const before = (await op.call(r.levels)).data;
    const base = before.find((l) => l.rank === 1)!;
    expect(base).toMatchObject({ name: 'V1', margin_bps: 1_500, quota: 50, price: '0.00' });
    await newMerchant(t);
    await newMerchant(t);
    const after = (await op.call(r.levels)).data;
    expect(after.find((l) => l.rank === 1)!.merchants).toBe(base.merchants + 2);
    expect(after.map((l) => l.rank)).toEqual([...after.map((l) => l.rank)].sort((a, b) => a - b));
  });

  it('adds a level one rank above the highest, and audits it', async () => {
    const highest = Math.max(...(await op.call(r.levels)).data.map((l) => l.rank));
    const auditBefore = await lastAuditId(t);
    const res = await op.call(r.createLevel, {
      name: 'Gold',
      margin_bps: 2_500,
      quota: 300,
      price: '499.00',
    });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      rank: highest + 1,
      name: 'Gold',
      margin_bps: 2_500,
      quota: 300,
      price: '499.00',
      merchants: 0,
    });
    const next = await op.call(r.createLevel, {
      name: 'Platinum',
      margin_bps: 3_000,
      quota: 800,
      price: '999',
    });
    expect(next.data.rank).toBe(highest + 2);
    const audits = await auditSince(t, auditBefore);
    expect(audits.map((a) => a.action)).toEqual(['level.create', 'level.create']);
    expect(audits[0]).toMatchObject({ target_type: 'level', target_id: String(res.data.id) });
    expect({ before: audits[0]!.before, after: audits[0]!.after }).toEqual({
      before: null,
      after: { rank: highest + 1, name: 'Gold', margin_bps: 2_500, quota: 300, price: '499.00' },
    });
  });

  it('parallel adds each get a rank of their own', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) => op.call(r.createLevel, { name: `P${n}`, margin_bps: 100, quota: 10, price: '1' })),
    );
    for (const res of results) expect(res.code, res.raw).toBe(1);
    const ranks = results.map((res) => res.data.rank);
    expect(new Set(ranks).size).toBe(3);
  });

  it('an update changes the terms for new purchases and leaves what merchants bought untouched', async () => {
    const m = await newMerchant(t);
    const base = (await op.call(r.levels)).data.find((l) => l.rank === 1)!;
    const bought = await merchantLevels();
    expect(bought.find((row) => row.merchant_id === m.id)).toMatchObject({
      level_id: base.id,
      margin_bps: 1_500,
      quota: 50,
    });
    t.clock.advance(1_000);
    const auditBefore = await lastAuditId(t);

    const res = await op.call(r.updateLevel, {
      id: base.id,
      margin_bps: 1_800,
      quota: 60,
      price: '5.50',
      name: 'Starter',
    });
    expect(res.code, res.raw).toBe(1);
    expect(res.data).toMatchObject({
      id: base.id,
      rank: 1,
      name: 'Starter',
      margin_bps: 1_800,
      quota: 60,
      price: '5.50',
      merchants: base.merchants,
      updated_at: new Date(t.clock.now()).toISOString(),
    });
    expect(await merchantLevels()).toEqual(bought);
    const [entry] = await auditSince(t, auditBefore);
    expect(entry).toMatchObject({ action: 'level.update', target_type: 'level', target_id: String(base.id) });
    expect({ before: entry!.before, after: entry!.after }).toEqual({
      before: { rank: 1, name: 'V1', margin_bps: 1_500, quota: 50, price: '0.00' },
      after: { rank: 1, name: 'Starter', margin_bps: 1_800, quota: 60, price: '5.50' },
    });

    // One field alone keeps the others.
    const one = await op.call(r.updateLevel, { id: base.id, quota: 70 });
    expect(one.data).toMatchObject({ name: 'Starter', margin_bps: 1_800, quota: 70, price: '5.50' });
    expect(await merchantLevels()).toEqual(bought);
  });

  it('refuses an unknown level with NOT_FOUND', async () => {
    expectRefusal(await op.call(r.updateLevel, { id: 99_999_999, quota: 5 }), 'NOT_FOUND');
  });

  const valid = { name: 'Silver', margin_bps: 2_000, quota: 100, price: '199.00' };
  it.each([
    ['no name', { ...valid, name: undefined }, 'name'],
    ['an empty name', { ...valid, name: '  ' }, 'name'],
    ['a name of 41 characters', { ...valid, name: 'x'.repeat(41) }, 'name'],
    ['a negative margin', { ...valid, margin_bps: -1 }, 'margin_bps'],
    ['a margin above 1000%', { ...valid, margin_bps: 100_001 }, 'margin_bps'],
    ['a fractional margin', { ...valid, margin_bps: 1.5 }, 'margin_bps'],
    ['a margin as text', { ...valid, margin_bps: '2000' }, 'margin_bps'],
    ['a quota of 0', { ...valid, quota: 0 }, 'quota'],
    ['a quota above the maximum', { ...valid, quota: 1_000_001 }, 'quota'],
    ['a price of text', { ...valid, price: 'free' }, 'price'],
    ['a negative price', { ...valid, price: '-1.00' }, 'price'],
    ['a price as a number', { ...valid, price: 199 }, 'price'],
    ['a rank (not for the caller to choose)', { ...valid, rank: 9 }, 'rank'],
  ])('adding a level refuses %s', async (_name, body, field) => {
    expectRefusal(await op.post(r.createLevel.path, body), 'INVALID_INPUT', field);
  });

  it.each([
    ['no id', { quota: 5 }, 'id'],
    ['an id of text', { id: 'V1', quota: 5 }, 'id'],
    ['a quota of 0', { id: 1, quota: 0 }, 'quota'],
    ['a price with 3 decimals', { id: 1, price: '1.001' }, 'price'],
    ['a rank change', { id: 1, rank: 2 }, 'rank'],
  ])('updating a level refuses %s', async (_name, body, field) => {
    expectRefusal(await op.post(r.updateLevel.path, body), 'INVALID_INPUT', field);
  });
});
