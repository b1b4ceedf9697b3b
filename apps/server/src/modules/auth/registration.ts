import type { RegisterBody } from '@dropdesk/contract/account';
import type { Lang } from '@dropdesk/contract/constants';
import { foldText } from '@dropdesk/contract/fold';
import type { Db } from '../../db/database';
import { isUniqueViolation, violatedColumn } from '../../db/errors';
import { newInviteCode } from '../../lib/crypto';
import { fieldRefusal, Refusal } from '../../lib/refusal';
import { merchantAccounts } from '../account';
import { merchantLevels } from '../catalogue';
import { registrationRepository } from './registration.repository';

/** The registration body after the contract has parsed it. */
export type Registration = {
  [K in keyof RegisterBody]-?: string;
};

const UPLOAD_FIELDS = {
  store_logo: 'logo',
  id_card_front: 'id_card',
  id_card_back: 'id_card',
  id_card_hand: 'id_card',
  business_license: 'license',
} as const;

/** How long an anonymous upload waits to be claimed by a registration. */
const UNCLAIMED_UPLOAD_TTL_MS = 24 * 3_600_000;

/** The alliance parent of an invitation code (null: the platform's), or a refusal. */
export async function resolveInviteCode(db: Db, code: string): Promise<{ parentId: number | null } | null> {
  const row = await registrationRepository.inviteCode(db, code);
  if (!row || row.revoked_at !== null) return null;
  if (row.max_uses !== null && row.uses >= row.max_uses) return null;
  return { parentId: row.merchant_id };
}

/** Checks what can be checked before the transaction, so a refusal changes nothing. */
export async function precheckRegistration(db: Db, body: Registration, now: number): Promise<void> {
  if (!(await resolveInviteCode(db, body.invite_code))) {
    throw fieldRefusal('INVITE_CODE_INVALID', 'invite_code');
  }
  if (await merchantAccounts.byAccount(db, body.phone)) throw fieldRefusal('PHONE_TAKEN', 'phone');
  if (await merchantAccounts.byAccount(db, body.email)) throw fieldRefusal('EMAIL_TAKEN', 'email');
  const refs = Object.keys(UPLOAD_FIELDS) as Array<keyof typeof UPLOAD_FIELDS>;
  const rows = await registrationRepository.uploads(
    db,
    refs.map((f) => body[f]),
  );
  for (const field of refs) {
    const row = rows.find((r) => r.id === body[field]);
    const ok =
      row &&
      row.kind === UPLOAD_FIELDS[field] &&
      row.merchant_id === null &&
      row.created_at > now - UNCLAIMED_UPLOAD_TTL_MS;
    if (!ok) throw fieldRefusal('UPLOAD_INVALID', field);
  }
  const distinct = new Set(refs.map((f) => body[f]));
  if (distinct.size !== refs.length) throw fieldRefusal('UPLOAD_INVALID', 'id_card_back');
}

export interface CreateMerchantInput {
  phone: string;
  email: string;
  passwordHash: string;
  realName: string;
  country: string;
  /** IANA zone; UTC when the app did not send one. */
  timeZone?: string | undefined;
  lang: Lang;
  parentId: number | null;
  store: { name: string; address: string; logo: string | null };
  kyc?: { front: string; back: string; hand: string; license: string };
}

/**
 * Inserts the merchant, its shop and its own invitation code inside `tx`. Registration and the
 * demo seed both come through here.
 */
export async function createMerchant(tx: Db, input: CreateMerchantInput, now: number): Promise<number> {
  let id: number | null = null;
  for (let attempt = 0; id === null; attempt++) {
    const code = newInviteCode();
    if (await registrationRepository.inviteCodeTaken(tx, code)) {
      if (attempt > 5) throw new Error('could not draw a free invitation code');
      continue;
    }
    try {
      id = await merchantAccounts.insert(tx, {
        phone: input.phone,
        email: input.email,
        password_hash: input.passwordHash,
        pay_password_hash: null,
        pay_locked_until: null,
        real_name: input.realName,
        country: input.country,
        time_zone: input.timeZone ?? 'UTC',
        lang: input.lang,
        closed_reason: null,
        parent_id: input.parentId,
        invite_code: code,
        id_card_front: input.kyc?.front ?? null,
        id_card_back: input.kyc?.back ?? null,
        id_card_hand: input.kyc?.hand ?? null,
        business_license: input.kyc?.license ?? null,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const column = violatedColumn(error);
      if (column.includes('phone')) throw fieldRefusal('PHONE_TAKEN', 'phone');
      if (column.includes('email')) throw fieldRefusal('EMAIL_TAKEN', 'email');
      throw error;
    }
    await registrationRepository.insertInviteCode(tx, {
      code,
      merchant_id: id,
      created_by: null,
      max_uses: null,
      revoked_at: null,
      created_at: now,
    });
  }
  await merchantLevels.giveBaseLevel(tx, id, now);
  await registrationRepository.insertShop(tx, {
    merchant_id: id,
    name: input.store.name,
    name_fold: foldText(input.store.name),
    logo: input.store.logo,
    address: input.store.address,
    phone: input.phone,
    banner: null,
    ad_banner: null,
    created_at: now,
    updated_at: now,
  });
  return id;
}

/** Counts a use of the invitation code and claims the uploads, inside the registration's tx. */
export async function completeRegistration(tx: Db, merchantId: number, body: Registration): Promise<void> {
  const used = await registrationRepository.countInviteCodeUse(tx, body.invite_code);
  if (used !== 1) throw fieldRefusal('INVITE_CODE_INVALID', 'invite_code');
  const refs = Object.keys(UPLOAD_FIELDS).map((f) => body[f as keyof Registration]);
  const claimed = await registrationRepository.claimUploads(tx, merchantId, refs);
  if (claimed !== refs.length) throw new Refusal('UPLOAD_INVALID');
}
