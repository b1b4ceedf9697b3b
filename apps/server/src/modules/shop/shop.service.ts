import type { MerInfo } from '@dropdesk/contract/account';
import type { UploadKind } from '@dropdesk/contract/constants';
import type { storeBannerBody, storeBody } from '@dropdesk/contract/shop';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import type { ShopUpdate } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { fieldRefusal, unauthorized } from '../../lib/refusal';
import { loadMerInfo } from '../account';
import { uploadRows } from '../uploads';
import { shopsRepository } from './shops.repository';

/** The body as validated: trimmed, each link checked (contract/shop.ts). */
type Store = z.output<typeof storeBody>;
type Banners = z.output<typeof storeBannerBody>;

const TEXT_FIELDS = [
  'name',
  'phone',
  'address',
  'intro',
  'welcome',
  'service_link',
  'twitter',
  'google',
] as const;

/**
 * What a merchant says about the shop (docs/shop.md): basic info and social links (`store`), and the
 * two banners (`store_banner`). The contract has checked every text (length, control characters,
 * https links); this checks what it can't, that each image is the merchant's own upload of the right
 * kind. A closed shop never gets here: both rows are `writes`, refused SHOP_CLOSED by the auth plugin.
 * Text is stored as typed: it is data, and every reader shows it as text.
 */
export class ShopSettings {
  constructor(private readonly deps: { db: Db; clock: Clock; publicUrl: string }) {}

  async save(merchantId: number, body: Store): Promise<MerInfo['shop']> {
    const { db } = this.deps;
    const values: ShopUpdate = {};
    if (body.logo !== undefined) {
      await this.ownUpload(merchantId, body.logo, 'logo', 'logo');
      values.logo = body.logo;
    }
    for (const field of TEXT_FIELDS) {
      const value = body[field];
      if (value !== undefined) values[field] = value;
    }
    if (Object.keys(values).length > 0)
      await shopsRepository.update(db, merchantId, { ...values, updated_at: this.deps.clock.now() });
    return this.shop(merchantId);
  }

  async saveBanners(merchantId: number, body: Banners): Promise<MerInfo['shop']> {
    const { db } = this.deps;
    const values: ShopUpdate = {};
    for (const field of ['banner', 'ad_banner'] as const) {
      const ref = body[field];
      if (ref === undefined) continue;
      if (ref !== null) await this.ownUpload(merchantId, ref, 'banner', field);
      values[field] = ref;
    }
    if (Object.keys(values).length > 0)
      await shopsRepository.update(db, merchantId, { ...values, updated_at: this.deps.clock.now() });
    return this.shop(merchantId);
  }

  /**
   * An image of the shop must be an upload of this merchant's and of the field's kind: another
   * merchant's file, a private one (ID photos, vouchers, licences are other kinds) or an unknown
   * reference is UPLOAD_INVALID at the field, and nothing is saved.
   */
  private async ownUpload(merchantId: number, ref: string, kind: UploadKind, field: string): Promise<void> {
    const row = await uploadRows.byId(this.deps.db, ref);
    if (!row || row.merchant_id !== merchantId || row.kind !== kind || row.is_private)
      throw fieldRefusal('UPLOAD_INVALID', field);
  }

  private async shop(merchantId: number): Promise<MerInfo['shop']> {
    const info = await loadMerInfo(this.deps.db, merchantId, this.deps.publicUrl);
    if (!info) throw unauthorized();
    return info.shop;
  }
}
