import type { Lang } from '@dropdesk/contract/constants';
import type { Db } from '../../db/database';
import { announcementsRepository } from './announcements.repository';

/**
 * The demo's announcements (the demo seed, db/seed.ts): what Home scrolls on a fresh demo, in the
 * 7 languages. They say how the demo works, nothing a real platform would announce; an admin edits
 * or switches them off through /admin/announcements.
 */
export const DEMO_ANNOUNCEMENTS: Record<Lang, string>[] = [
  {
    en: 'Welcome to the Dropdesk demo: buy from your own shop in the storefront (/s/1) to see orders, sales and visitors appear here.',
    'zh-CN': '欢迎使用 Dropdesk 演示：在店面（/s/1）从您自己的店铺下单，即可在此看到订单、销售额和访客。',
    ko: 'Dropdesk 데모에 오신 것을 환영합니다. 스토어프런트(/s/1)에서 내 상점의 상품을 구매하면 주문, 매출, 방문자가 여기에 표시됩니다.',
    ja: 'Dropdesk デモへようこそ。ストアフロント（/s/1）で自分のショップから購入すると、注文・売上・訪問者がここに表示されます。',
    th: 'ยินดีต้อนรับสู่เดโม Dropdesk: สั่งซื้อจากร้านของคุณในหน้าร้าน (/s/1) เพื่อดูคำสั่งซื้อ ยอดขาย และผู้เข้าชมปรากฏที่นี่',
    vi: 'Chào mừng đến với bản demo Dropdesk: hãy mua hàng từ chính cửa hàng của bạn trên trang bán hàng (/s/1) để thấy đơn hàng, doanh số và khách truy cập hiện ở đây.',
    tr: 'Dropdesk demosuna hoş geldiniz: siparişlerin, satışların ve ziyaretçilerin burada görünmesi için vitrinde (/s/1) kendi mağazanızdan alışveriş yapın.',
  },
  {
    en: 'Top-ups open once an operator sets a deposit address, the receiving bank account or the manual top-up instructions in the console.',
    'zh-CN': '运营人员在控制台设置充值地址、收款银行账户或手动充值说明后，即可充值。',
    ko: '운영자가 콘솔에서 입금 주소, 수취 은행 계좌 또는 수동 충전 안내를 설정하면 충전할 수 있습니다.',
    ja: 'オペレーターがコンソールで入金アドレス、受取銀行口座または手動チャージの案内を設定すると、チャージできるようになります。',
    th: 'การเติมเงินจะเปิดเมื่อผู้ดูแลตั้งค่าที่อยู่ฝากเงิน บัญชีธนาคารรับเงิน หรือคำแนะนำการเติมเงินด้วยตนเองในคอนโซล',
    vi: 'Nạp tiền sẽ mở khi nhân viên vận hành thiết lập địa chỉ nạp, tài khoản ngân hàng nhận tiền hoặc hướng dẫn nạp thủ công trong bảng điều khiển.',
    tr: 'Yükleme, bir operatör konsolda yatırma adresini, alıcı banka hesabını veya manuel yükleme talimatlarını belirlediğinde açılır.',
  },
];

export async function seedAnnouncements(db: Db, operatorId: number, now: number): Promise<void> {
  for (const [sort, texts] of DEMO_ANNOUNCEMENTS.entries()) {
    const id = await announcementsRepository.insert(
      db,
      { main_lang: 'en', active: true, sort, operatorId },
      now,
    );
    await announcementsRepository.setTexts(db, id, texts);
  }
}
