import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Lang } from '@dropdesk/contract/constants';
import { parseMoney } from '@dropdesk/contract/money';
import sharp from 'sharp';
import type { Db } from '../../db/database';
import {
  catalogueAdminRepository as catalogue,
  type NewProduct,
  type ProductText,
} from './catalogue-admin.repository';
import {
  type ImagePair,
  imagePair,
  linkImagePair,
  newImageKey,
  productMediaDir,
  type StoredImageSizes,
  sizesOf,
  writeImagePair,
} from './images';

/**
 * The demo catalogue (docs/design.md §5): seller levels V2–V5 above the base level the migration made, 10
 * categories of 3 subcategories named in the 7 languages, and 600 products: 120 kinds of goods
 * (4 per subcategory, named in the 7 languages) in 5 variants each (a colour, a size, a pack...).
 * The first 400 products have titles and descriptions in all 7 languages, the others in English
 * and Vietnamese (the screens fall back to the main language, English). Costs, stock and the hot
 * flag come from a fixed pseudo-random sequence, so every demo is the same. No listings, orders,
 * sales or views: those figures come only from what is done in the demo.
 *
 * Images are drawn here, with no network: one per kind of goods (its icon from Material Design
 * Icons, in its category's colour) and one per colour, rendered from SVG by sharp into the same
 * WebP pair an upload makes, and shared among products through hard links (each image row keeps a
 * key of its own). The whole seed takes one to two seconds (rendering is most of it), figures in
 * docs/catalogue.md.
 */

/** Names in the order en, zh-CN, ko, ja, th, vi, tr, separated by `|`. */
const ORDER: readonly Lang[] = ['en', 'zh-CN', 'ko', 'ja', 'th', 'vi', 'tr'];
type Names = Record<Lang, string>;

function names(line: string): Names {
  const parts = line.split('|');
  if (parts.length !== ORDER.length) throw new Error(`seed: 7 names expected: ${line}`);
  return Object.fromEntries(ORDER.map((lang, i) => [lang, (parts[i] as string).trim()])) as Names;
}

/** Variants, each a name per language. */
const VARIANTS = {
  colour: [
    'Black|黑色|블랙|ブラック|สีดำ|Đen|Siyah',
    'White|白色|화이트|ホワイト|สีขาว|Trắng|Beyaz',
    'Blue|蓝色|블루|ブルー|สีน้ำเงิน|Xanh dương|Mavi',
    'Red|红色|레드|レッド|สีแดง|Đỏ|Kırmızı',
    'Grey|灰色|그레이|グレー|สีเทา|Xám|Gri',
  ],
  size: ['S', 'M', 'L', 'XL', 'XXL'].map(
    (s) => `Size ${s}|${s}码|${s} 사이즈|${s}サイズ|ไซซ์ ${s}|Size ${s}|${s} beden`,
  ),
  volume: ['30 ml', '50 ml', '100 ml', '200 ml', '500 ml'].map((v) => Array(7).fill(v).join('|')),
  shade: ['01', '02', '03', '04', '05'].map(
    (n) => `Shade ${n}|${n}号色|${n}호|${n}番|เบอร์ ${n}|Màu ${n}|Ton ${n}`,
  ),
  edition: [
    'Standard|标准版|스탠다드|スタンダード|รุ่นมาตรฐาน|Tiêu chuẩn|Standart',
    'Pro|专业版|프로|プロ|รุ่นโปร|Pro|Pro',
    'Mini|迷你款|미니|ミニ|มินิ|Mini|Mini',
    'Travel size|旅行装|여행용|トラベルサイズ|ขนาดพกพา|Cỡ du lịch|Seyahat boyu',
    'Gift set|礼盒装|선물 세트|ギフトセット|ชุดของขวัญ|Bộ quà tặng|Hediye seti',
  ],
  pack: [
    '1 pack|1袋装|1팩|1袋|1 แพ็ค|1 gói|1 paket',
    'Pack of 2|2袋装|2팩|2袋セット|แพ็ค 2|Combo 2 gói|2’li paket',
    'Pack of 3|3袋装|3팩|3袋セット|แพ็ค 3|Combo 3 gói|3’lü paket',
    'Pack of 6|6袋装|6팩|6袋セット|แพ็ค 6|Combo 6 gói|6’lı paket',
    'Family pack|家庭装|대용량|ファミリーパック|แพ็คครอบครัว|Gói gia đình|Aile paketi',
  ],
} as const;
type VariantKind = keyof typeof VARIANTS;

/** What each variant costs against the first. */
const VARIANT_FACTORS: Record<VariantKind, readonly number[]> = {
  colour: [1, 1, 1.05, 1.05, 1],
  size: [1, 1, 1, 1.08, 1.12],
  volume: [1, 1.5, 2.4, 4, 7.5],
  shade: [1, 1, 1, 1, 1],
  edition: [1, 1.6, 0.7, 0.6, 1.8],
  pack: [1, 1.9, 2.7, 5, 3.6],
};

interface SeedSubcategory {
  names: string;
  variants: VariantKind;
  /**
   * `cost|icon|en|zh-CN|ko|ja|th|vi|tr`: the first variant's cost, and the icon that draws the kind
   * of goods (a name in @mdi/svg, the Material Design Icons: see `iconPath`).
   */
  goods: readonly string[];
}

/** A category's colour, [hue, saturation %]: its products' drawings are in its shades. */
type Tone = readonly [number, number];

interface SeedCategory {
  names: string;
  tone: Tone;
  children: readonly SeedSubcategory[];
}

