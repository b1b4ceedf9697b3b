import { countryName } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../lib/i18n';
import type { Session } from '../api/get-sessions';

/** Where a session or an event came from, as the contract gives it (device, country, address hint). */
export type Origin = Pick<Session, 'device' | 'country' | 'ip_hint'>;

export interface OriginWords {
  /** "Chrome 131 on Android", or "Unknown device". */
  device: string;
  /** The country's name in the reader's language ("Vietnam", "เวียดนาม"), or "Unknown place". */
  place: string;
  /** "IP 203.0.113.x", or null when the server has no address. */
  ip: string | null;
}

/** Says an origin in the reader's language: what is unknown is said to be, never left blank. */
export function useOriginWords(): (o: Origin) => OriginWords {
  const { t } = useTranslation();
  const lang = currentLang();
  return (o) => ({
    device: o.device || t('security.unknownDevice'),
    place: o.country ? countryName(o.country, lang) : t('security.unknownPlace'),
    ip: o.ip_hint ? t('security.ip', { ip: o.ip_hint }) : null,
  });
}
