import { formatDate } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLang } from '../../../lib/i18n';
import type { Message } from '../api/get-messages';
import { messageDetailPath } from '../paths';
import styles from './messages.module.css';
import { useMessageText } from './notice-text';

/** Who sent it: the platform's own events, or the platform team (an operator's broadcast). */
export function useSenderLabel() {
  const { t } = useTranslation();
  return (sender: Message['sender']) =>
    sender === 'platform' ? t('messages.sender.platform') : t('messages.sender.system');
}

/** One message in the list: a link to its detail, an unread dot, its title, the start of its body, sender and time. */
export function MessageRow({ message }: { message: Message }) {
  const { t } = useTranslation();
  const text = useMessageText()(message);
  const sender = useSenderLabel();
  return (
    <li>
      <Link
        to={messageDetailPath(message.type, message.id)}
        className={styles.row}
        data-read={message.read}
        data-testid="message-row"
      >
        {message.read ? (
          <span className={styles.dotSpacer} aria-hidden="true" />
        ) : (
          <span className={styles.dot} aria-hidden="true" />
        )}
        <span className={styles.text}>
          {!message.read && <span className="visually-hidden">{t('messages.unread')}: </span>}
          <span className={styles.title}>{text.title}</span>
          {text.body !== '' && <span className={styles.snippet}>{text.body.split('\n')[0]}</span>}
          <span className={styles.meta}>
            <span>{sender(message.sender)}</span>
            <time dateTime={message.created_at}>{formatDate(message.created_at, currentLang())}</time>
          </span>
        </span>
      </Link>
    </li>
  );
}
