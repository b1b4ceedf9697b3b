import { parseMoney } from '@dropdesk/contract/money';
import type { Db } from '../../db/database';

/**
 * The demo express-lane packages (the demo seed, db/seed.ts): three on sale, so a newcomer can try a
 * purchase with the demo merchant once its wallet has a top-up. The alliance commission rate stays
 * at its migration default, 0.
 */
export const DEMO_PACKAGES = [
  {
    names: {
      en: 'Starter boost',
      'zh-CN': '入门推广',
      ko: '스타터 부스트',
      ja: 'スターターブースト',
      th: 'บูสต์เริ่มต้น',
      vi: 'Gói khởi động',
      tr: 'Başlangıç paketi',
    },
    price: '20.00',
    days: 3,
    product_count: 3,
  },
  {
    names: {
      en: 'Weekly spotlight',
      'zh-CN': '每周焦点',
      ko: '주간 스포트라이트',
      ja: 'ウィークリースポットライト',
      th: 'สปอตไลต์รายสัปดาห์',
      vi: 'Tiêu điểm tuần',
      tr: 'Haftalık vitrin',
    },
    price: '50.00',
    days: 7,
    product_count: 10,
  },
  {
    names: {
      en: 'Monthly headline',
      'zh-CN': '月度头条',
      ko: '월간 헤드라인',
      ja: 'マンスリーヘッドライン',
      th: 'พาดหัวรายเดือน',
      vi: 'Nổi bật cả tháng',
      tr: 'Aylık manşet',
    },
    price: '150.00',
    days: 30,
    product_count: 20,
  },
] as const;

export async function seedExpressPackages(db: Db, now: number): Promise<void> {
  await db
    .insertInto('express_packages')
    .values(
      DEMO_PACKAGES.map((p, i) => ({
        main_lang: 'en' as const,
        names: JSON.stringify(p.names),
        price: parseMoney(p.price) as number,
        days: p.days,
        product_count: p.product_count,
        sort: i,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