const CATALOGUE: readonly SeedCategory[] = [
  {
    tone: [215, 65],
    names: 'Electronics|电子产品|전자제품|家電・電子機器|อิเล็กทรอนิกส์|Điện tử|Elektronik',
    children: [
      {
        names: 'Audio|音频设备|오디오|オーディオ|เครื่องเสียง|Âm thanh|Ses sistemleri',
        variants: 'colour',
        goods: [
          '12.50|earbuds|Wireless earbuds|无线耳机|무선 이어폰|ワイヤレスイヤホン|หูฟังไร้สาย|Tai nghe không dây|Kablosuz kulaklık',
          '15.80|speaker-bluetooth|Bluetooth speaker|蓝牙音箱|블루투스 스피커|Bluetoothスピーカー|ลำโพงบลูทูธ|Loa bluetooth|Bluetooth hoparlör',
          '21.40|headphones|Over-ear headphones|头戴式耳机|헤드폰|ヘッドホン|หูฟังครอบหู|Tai nghe chụp tai|Kulak üstü kulaklık',
          '38.90|soundbar|Soundbar|回音壁音箱|사운드바|サウンドバー|ซาวด์บาร์|Loa thanh|Soundbar',
        ],
      },
      {
        names:
          'Phone accessories|手机配件|휴대폰 액세서리|スマホアクセサリー|อุปกรณ์เสริมมือถือ|Phụ kiện điện thoại|Telefon aksesuarları',
        variants: 'colour',
        goods: [
          '2.30|cellphone|Phone case|手机壳|휴대폰 케이스|スマホケース|เคสโทรศัพท์|Ốp lưng điện thoại|Telefon kılıfı',
          '5.60|cellphone-charging|Fast charger|快速充电器|고속 충전기|急速充電器|ที่ชาร์จเร็ว|Củ sạc nhanh|Hızlı şarj cihazı',
          '9.90|battery-charging-high|Power bank|充电宝|보조배터리|モバイルバッテリー|พาวเวอร์แบงค์|Sạc dự phòng|Taşınabilir şarj cihazı',
          '1.80|cable-data|USB-C cable|USB-C数据线|USB-C 케이블|USB-Cケーブル|สาย USB-C|Cáp USB-C|USB-C kablo',
        ],
      },
      {
        names:
          'Smart devices|智能设备|스마트 기기|スマートデバイス|อุปกรณ์อัจฉริยะ|Thiết bị thông minh|Akıllı cihazlar',
        variants: 'colour',
        goods: [
          '24.00|watch-variant|Smart watch|智能手表|스마트워치|スマートウォッチ|สมาร์ทวอทช์|Đồng hồ thông minh|Akıllı saat',
          '11.20|watch-vibrate|Fitness band|运动手环|피트니스 밴드|活動量計|สายรัดข้อมือฟิตเนส|Vòng đeo tay thể thao|Akıllı bileklik',
          '19.50|cctv|Security camera|监控摄像头|보안 카메라|防犯カメラ|กล้องวงจรปิด|Camera an ninh|Güvenlik kamerası',
          '4.70|power-socket-eu|Smart plug|智能插座|스마트 플러그|スマートプラグ|ปลั๊กอัจฉริยะ|Ổ cắm thông minh|Akıllı priz',
        ],
      },
    ],
  },
  {
    tone: [28, 75],
    names: 'Home & Kitchen|家居厨房|주방·생활|キッチン・日用品|บ้านและครัว|Nhà cửa & Bếp|Ev ve Mutfak',
    children: [
      {
        names: 'Cookware|锅具|조리도구|調理器具|เครื่องครัว|Dụng cụ nấu ăn|Pişirme gereçleri',
        variants: 'colour',
        goods: [
          '9.40|egg-fried|Non-stick frying pan|不粘煎锅|논스틱 프라이팬|フッ素加工フライパン|กระทะเคลือบกันติด|Chảo chống dính|Yapışmaz tava',
          '14.60|pot-steam|Stainless steel pot|不锈钢汤锅|스테인리스 냄비|ステンレス鍋|หม้อสแตนเลส|Nồi inox|Paslanmaz çelik tencere',
          "7.80|knife|Chef's knife|厨师刀|셰프 나이프|牛刀|มีดเชฟ|Dao bếp|Şef bıçağı",
          '3.90|silverware-variant|Cutting board|砧板|도마|まな板|เขียง|Thớt|Kesme tahtası',
        ],
      },
      {
        names:
          'Small appliances|小家电|소형 가전|小型家電|เครื่องใช้ไฟฟ้าขนาดเล็ก|Đồ gia dụng nhỏ|Küçük ev aletleri',
        variants: 'colour',
        goods: [
          '8.20|kettle|Electric kettle|电热水壶|전기 주전자|電気ケトル|กาต้มน้ำไฟฟ้า|Ấm siêu tốc|Elektrikli su ısıtıcı',
          '18.70|pot|Rice cooker|电饭煲|전기밥솥|炊飯器|หม้อหุงข้าว|Nồi cơm điện|Pilav pişirici',
          '29.90|toaster-oven|Air fryer|空气炸锅|에어프라이어|ノンフライヤー|หม้อทอดไร้น้ำมัน|Nồi chiên không dầu|Yağsız fritöz',
          '12.30|blender|Hand blender|手持料理棒|핸드 블렌더|ハンドブレンダー|เครื่องปั่นมือถือ|Máy xay cầm tay|El blenderi',
        ],
      },
      {
        names: 'Storage|收纳用品|수납용품|収納用品|ที่เก็บของ|Đồ lưu trữ|Saklama ve düzen',
        variants: 'colour',
        goods: [
          '6.50|food-takeout-box|Food container set|保鲜盒套装|밀폐용기 세트|保存容器セット|ชุดกล่องถนอมอาหาร|Bộ hộp đựng thực phẩm|Saklama kabı seti',
          '3.20|basket|Storage basket|收纳筐|수납 바구니|収納バスケット|ตะกร้าเก็บของ|Giỏ đựng đồ|Saklama sepeti',
          '5.40|bottle-soda-classic|Vacuum flask|保温杯|보온병|水筒|กระติกน้ำเก็บอุณหภูมิ|Bình giữ nhiệt|Termos',
          '7.10|shaker|Spice rack|调料架|양념통 선반|スパイスラック|ชั้นวางเครื่องปรุง|Kệ gia vị|Baharatlık',
        ],
      },
    ],
  },
  {
    tone: [295, 45],
    names: 'Fashion|服饰|패션|ファッション|แฟชั่น|Thời trang|Moda',
    children: [
      {
        names: "Women's clothing|女装|여성 의류|レディース服|เสื้อผ้าผู้หญิง|Thời trang nữ|Kadın giyim",
        variants: 'size',
        goods: [
          '8.90|human-female|Summer dress|夏季连衣裙|여름 원피스|サマードレス|เดรสฤดูร้อน|Váy mùa hè|Yazlık elbise',
          '10.40|coat-rack|Knit cardigan|针织开衫|니트 가디건|ニットカーディガン|คาร์ดิแกนไหมพรม|Áo khoác len|Örgü hırka',
          '11.60|hanger|High-waist jeans|高腰牛仔裤|하이웨이스트 청바지|ハイウエストジーンズ|กางเกงยีนส์เอวสูง|Quần jean lưng cao|Yüksek bel kot pantolon',
          '13.20|tshirt-v|Silk blouse|真丝衬衫|실크 블라우스|シルクブラウス|เสื้อเบลาส์ผ้าไหม|Áo sơ mi lụa|İpek bluz',
        ],
      },
      {
        names: "Men's clothing|男装|남성 의류|メンズ服|เสื้อผ้าผู้ชาย|Thời trang nam|Erkek giyim",
        variants: 'size',
        goods: [
          '3.60|tshirt-crew|Cotton T-shirt|纯棉T恤|면 티셔츠|コットンTシャツ|เสื้อยืดผ้าฝ้าย|Áo thun cotton|Pamuklu tişört',
          '5.90|tshirt-v|Polo shirt|POLO衫|폴로 셔츠|ポロシャツ|เสื้อโปโล|Áo polo|Polo tişört',
          '9.80|human-male|Chino trousers|休闲裤|치노 팬츠|チノパン|กางเกงชิโน่|Quần kaki|Chino pantolon',
          '12.40|coat-rack|Hooded sweatshirt|连帽卫衣|후드 티셔츠|パーカー|เสื้อฮู้ด|Áo hoodie|Kapüşonlu sweatshirt',
        ],
      },
      {
        names: 'Bags|箱包|가방|バッグ|กระเป๋า|Túi xách|Çantalar',
        variants: 'colour',
        goods: [
          '17.50|purse|Leather handbag|真皮手提包|가죽 핸드백|レザーハンドバッグ|กระเป๋าถือหนัง|Túi xách da|Deri el çantası',
          '13.80|bag-personal|Laptop backpack|电脑双肩包|노트북 백팩|PCリュック|กระเป๋าเป้ใส่โน้ตบุ๊ก|Balo laptop|Laptop sırt çantası',
          '6.70|bag-checked|Crossbody bag|斜挎包|크로스백|ショルダーバッグ|กระเป๋าสะพายข้าง|Túi đeo chéo|Çapraz çanta',
          '11.90|bag-carry-on|Travel duffel|旅行袋|여행용 더플백|ボストンバッグ|กระเป๋าเดินทาง|Túi du lịch|Seyahat çantası',
        ],
      },
    ],
  },
  {
    tone: [335, 60],
    names: 'Beauty|美妆个护|뷰티|美容・コスメ|ความงาม|Làm đẹp|Kozmetik',
    children: [
      {
        names: 'Skincare|护肤|스킨케어|スキンケア|ดูแลผิว|Chăm sóc da|Cilt bakımı',
        variants: 'volume',
        goods: [
          '4.20|water|Hydrating serum|补水精华|수분 세럼|保湿美容液|เซรั่มเพิ่มความชุ่มชื้น|Serum cấp ẩm|Nemlendirici serum',
          '3.50|weather-sunny|Sunscreen SPF50|防晒霜SPF50|선크림 SPF50|日焼け止めSPF50|ครีมกันแดด SPF50|Kem chống nắng SPF50|Güneş kremi SPF50',
          '2.10|face-woman-shimmer|Facial cleanser|洁面乳|폼 클렌저|洗顔フォーム|โฟมล้างหน้า|Sữa rửa mặt|Yüz temizleyici',
          '4.80|weather-night|Night cream|晚霜|나이트 크림|ナイトクリーム|ไนท์ครีม|Kem dưỡng ban đêm|Gece kremi',
        ],
      },
      {
        names: 'Makeup|彩妆|메이크업|メイクアップ|เครื่องสำอาง|Trang điểm|Makyaj',
        variants: 'shade',
        goods: [
          '2.90|lipstick|Matte lipstick|哑光口红|매트 립스틱|マットリップ|ลิปสติกเนื้อแมตต์|Son lì|Mat ruj',
          '6.40|mirror|Cushion foundation|气垫粉底|쿠션 파운데이션|クッションファンデ|คุชชั่นรองพื้น|Phấn nước cushion|Cushion fondöten',
          '5.30|palette|Eyeshadow palette|眼影盘|아이섀도 팔레트|アイシャドウパレット|พาเลทอายแชโดว์|Bảng phấn mắt|Far paleti',
          '2.60|brush|Waterproof mascara|防水睫毛膏|워터프루프 마스카라|ウォータープルーフマスカラ|มาสคาร่ากันน้ำ|Mascara chống nước|Suya dayanıklı maskara',
        ],
      },
      {
        names: 'Hair care|护发|헤어케어|ヘアケア|ดูแลเส้นผม|Chăm sóc tóc|Saç bakımı',
        variants: 'edition',
        goods: [
          '3.70|lotion|Argan oil shampoo|摩洛哥坚果油洗发水|아르간 오일 샴푸|アルガンオイルシャンプー|แชมพูน้ำมันอาร์แกน|Dầu gội dầu argan|Argan yağlı şampuan',
          '14.20|hair-dryer|Hair dryer|吹风机|헤어드라이어|ヘアドライヤー|ไดร์เป่าผม|Máy sấy tóc|Saç kurutma makinesi',
          '11.50|iron|Hair straightener|直发器|고데기|ヘアアイロン|เครื่องหนีบผม|Máy duỗi tóc|Saç düzleştirici',
          '3.10|lotion-plus|Hair mask|发膜|헤어 마스크|ヘアマスク|มาสก์ผม|Kem ủ tóc|Saç maskesi',
        ],
      },
    ],
  },
  {
    tone: [135, 45],
    names:
      'Sports & Outdoors|运动户外|스포츠·아웃도어|スポーツ・アウトドア|กีฬาและกลางแจ้ง|Thể thao & Dã ngoại|Spor ve Outdoor',
    children: [
      {
        names: 'Fitness|健身器材|피트니스|フィットネス|ฟิตเนส|Thể hình|Fitness',
        variants: 'colour',
        goods: [
          '5.80|yoga|Yoga mat|瑜伽垫|요가 매트|ヨガマット|เสื่อโยคะ|Thảm tập yoga|Yoga matı',
          '26.50|dumbbell|Adjustable dumbbells|可调哑铃|조절식 덤벨|可変式ダンベル|ดัมเบลปรับน้ำหนัก|Tạ tay điều chỉnh|Ayarlanabilir dambıl',
          '3.40|arm-flex|Resistance bands|弹力带|저항 밴드|トレーニングチューブ|ยางยืดออกกำลังกาย|Dây kháng lực|Direnç bandı',
          '1.90|jump-rope|Jump rope|跳绳|줄넘기|縄跳び|เชือกกระโดด|Dây nhảy|Atlama ipi',
        ],
      },
      {
        names: 'Camping|露营|캠핑|キャンプ|แคมป์ปิ้ง|Cắm trại|Kamp',
        variants: 'colour',
        goods: [
          '28.00|tent|Camping tent|露营帐篷|캠핑 텐트|キャンプテント|เต็นท์แคมป์ปิ้ง|Lều cắm trại|Kamp çadırı',
          '15.30|sleep|Sleeping bag|睡袋|침낭|寝袋|ถุงนอน|Túi ngủ|Uyku tulumu',
          '9.60|seat|Folding chair|折叠椅|접이식 의자|折りたたみチェア|เก้าอี้พับ|Ghế xếp|Katlanır sandalye',
          '6.20|coach-lamp|LED lantern|LED营地灯|LED 랜턴|LEDランタン|ตะเกียง LED|Đèn lều LED|LED fener',
        ],
      },
      {
        names: 'Cycling|骑行|자전거|サイクリング|จักรยาน|Xe đạp|Bisiklet',
        variants: 'colour',
        goods: [
          '10.80|racing-helmet|Bike helmet|自行车头盔|자전거 헬멧|自転車ヘルメット|หมวกกันน็อคจักรยาน|Mũ bảo hiểm xe đạp|Bisiklet kaskı',
          '5.10|flashlight|Bike light set|自行车灯套装|자전거 라이트 세트|自転車ライトセット|ชุดไฟจักรยาน|Bộ đèn xe đạp|Bisiklet lamba seti',
          '3.80|hand-back-right|Cycling gloves|骑行手套|자전거 장갑|サイクルグローブ|ถุงมือปั่นจักรยาน|Găng tay đạp xe|Bisiklet eldiveni',
          '2.40|bottle-soda|Sports water bottle|运动水壶|스포츠 물병|スポーツボトル|ขวดน้ำกีฬา|Bình nước thể thao|Spor suluğu',
        ],
      },
    ],
  },
  {
    tone: [45, 85],
    names: 'Toys & Kids|玩具母婴|완구·유아|おもちゃ・ベビー|ของเล่นและเด็ก|Đồ chơi & Trẻ em|Oyuncak ve Çocuk',
    children: [
      {
        names:
          'Educational toys|益智玩具|교육용 완구|知育玩具|ของเล่นเสริมพัฒนาการ|Đồ chơi giáo dục|Eğitici oyuncaklar',
        variants: 'colour',
        goods: [
          '7.40|toy-brick|Building blocks|积木|블록 장난감|ブロック|ตัวต่อ|Bộ xếp hình|Yapı blokları',
          '3.30|puzzle|Wooden puzzle|木质拼图|나무 퍼즐|木製パズル|จิ๊กซอว์ไม้|Xếp hình gỗ|Ahşap yapboz',
          '8.60|flask|Science kit|科学实验套装|과학 실험 키트|科学実験キット|ชุดทดลองวิทยาศาสตร์|Bộ thí nghiệm khoa học|Bilim seti',
          '4.50|draw|Drawing tablet|儿童画板|그림판|お絵かきボード|กระดานวาดภาพ|Bảng vẽ điện tử|Çizim tableti',
        ],
      },
      {
        names: 'Baby care|婴儿用品|유아용품|ベビー用品|ของใช้เด็กอ่อน|Đồ dùng em bé|Bebek bakımı',
        variants: 'colour',
        goods: [
          '3.20|baby-bottle|Baby bottle|婴儿奶瓶|젖병|哺乳瓶|ขวดนมเด็ก|Bình sữa em bé|Biberon',
          '12.90|baby-carriage|Baby carrier|婴儿背带|아기띠|抱っこ紐|เป้อุ้มเด็ก|Địu em bé|Kanguru',
          '5.70|cradle|Baby blanket|婴儿毯|아기 담요|ベビーブランケット|ผ้าห่มเด็ก|Chăn em bé|Bebek battaniyesi',
          '1.60|teddy-bear|Teething toy|牙胶|치발기|歯固め|ยางกัดเด็ก|Đồ chơi gặm nướu|Diş kaşıyıcı',
        ],
      },
      {
        names:
          'Outdoor play|户外玩具|야외 놀이|外遊び|ของเล่นกลางแจ้ง|Đồ chơi ngoài trời|Dış mekan oyuncakları',
        variants: 'colour',
        goods: [
          '16.40|human-scooter|Kick scooter|儿童滑板车|킥보드|キックスクーター|สกู๊ตเตอร์เด็ก|Xe trượt scooter|Çocuk scooter',
          '4.90|chart-bubble|Bubble machine|泡泡机|버블 머신|シャボン玉マシン|เครื่องเป่าฟองสบู่|Máy thổi bong bóng|Köpük makinesi',
          '2.20|kite|Kite|风筝|연|凧|ว่าว|Diều|Uçurtma',
          '2.70|pool|Water gun|水枪|물총|水鉄砲|ปืนฉีดน้ำ|Súng nước|Su tabancası',
        ],
      },
    ],
  },
  {
    tone: [175, 55],
    names: 'Health|健康保健|건강|ヘルスケア|สุขภาพ|Sức khỏe|Sağlık',
    children: [
      {
        names: 'Supplements|营养补充|영양제|サプリメント|อาหารเสริม|Thực phẩm bổ sung|Takviyeler',
        variants: 'pack',
        goods: [
          '3.90|pill|Vitamin C tablets|维生素C片|비타민C 정|ビタミンCタブレット|วิตามินซีเม็ด|Viên vitamin C|C vitamini tablet',
          '6.80|fish|Fish oil capsules|鱼油胶囊|오메가3 캡슐|フィッシュオイル|น้ำมันปลาแคปซูล|Viên dầu cá|Balık yağı kapsülü',
          '9.50|spoon-sugar|Collagen powder|胶原蛋白粉|콜라겐 파우더|コラーゲンパウダー|คอลลาเจนผง|Bột collagen|Kolajen tozu',
          '14.70|weight-lifter|Protein powder|蛋白粉|단백질 파우더|プロテインパウダー|เวย์โปรตีน|Bột protein|Protein tozu',
        ],
      },
      {
        names: 'Medical devices|医疗器械|의료기기|医療機器|อุปกรณ์การแพทย์|Thiết bị y tế|Medikal cihazlar',
        variants: 'edition',
        goods: [
          '13.60|heart-pulse|Blood pressure monitor|电子血压计|혈압계|血圧計|เครื่องวัดความดัน|Máy đo huyết áp|Tansiyon aleti',
          '2.80|thermometer|Digital thermometer|电子体温计|디지털 체온계|電子体温計|ปรอทวัดไข้ดิจิทัล|Nhiệt kế điện tử|Dijital termometre',
          '7.90|pulse|Pulse oximeter|指夹式血氧仪|산소포화도 측정기|パルスオキシメーター|เครื่องวัดออกซิเจนปลายนิ้ว|Máy đo SpO2|Nabız oksimetresi',
          '22.50|vibrate|Massage gun|筋膜枪|마사지건|マッサージガン|ปืนนวด|Súng massage|Masaj tabancası',
        ],
      },
      {
        names: 'Personal hygiene|个人清洁|위생용품|衛生用品|สุขอนามัย|Vệ sinh cá nhân|Kişisel hijyen',
        variants: 'edition',
        goods: [
          '9.70|toothbrush-electric|Electric toothbrush|电动牙刷|전동칫솔|電動歯ブラシ|แปรงสีฟันไฟฟ้า|Bàn chải điện|Elektrikli diş fırçası',
          '16.80|tooth|Water flosser|冲牙器|구강세정기|口腔洗浄器|ไหมขัดฟันพลังน้ำ|Máy tăm nước|Ağız duşu',
          '1.40|lotion-plus|Hand sanitizer|免洗洗手液|손 소독제|ハンドジェル|เจลล้างมือ|Gel rửa tay khô|El dezenfektanı',
          '2.50|face-mask|Face masks|口罩|마스크|マスク|หน้ากากอนามัย|Khẩu trang|Yüz maskesi',
        ],
      },
    ],
  },
  {
    tone: [5, 60],
    names: 'Food & Drinks|食品饮料|식품·음료|食品・飲料|อาหารและเครื่องดื่ม|Thực phẩm & Đồ uống|Gıda ve İçecek',
    children: [
      {
        names: 'Coffee & Tea|咖啡茶饮|커피·차|コーヒー・お茶|กาแฟและชา|Cà phê & Trà|Kahve ve Çay',
        variants: 'pack',
        goods: [
          '6.90|coffee-maker|Arabica coffee beans|阿拉比卡咖啡豆|아라비카 원두|アラビカコーヒー豆|เมล็ดกาแฟอาราบิก้า|Cà phê hạt Arabica|Arabica kahve çekirdeği',
          '3.60|leaf|Green tea|绿茶|녹차|緑茶|ชาเขียว|Trà xanh|Yeşil çay',
          '4.10|coffee|Instant coffee|速溶咖啡|인스턴트 커피|インスタントコーヒー|กาแฟสำเร็จรูป|Cà phê hòa tan|Hazır kahve',
          '5.20|tea|Oolong tea|乌龙茶|우롱차|烏龍茶|ชาอู่หลง|Trà ô long|Oolong çayı',
        ],
      },
      {
        names: 'Snacks|零食|간식|お菓子|ขนม|Đồ ăn vặt|Atıştırmalıklar',
        variants: 'pack',
        goods: [
          '3.40|peanut|Mixed nuts|每日坚果|믹스넛|ミックスナッツ|ถั่วรวม|Hạt dinh dưỡng|Karışık kuruyemiş',
          '2.30|fruit-pear|Dried mango|芒果干|건망고|ドライマンゴー|มะม่วงอบแห้ง|Xoài sấy|Kuru mango',
          '1.90|candy|Dark chocolate|黑巧克力|다크 초콜릿|ダークチョコレート|ดาร์กช็อกโกแลต|Sô cô la đen|Bitter çikolata',
          '1.20|waves|Seaweed snack|海苔零食|김 스낵|海苔スナック|สาหร่ายอบกรอบ|Snack rong biển|Deniz yosunu cipsi',
        ],
      },
      {
        names: 'Pantry|粮油调味|식료품|調味料・食材|ของแห้งและเครื่องปรุง|Gia vị & Thực phẩm khô|Temel gıda',
        variants: 'pack',
        goods: [
          '4.60|rice|Jasmine rice|茉莉香米|자스민 쌀|ジャスミンライス|ข้าวหอมมะลิ|Gạo thơm lài|Yasemin pirinci',
          '1.70|soy-sauce|Fish sauce|鱼露|피시 소스|ナンプラー|น้ำปลา|Nước mắm|Balık sosu',
          '5.90|bottle-tonic|Extra virgin olive oil|特级初榨橄榄油|엑스트라 버진 올리브유|エクストラバージンオリーブオイル|น้ำมันมะกอกเอ็กซ์ตร้าเวอร์จิ้น|Dầu ô liu nguyên chất|Sızma zeytinyağı',
          '4.30|bee|Raw honey|天然蜂蜜|천연 꿀|生はちみつ|น้ำผึ้งแท้|Mật ong nguyên chất|Ham bal',
        ],
      },
    ],
  },
  {
    tone: [255, 50],
    names:
      'Office & Stationery|办公文具|사무·문구|文房具・オフィス|เครื่องเขียนและสำนักงาน|Văn phòng phẩm|Ofis ve Kırtasiye',
    children: [
      {
        names: 'Writing|书写工具|필기구|筆記具|เครื่องเขียน|Bút viết|Yazı gereçleri',
        variants: 'colour',
        goods: [
          '1.50|pen|Gel pen set|中性笔套装|젤펜 세트|ゲルペンセット|ชุดปากกาเจล|Bộ bút gel|Jel kalem seti',
          '6.30|fountain-pen-tip|Fountain pen|钢笔|만년필|万年筆|ปากกาหมึกซึม|Bút máy|Dolma kalem',
          '1.30|marker|Highlighters|荧光笔|형광펜|蛍光ペン|ปากกาเน้นข้อความ|Bút dạ quang|Fosforlu kalem',
          '1.10|pencil|Mechanical pencil|自动铅笔|샤프|シャープペンシル|ดินสอกด|Bút chì kim|Versatil kalem',
        ],
      },
      {
        names: 'Paper|纸品本册|노트·종이|ノート・紙製品|สมุดและกระดาษ|Sổ & Giấy|Defter ve Kağıt',
        variants: 'colour',
        goods: [
          '2.40|notebook|Dotted notebook|点阵笔记本|도트 노트|ドット方眼ノート|สมุดโน้ตลายจุด|Sổ chấm bi|Noktalı defter',
          '0.90|note|Sticky notes|便利贴|포스트잇|付箋|กระดาษโน้ตกาว|Giấy nhớ|Yapışkanlı not',
          '3.70|calendar-week|Weekly planner|周计划本|위클리 플래너|週間手帳|แพลนเนอร์รายสัปดาห์|Sổ kế hoạch tuần|Haftalık planlayıcı',
          '3.20|file-document-multiple|A4 copy paper|A4复印纸|A4 복사용지|A4コピー用紙|กระดาษถ่ายเอกสาร A4|Giấy in A4|A4 fotokopi kağıdı',
        ],
      },
      {
        names:
          'Desk accessories|桌面收纳|데스크 용품|デスク用品|อุปกรณ์บนโต๊ะ|Phụ kiện bàn làm việc|Masa aksesuarları',
        variants: 'colour',
        goods: [
          '4.40|tray-full|Desk organizer|桌面收纳盒|책상 정리함|デスクオーガナイザー|กล่องจัดระเบียบโต๊ะ|Khay để bàn|Masa düzenleyici',
          '8.80|monitor|Monitor stand|显示器支架|모니터 받침대|モニター台|แท่นวางจอ|Kệ màn hình|Monitör standı',
          '7.60|desk-lamp|LED desk lamp|LED台灯|LED 스탠드|LEDデスクライト|โคมไฟตั้งโต๊ะ LED|Đèn bàn LED|LED masa lambası',
          '1.60|mouse|Mouse pad|鼠标垫|마우스 패드|マウスパッド|แผ่นรองเมาส์|Lót chuột|Mouse pad',
        ],
      },
    ],
  },
  {
    tone: [205, 18],
    names: 'Automotive|汽车用品|자동차용품|カー用品|อุปกรณ์รถยนต์|Phụ kiện ô tô|Otomotiv',
    children: [
      {
        names: 'Interior|车内饰品|차량 실내용품|車内用品|อุปกรณ์ภายในรถ|Nội thất ô tô|İç aksesuar',
        variants: 'colour',
        goods: [
          '3.30|cellphone-link|Car phone holder|车载手机支架|차량용 거치대|車載スマホホルダー|ที่วางโทรศัพท์ในรถ|Giá đỡ điện thoại ô tô|Araç telefon tutucu',
          '9.20|car-seat|Seat cushion|汽车坐垫|차량용 방석|シートクッション|เบาะรองนั่งรถยนต์|Đệm ghế ô tô|Koltuk minderi',
          '1.80|pine-tree|Car air freshener|车载香薰|차량용 방향제|車用芳香剤|น้ำหอมปรับอากาศในรถ|Sáp thơm ô tô|Araç kokusu',
          '7.40|car-back|Trunk organizer|后备箱收纳箱|트렁크 정리함|トランク収納ボックス|กล่องจัดระเบียบท้ายรถ|Hộp để đồ cốp xe|Bagaj düzenleyici',
        ],
      },
      {
        names:
          'Car electronics|车载电子|차량용 전자기기|カーエレクトロニクス|อิเล็กทรอนิกส์ในรถยนต์|Điện tử ô tô|Araç elektroniği',
        variants: 'edition',
        goods: [
          '19.90|video|Dash camera|行车记录仪|블랙박스|ドライブレコーダー|กล้องติดรถยนต์|Camera hành trình|Araç kamerası',
          '2.90|power-plug|Car charger|车载充电器|차량용 충전기|カーチャージャー|ที่ชาร์จในรถ|Tẩu sạc ô tô|Araç şarj cihazı',
          '17.40|tire|Tire inflator|车载充气泵|타이어 공기주입기|タイヤ空気入れ|เครื่องเติมลมยาง|Máy bơm lốp|Lastik şişirme pompası',
          '4.60|radio|Bluetooth FM transmitter|蓝牙FM发射器|블루투스 FM 송신기|Bluetooth FMトランスミッター|ตัวส่งสัญญาณ FM บลูทูธ|Bộ phát FM bluetooth|Bluetooth FM verici',
        ],
      },
      {
        names:
          'Care & Cleaning|汽车清洁|세차용품|洗車用品|ทำความสะอาดรถ|Chăm sóc & Vệ sinh xe|Bakım ve Temizlik',
        variants: 'edition',
        goods: [
          '2.60|car-wash|Car wash shampoo|洗车液|카샴푸|カーシャンプー|แชมพูล้างรถ|Nước rửa xe|Oto şampuanı',
          '2.10|paper-roll|Microfiber towels|超细纤维毛巾|극세사 타월|マイクロファイバータオル|ผ้าไมโครไฟเบอร์|Khăn microfiber|Mikrofiber havlu',
          '13.10|vacuum|Handheld vacuum|车载吸尘器|차량용 청소기|ハンディクリーナー|เครื่องดูดฝุ่นในรถ|Máy hút bụi cầm tay|El süpürgesi',
          '3.50|car-windshield|Windshield cover|挡风玻璃遮阳罩|앞유리 커버|フロントガラスカバー|ผ้าคลุมกระจกหน้า|Tấm che kính lái|Ön cam örtüsü',
        ],
      },
    ],
  },
];

