import type { Db } from '../../db/database';
import { iso } from '../../lib/clock';
import { type BankCardRow, bankCardsRepository } from './bank-cards.repository';

/** "**** 1234": what a merchant sees of an account number once saved. */
export function maskAccount(number: string): string {
  return `**** ${number.slice(-4)}`;
}

/** The saved bank card as its owner sees it (masked), wherever it is shown. */
export function bankCardView(card: BankCardRow | undefined) {
  if (!card) return null;
  return {
    holder_name: card.holder_name,
    bank_name: card.bank_name,
    account_number: maskAccount(card.account_number),
    updated_at: iso(card.updated_at),
  };
}

/** A merchant's saved bank card (the row), if any: what a withdrawal pays out to. */
export function bankCardOf(db: Db, merchantId: number): Promise<BankCardRow | undefined> {
  return bankCardsRepository.byMerchant(db, merchantId);
}
