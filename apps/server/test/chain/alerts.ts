import type { TestApp } from '../app';

/**
 * An open chain alert on a credited transfer of merchant `merchantId`, written straight to the
 * tables (what the watcher leaves when a credited transfer's block left the chain; the watcher's
 * own test makes one against a real node). Answers the alert's id.
 */
export async function seedChainAlert(t: TestApp, merchantId: number): Promise<number> {
  const db = t.database.db;
  const now = t.clock.now();
  const hash = `0x${Date.now().toString(16).padStart(64, '0')}`;
  const recharge = await db
    .insertInto('recharges')
    .values({
      merchant_id: merchantId,
      method: 'chain',
      network: 'ERC20',
      address: '0x0000000000000000000000000000000000000001',
      amount: 10_000,
      voucher: null,
      status: 'approved',
      reason: null,
      journal_id: null,
      created_at: now,
      resolved_at: now,
      resolved_by: null,
      tx_hash: hash,
      log_index: 0,
      block_number: 10,
      block_hash: hash,
      from_address: '0x0000000000000000000000000000000000000002',
      token_amount: '100.00',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const alert = await db
    .insertInto('chain_alerts')
    .values({
      network: 'ERC20',
      kind: 'credited_reorged',
      recharge_id: recharge.id,
      merchant_id: merchantId,
      detail: JSON.stringify({ block: 10, hash_then: hash, hash_now: null, head: 20 }),
      created_at: now,
      resolved_at: null,
      resolved_by: null,
      resolution: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return alert.id;
}