/** A product's description in each language, from its kind of goods and its variant. */
const DESCRIPTIONS: Record<Lang, (goods: string, variant: string) => string> = {
  en: (g, v) => `${g}, ${v}. Quality checked by the supplier, ships within 48 hours.`,
  'zh-CN': (g, v) => `${g}，${v}。供应商质检，48小时内发货。`,
  ko: (g, v) => `${g}, ${v}. 공급사 품질 검수 완료, 48시간 이내 출고.`,
  ja: (g, v) => `${g}、${v}。サプライヤー検品済み、48時間以内に発送。`,
  th: (g, v) => `${g} ${v} ผ่านการตรวจสอบคุณภาพจากซัพพลายเออร์ จัดส่งภายใน 48 ชั่วโมง`,
  vi: (g, v) => `${g}, ${v}. Nhà cung cấp đã kiểm tra chất lượng, giao hàng trong 48 giờ.`,
  tr: (g, v) => `${g}, ${v}. Tedarikçi kalite kontrolünden geçti, 48 saat içinde kargoda.`,
};

/** The levels above the base V1 (15%, 50 listings, free), each a step up in margin, quota and price. */
export const DEMO_LEVELS = [
  { rank: 2, name: 'V2', margin_bps: 2_000, quota: 100, price: '199.00' },
  { rank: 3, name: 'V3', margin_bps: 2_500, quota: 300, price: '499.00' },
  { rank: 4, name: 'V4', margin_bps: 3_000, quota: 800, price: '999.00' },
  { rank: 5, name: 'V5', margin_bps: 4_000, quota: 2_000, price: '1999.00' },
] as const;

