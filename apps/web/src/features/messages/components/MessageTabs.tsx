import { MESSAGE_TYPES, type MessageType } from '@dropdesk/contract/messages';
import { formatNumber } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import type { UnreadMessages } from '../../../lib/api/get-unread-messages';
import { currentLang } from '../../../lib/i18n';
import styles from './messages.module.css';

/**
 * The two tabs, system messages and notices, each with its count of unread messages while it holds
 * any (a red pill beside the name; "N unread" in the button's name for screen readers). `value` is
 * unset while the screen decides which tab to open.
 */
export function MessageTabs({
  value,
  onChange,
  unread,
}: {
  value: MessageType | undefined;
  onChange: (type: MessageType) => void;
  unread: UnreadMessages | undefined;
}) {
  const { t } = useTranslation();
  const label = (type: MessageType) =>
    type === 'system' ? t('messages.tab.system') : t('messages.tab.notice');
  return (
    <fieldset className={ui.chipRow} data-testid="message-tabs">
      <legend className="visually-hidden">{t('messages.tabs')}</legend>
      {MESSAGE_TYPES.map((type) => {
        const n = unread?.[type] ?? 0;
        return (
          <button
            key={type}
            type="button"
            className={ui.chip}
            aria-pressed={type === value}
            onClick={() => onChange(type)}
          >
            {label(type)}
            {n > 0 && (
              <>
                <span className={styles.tabCount} aria-hidden="true" data-testid={`unread-${type}`}>
                  {formatNumber(n, currentLang())}
                </span>
                <span className="visually-hidden">
                  {' '}
                  {t('messages.unreadCount', { n: formatNumber(n, currentLang()) })}
                </span>
              </>
            )}
          </button>
        );
      })}
    </fieldset>
  );
}
