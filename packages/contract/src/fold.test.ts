import { describe, expect, it } from 'vitest';
import { foldedIncludes, foldText } from './fold';

describe('foldText: what every search compares', () => {
  it('folds case and Vietnamese accents, đ included', () => {
    expect(foldText('Việt Nam')).toBe('viet nam');
    expect(foldText('VIỆT')).toBe('viet');
    expect(foldText('Điện thoại')).toBe('dien thoai');
    expect(foldText('ĐỒNG HỒ đeo tay')).toBe('dong ho deo tay');
    expect(foldText('Nguyễn Thị Hương')).toBe('nguyen thi huong');
  });

  it('reads the same whether the text came composed or decomposed', () => {
    const composed = 'Việt'.normalize('NFC');
    const decomposed = 'Việt'.normalize('NFD');
    expect(composed).not.toBe(decomposed);
    expect(foldText(composed)).toBe(foldText(decomposed));
  });

  it('folds the other Latin scripts of the platform: Turkish, and letters with a stroke', () => {
    expect(foldText('İSTANBUL')).toBe('istanbul');
    expect(foldText('Işık')).toBe('isik');
    expect(foldText('Çağrı Güneş Öğüt')).toBe('cagri gunes ogut');
    expect(foldText('Straße Øre Łódź Æble Œuvre Þór')).toBe('strasse ore lodz aeble oeuvre thor');
    expect(foldText('Ｖｉｅｔ ﬁne')).toBe('viet fine');
  });

  it('keeps the marks that make Thai, Japanese and Korean words what they are', () => {
    expect(foldText('ไม้กวาด')).toBe('ไม้กวาด');
    expect(foldText('ปิด')).not.toBe(foldText('ปด'));
    expect(foldText('ガラス')).toBe('ガラス');
    expect(foldText('がらす')).not.toBe(foldText('からす'));
    expect(foldText('ｶﾞﾗｽ')).toBe('ガラス');
    expect(foldText('블루투스 이어폰')).toBe('블루투스 이어폰');
    expect(foldText('无线蓝牙耳机')).toBe('无线蓝牙耳机');
  });

  it('is idempotent: folding a folded text changes nothing', () => {
    for (const s of ['Việt Nam', 'İstanbul', 'Straße', 'ไม้กวาด', 'ガラス', 'Điện thoại'])
      expect(foldText(foldText(s))).toBe(foldText(s));
  });

  it('foldedIncludes: "Viet", "viet", "VIỆT" all find Việt Nam; "dien thoai" finds Điện thoại', () => {
    for (const q of ['Viet', 'viet', 'VIỆT', 'việt', 'et n'])
      expect(foldedIncludes('Việt Nam', q)).toBe(true);
    expect(foldedIncludes('Điện thoại thông minh', 'dien thoai')).toBe(true);
    expect(foldedIncludes('Việt Nam', 'Thái')).toBe(false);
  });
});