/** Products whose texts are in all 7 languages (the others: English and Vietnamese). */
const ALL_LANGUAGES_FIRST = 400;

/** A fixed pseudo-random sequence (mulberry32): the same demo every time. */
function sequence(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Drawn in a 960 box and rendered at 640 × 640 (inside the detail size an upload gets): WebP
 * encoding is most of the seed's time, and flat shapes lose nothing at that size. The thumbnail is
 * made from it like an upload's.
 */
const SIDE = 640;
const svgOpen = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}" viewBox="0 0 960 960">`;

/**
 * The icon set the demo draws its goods with: Material Design Icons (`@mdi/svg`, Apache-2.0, by
 * Pictogrammers; docs/catalogue.md "Demo seed" says why this set). It ships one SVG file per icon,
 * each a single path on a 24 × 24 grid; the seed reads the path of each icon it names, offline.
 */
const require = createRequire(import.meta.url);
const ICONS_DIR = path.join(path.dirname(require.resolve('@mdi/svg/package.json')), 'svg');
const ICON_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The path data of one icon of the set (a missing or odd one fails the seed: a typo in `goods`). */
export async function iconPath(name: string): Promise<string> {
  if (!ICON_NAME.test(name)) throw new Error(`seed: not an icon name: ${name}`);
  const svg = await fs.readFile(path.join(ICONS_DIR, `${name}.svg`), 'utf8');
  const paths = [...svg.matchAll(/<path d="([^"]+)"/g)];
  if (paths.length !== 1 || !/^[\d\s.,MLHVCSQTAZmlhvcsqtaz-]+$/.test(paths[0]![1]!))
    throw new Error(`seed: the icon ${name} is not one plain path`);
  return paths[0]![1]!;
}

