import { describe, expect, it } from 'vitest';
import { sha256 } from './crypto';
import {
  countryOf,
  deviceKeyOf,
  deviceOf,
  ipHint,
  isLocalAddress,
  USER_AGENT_MAX,
  userAgentOf,
} from './origin';

describe('device words from a user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131 on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131 on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome 131 on iOS',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari 18 on macOS',
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox 133 on Linux',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet 26 on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) coc_coc_browser/130.0.0 Chrome/124.0.0.0 Safari/537.36',
      'Cốc Cốc 130 on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
      'Opera 115 on Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN',
      'WeChat on iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-A515F Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.6723.107 Mobile Safari/537.36 Zalo android/12100594 ZaloTheme/light ZaloLanguage/vn',
      'Zalo on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 6.1; WOW64; Trident/7.0; rv:11.0) like Gecko',
      'Internet Explorer 11 on Windows',
    ],
    // A bare web view names no browser: the system is all there is.
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      'iOS',
    ],
    ['curl/8.5.0', 'curl 8'],
    ['okhttp/4.12.0', 'okhttp 4'],
    ['lightMyRequest', 'lightMyRequest'],
  ])('%s → %s', (ua, device) => {
    expect(deviceOf(ua)).toBe(device);
  });

  it('is null without a user agent, and cuts an unknown long one', () => {
    expect(deviceOf(null)).toBeNull();
    const long = `Mozilla/5.0 (compatible; ${'x'.repeat(100)})`;
    expect(deviceOf(long)).toHaveLength(60);
    expect(deviceOf(long)?.endsWith('…')).toBe(true);
  });

  it('keeps a user agent without control characters, cut at its maximum; none or blank is null', () => {
    expect(userAgentOf(undefined)).toBeNull();
    expect(userAgentOf('   ')).toBeNull();
    expect(userAgentOf('a\u0000b\nc')).toBe('abc');
    expect(userAgentOf(['first', 'second'])).toBe('first');
    expect(userAgentOf('y'.repeat(2000))).toHaveLength(USER_AGENT_MAX);
  });
});

describe('the device key', () => {
  const ua = 'Mozilla/5.0 (Linux; Android 10; K) Chrome/131.0.0.0 Mobile Safari/537.36';

  it("is the app's device id when it is well formed, hashed", () => {
    const id = '0123456789abcdef0123456789abcdef';
    expect(deviceKeyOf(id, ua)).toBe(sha256(`device:${id}`));
    expect(deviceKeyOf(id, null)).toBe(sha256(`device:${id}`));
    expect(deviceKeyOf('A_b-'.repeat(4), ua)).toBe(sha256(`device:${'A_b-'.repeat(4)}`));
    expect(deviceKeyOf('z'.repeat(64), ua)).toBe(sha256(`device:${'z'.repeat(64)}`));
  });

  it('falls back to the user agent when the id is missing or malformed; null with neither', () => {
    for (const bad of [
      undefined,
      '',
      'short',
      'x'.repeat(15),
      'y'.repeat(65),
      'has space in it 123',
      'émoji-not-ascii-1234',
    ])
      expect(deviceKeyOf(bad, ua), String(bad)).toBe(sha256(`ua:${ua}`));
    expect(deviceKeyOf(undefined, null)).toBeNull();
    expect(deviceKeyOf('bad', null)).toBeNull();
  });
});

describe('country and hint of an address', () => {
  it('finds the country of public IPv4 addresses, offline', () => {
    expect(countryOf('8.8.8.8')).toBe('US');
    expect(countryOf('203.113.131.1')).toBe('VN');
    expect(countryOf('49.228.1.1')).toBe('TH');
    expect(countryOf('81.2.69.142')).toBe('GB');
    // As a dual-stack socket reports an IPv4 client.
    expect(countryOf('::ffff:8.8.8.8')).toBe('US');
  });

  it('names no country for local addresses, IPv6, nothing or garbage', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.3.3',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fd12:3456::1',
      '::ffff:192.168.1.1',
      '2001:4860:4860::8888',
      'not an ip',
      '',
    ])
      expect(countryOf(ip), ip).toBeNull();
    expect(countryOf(null)).toBeNull();
  });

  it('tells local addresses', () => {
    expect(isLocalAddress('127.0.0.1')).toBe(true);
    expect(isLocalAddress('::1')).toBe(true);
    expect(isLocalAddress('fe80::1%eth0')).toBe(true);
    expect(isLocalAddress('8.8.8.8')).toBe(false);
    expect(isLocalAddress('2001:4860:4860::8888')).toBe(false);
    expect(isLocalAddress('nonsense')).toBe(false);
  });

  it.each([
    ['203.0.113.7', '203.0.113.x'],
    ['::ffff:203.0.113.7', '203.0.113.x'],
    ['2001:db8:85a3:0:0:8a2e:370:7334', '2001:db8:85a3::x'],
    ['2001:0db8:85a3:08d3:1319:8a2e:0370:7348', '2001:db8:85a3:8d3::x'],
    ['2001:db8::1', '2001:db8::x'],
    ['2001:0:0:1::5', '2001:0:0:1::x'],
    ['fe80::1%eth0', 'fe80::x'],
    ['::1', '::x'],
    ['64:ff9b::192.0.2.33', '64:ff9b::x'],
  ])('hides the end of %s: %s', (ip, hint) => {
    expect(ipHint(ip)).toBe(hint);
  });

  it('has no hint without an address', () => {
    expect(ipHint(null)).toBeNull();
    expect(ipHint('not an ip')).toBeNull();
    expect(ipHint('1.2.3')).toBeNull();
  });
});
