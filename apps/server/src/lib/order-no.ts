/** "R20261122000042": a prefix (R recharge, W withdrawal, O order), the UTC day it was made and the id. Derived (orders store it). */
export function orderNo(prefix: 'R' | 'W' | 'O', id: number, createdAt: number): string {
  const day = new Date(createdAt).toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${String(id).padStart(6, '0')}`;
}