/**
 * One kind of goods: its icon, large, in its category's dark shade on a disc of a middle shade, on
 * the category's palest shade. Every product of the kind shows it; the category reads from the
 * colour at a glance.
 */
export function kindSvg(icon: string, [hue, sat]: Tone): Buffer {
  return Buffer.from(
    `${svgOpen}<rect width="960" height="960" fill="hsl(${hue},${sat}%,94%)"/>` +
      `<circle cx="480" cy="480" r="340" fill="hsl(${hue},${sat}%,85%)"/>` +
      `<path transform="translate(192 192) scale(24)" d="${icon}" fill="hsl(${hue},${sat}%,30%)"/></svg>`,
  );
}

/** The icon named by a `goods` line (`cost|icon|names…`). */
const iconOf = (line: string): string => line.split('|')[1] ?? '';

const SWATCHES = ['#1f2328', '#f4f4f2', '#2f6fdf', '#d93a3a', '#8a8f98'];

function swatchSvg(colour: string): Buffer {
  return Buffer.from(
    `${svgOpen}<rect width="960" height="960" fill="#eceef1"/>` +
      `<circle cx="480" cy="480" r="300" fill="${colour}" stroke="#c9cdd3" stroke-width="12"/></svg>`,
  );
}

interface Rendered {
  key: string;
  sizes: StoredImageSizes;
  /** The first product to show it takes this key; the others get hard links under keys of their own. */
  taken: boolean;
}

