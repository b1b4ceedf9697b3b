import type { MessageType } from '@dropdesk/contract/messages';
import { formatDate } from '@dropdesk/web-kit/format';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import { ServiceLink } from '../../../components/ServiceLink';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import { type MessageDetail, useMessage } from '../api/get-message';
import { useSeeMessages } from '../api/see-messages';
import { useMessageTarget } from '../components/links';
import { useSenderLabel } from '../components/MessageRow';
import styles from '../components/messages.module.css';
import { useMessageText } from '../components/notice-text';
import { messageTabPath } from '../paths';

/** `?type=system|notice&id=12`: a message is named by both (ids are unique within a type). */
function addressOf(params: URLSearchParams): { type: MessageType; id: number } | null {
  const type = params.get('type') ?? 'notice';
  const id = Number(params.get('id'));
  if ((type !== 'system' && type !== 'notice') || !Number.isSafeInteger(id) || id < 1) return null;
  return { type, id };
}

/**
 * One message: its title (a notice's sentence in the reader's language), sender and time, the body
 * (an operator's plain text, line breaks kept), a notice's reason or note, and a link to what it is
 * about (an order's detail, the refund requests...); a late withdrawal's notice leads to customer
 * service first. Opening an unread message marks it read.
 */
export default function MessageDetailScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const address = addressOf(params);
  return (
    <Page title={t('routes.messageDetail')}>
      {address ? <Detail {...address} /> : <p className={ui.center}>{t('messages.notFound')}</p>}
    </Page>
  );
}

function Detail({ type, id }: { type: MessageType; id: number }) {
  const query = useMessage(type, id);
  const { mutate: see } = useSeeMessages();
  // Marked once per message opened; the answer refreshes the lists and the badge.
  const marked = useRef<string | null>(null);
  const unread = query.data !== undefined && !query.data.read;
  useEffect(() => {
    const key = `${type}-${id}`;
    if (!unread || marked.current === key) return;
    marked.current = key;
    see({ body: { type, ids: [id] }, quiet: true });
  }, [unread, type, id, see]);
  return <QueryState query={query}>{(m) => <MessageView message={m} />}</QueryState>;
}

function MessageView({ message }: { message: MessageDetail }) {
  const { t } = useTranslation();
  const text = useMessageText()(message);
  const target = useMessageTarget()(message);
  const sender = useSenderLabel();
  // A withdrawal late past its promise: customer service first, who can tell where it stands.
  const askService = message.kind === 'withdrawal_late';
  return (
    <article className={ui.card} aria-labelledby="message-title">
      <h2 id="message-title" className={styles.detailTitle}>
        {text.title}
      </h2>
      <p className={styles.meta}>
        <span>
          {t('messages.from')}: {sender(message.sender)}
        </span>
        <time dateTime={message.created_at}>{formatDate(message.created_at, currentLang())}</time>
      </p>
      {text.body !== '' && (
        <p className={styles.body} data-testid="message-body">
          {text.body}
        </p>
      )}
      {(text.reason || text.note) && (
        <dl className={styles.facts}>
          {text.reason && (
            <div>
              <dt>{t('messages.reason')}</dt>
              <dd data-testid="message-reason">{text.reason}</dd>
            </div>
          )}
          {text.note && (
            <div>
              <dt>{t('messages.note')}</dt>
              <dd data-testid="message-note">{text.note}</dd>
            </div>
          )}
        </dl>
      )}
      <div className={askService ? styles.actionStack : styles.actions}>
        {askService && <ServiceLink className={ui.button} />}
        {target ? (
          <Link
            to={target.to}
            className={askService ? `${ui.secondaryButton} ${styles.secondaryAction}` : ui.button}
          >
            {target.label}
          </Link>
        ) : (
          <Link to={messageTabPath(message.type)} className={ui.link}>
            {t('messages.backToList')}
          </Link>
        )}
      </div>
    </article>
  );
}
