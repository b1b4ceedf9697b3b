import type { SecurityEventKind } from '@dropdesk/contract/security';
import { useTranslation } from 'react-i18next';
import type { SecurityEvent } from '../api/get-events';

type Params = SecurityEvent['params'];

/** A text param, when the event carries a non-empty one. */
function textParam(params: Params, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A count param, as a number (a numeric text too), when the event carries one. */
function countParam(params: Params, name: string): number | undefined {
  const value = Number(params[name]);
  return params[name] !== undefined && params[name] !== '' && Number.isInteger(value) ? value : undefined;
}

/**
 * What each kind of security event says, as a sentence in the reader's language. One literal key
 * per kind (the i18n check reads them); a kind added to the contract fails to compile here until
 * it has its sentence.
 */
export function useEventSentence(): (event: SecurityEvent) => string {
  const { t } = useTranslation();
  const sentences = {
    sign_in: () => t('security.event.signIn'),
    sign_in_new_device: () => t('security.event.signInNewDevice'),
    sign_out: () => t('security.event.signOut'),
    session_signed_out: (p: Params) => {
      const device = textParam(p, 'device');
      return device
        ? t('security.event.sessionSignedOut', { device })
        : t('security.event.sessionSignedOutUnknown');
    },
    other_sessions_signed_out: (p: Params) => {
      const count = countParam(p, 'count');
      return count === undefined
        ? t('security.event.otherSessionsSignedOutAll')
        : t('security.event.otherSessionsSignedOut', { count });
    },
    login_password_changed: () => t('security.event.loginPasswordChanged'),
    pay_password_set: () => t('security.event.payPasswordSet'),
    pay_password_changed: () => t('security.event.payPasswordChanged'),
    bank_card_changed: () => t('security.event.bankCardChanged'),
    withdraw_address_changed: () => t('security.event.withdrawAddressChanged'),
  } satisfies Record<SecurityEventKind, (p: Params) => string>;
  // A kind from a newer server than this app: said in general rather than not at all.
  return (event) =>
    Object.hasOwn(sentences, event.kind) ? sentences[event.kind](event.params) : t('security.event.other');
}