async function render(dir: string, svg: Buffer): Promise<Rendered> {
  // A low WebP effort: flat shapes compress well anyway, and the seed stays fast.
  const pair: ImagePair = await imagePair(sharp(svg), 0);
  const key = newImageKey();
  await writeImagePair(dir, key, pair);
  return { key, sizes: sizesOf(pair), taken: false };
}

export interface SeedCatalogueSummary {
  levels: number;
  categories: number;
  products: number;
  images: number;
}

/**
 * Seeds the demo catalogue into `db` (the demo seed's transaction) and its image files into
 * `<dataDir>/media/products`. Does nothing when there is a category already.
 */
export async function seedCatalogue(
  db: Db,
  now: number,
  dataDir: string,
): Promise<SeedCatalogueSummary | null> {
  if (await db.selectFrom('categories').select('id').limit(1).executeTakeFirst()) return null;
  const dir = productMediaDir(dataDir);

  // The drawings render on sharp's threads while the rows are written: one per kind of goods (in
  // catalogue order) and one per colour.
  const kinds = CATALOGUE.flatMap((parent) =>
    parent.children.flatMap((child) =>
      child.goods.map((line) => ({ tone: parent.tone, icon: iconOf(line) })),
    ),
  );
  const drawings = Promise.all([
    Promise.all(kinds.map(async (kind) => render(dir, kindSvg(await iconPath(kind.icon), kind.tone)))),
    Promise.all(SWATCHES.map((colour) => render(dir, swatchSvg(colour)))),
  ]);
  // Not awaited yet: keep a failure from going unhandled meanwhile (it is thrown when awaited).
  drawings.catch(() => {});

  for (const level of DEMO_LEVELS) {
    await db
      .insertInto('levels')
      .values({ ...level, price: parseMoney(level.price) as number, created_at: now, updated_at: now })
      .execute();
  }

  interface Goods {
    categoryId: number;
    /** Its drawing (index of the kind in catalogue order). */
    drawing: number;
    kind: VariantKind;
    cost: number;
    names: Names;
  }
  const goods: Goods[] = [];
  let sort = 0;
  for (const parent of CATALOGUE) {
    const parentId = await catalogue.insertCategory(
      db,
      { parentId: null, mainLang: 'en', names: names(parent.names), sort: sort++ },
      now,
    );
    for (const child of parent.children) {
      const childId = await catalogue.insertCategory(
        db,
        { parentId, mainLang: 'en', names: names(child.names), sort: sort++ },
        now,
      );
      for (const line of child.goods) {
        const [cost, , ...rest] = line.split('|');
        goods.push({
          categoryId: childId,
          drawing: goods.length,
          kind: child.variants,
          cost: parseMoney(cost as string) as number,
          names: names(rest.join('|')),
        });
      }
    }
  }

  // Variant by variant, so the newest products (listed first) come from every category.
  const random = sequence(20_260_101);
  const products: NewProduct[] = [];
  /** Each product's drawings: its kind's, and its colour's for a colour variant. */
  const drawingsOf: { drawing: number; swatch: number | null }[] = [];
  for (let v = 0; v < 5; v++) {
    for (const g of goods) {
      const index = products.length;
      const variant = names(VARIANTS[g.kind][v] as string);
      const langs = index < ALL_LANGUAGES_FIRST ? ORDER : (['en', 'vi'] as const);
      const texts: ProductText[] = langs.map((lang) => ({
        lang,
        title: `${g.names[lang]} - ${variant[lang]}`,
        description: DESCRIPTIONS[lang](g.names[lang], variant[lang]),
      }));
      const jitter = 0.94 + random() * 0.12;
      const cost = Math.max(
        50,
        Math.round((g.cost * (VARIANT_FACTORS[g.kind][v] as number) * jitter) / 10) * 10,
      );
      const roll = random();
      products.push({
        categoryId: g.categoryId,
        mainLang: 'en',
        texts,
        cost,
        // About 1 in 25 sold out, the rest between 20 and 2,000 units.
        stock: roll < 0.04 ? 0 : 20 + Math.floor(random() * 1_981),
        hot: random() < 0.1,
        active: random() >= 0.015,
      });
      drawingsOf.push({ drawing: g.drawing, swatch: g.kind === 'colour' ? v : null });
    }
  }
  const ids = await catalogue.insertProducts(db, products, now);

  const [kindImages, swatchImages] = await drawings;
  const imagesOf = drawingsOf.map(({ drawing, swatch }) => [
    kindImages[drawing] as Rendered,
    ...(swatch === null ? [] : [swatchImages[swatch] as Rendered]),
  ]);
  const imageRows: Parameters<typeof catalogue.insertImages>[1][number][] = [];
  const links: Promise<void>[] = [];
  ids.forEach((productId, i) => {
    for (const [sortIndex, image] of (imagesOf[i] ?? []).entries()) {
      let key = image.key;
      if (image.taken) {
        key = newImageKey();
        links.push(linkImagePair(dir, image.key, key));
      }
      image.taken = true;
      imageRows.push({ product_id: productId, sort: sortIndex, key, ...image.sizes, created_at: now });
    }
  });
  await Promise.all(links);
  await catalogue.insertImages(db, imageRows);

  return {
    levels: DEMO_LEVELS.length,
    categories: CATALOGUE.length + CATALOGUE.reduce((n, c) => n + c.children.length, 0),
    products: ids.length,
    images: imageRows.length,
  };
}
