/** Rows as the operator API answers them, for component tests (each test changes what it needs). */
let seq = 100;

export const page = <T>(list: T[], total = list.length) => ({ total, page: 1, limit: 50, list });

export function newMerchantRef(
  over: Partial<{ id: number; real_name: string; phone: string; shop_name: string }> = {},
) {
  seq += 1;
  return { id: seq, real_name: 'Nguyen Van A', phone: '+84900000001', shop_name: `Shop ${seq}`, ...over };
}

export function newRecharge(over: Record<string, unknown> = {}) {
  seq += 1;
  return {
    id: seq,
    order_no: `R${seq}`,
    method: 'bank',
    network: null,
    address: null,
    amount: '150.00',
    status: 'pending',
    reason: null,
    voucher_url: `/uploads/v${seq}.webp`,
    created_at: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    resolved_at: null,
    merchant: newMerchantRef(),
    ...over,
  };
}
