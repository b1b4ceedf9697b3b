import type { Lang } from '@dropdesk/contract/constants';

function part(zone: string, lang: Lang, style: Intl.DateTimeFormatOptions['timeZoneName'], at: Date) {
  try {
    return new Intl.DateTimeFormat(lang, { timeZone: zone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/** The city of an IANA zone as the zone spells it ("Asia/Ho_Chi_Minh" → "Ho Chi Minh"); none for "UTC". */
export function zoneCity(zone: string): string | undefined {
  const slash = zone.lastIndexOf('/');
  return slash < 0 ? undefined : zone.slice(slash + 1).replaceAll('_', ' ');
}

/**
 * An IANA zone in words in the reader's language, with its city and offset: "Indochina Time
 * (Ho Chi Minh, GMT+07:00)", "Giờ Đông Dương (Ho Chi Minh, GMT+07:00)", "Coordinated Universal Time".
 * Intl names the zone (`longGeneric`, or `long` where a runtime lacks it); the city is the zone's
 * own, since Intl has no city names. An id Intl does not know is shown as it is.
 */
export function zoneInWords(zone: string, lang: Lang, at = new Date()): string {
  const offset = part(zone, lang, 'longOffset', at);
  // Where Intl has no generic name it gives the offset again ("GMT+00:00" for UTC): ask for `long`.
  const generic = part(zone, lang, 'longGeneric', at);
  const name = generic && generic !== offset ? generic : (part(zone, lang, 'long', at) ?? generic);
  if (!name) return zone;
  const city = zoneCity(zone);
  const details = [city, offset && offset !== name ? offset : undefined].filter(Boolean);
  return details.length > 0 ? `${name} (${details.join(', ')})` : name;
}

/** The id Intl settles an alias on ("Asia/Ho_Chi_Minh" and "Asia/Saigon" are one zone). */
function canonical(zone: string): string {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
}

/**
 * The zones this browser knows (IANA ids), for a picker, with `current` in place of its alias:
 * browsers list some zones by an older name (Chromium gives "Asia/Saigon" for "Asia/Ho_Chi_Minh").
 */
export function knownZones(current?: string): string[] {
  const intl = Intl as { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  const listed = zones.includes('UTC') ? zones : ['UTC', ...zones];
  if (!current || listed.includes(current)) return listed;
  const same = canonical(current);
  const at = listed.findIndex((z) => z === same || canonical(z) === same);
  return at < 0 ? [current, ...listed] : listed.map((z, i) => (i === at ? current : z));
}
