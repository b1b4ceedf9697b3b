import { formatDate, formatNumber } from '@dropdesk/web-kit/format';
import { QrCode } from '@dropdesk/web-kit/react/qr-code';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Amount } from '../../../components/Amount';
import { InfiniteList } from '../../../components/InfiniteList';
import { Page } from '../../../components/Page';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import ui from '../../../components/ui.module.css';
import { copyText } from '../../../lib/clipboard';
import { currentLang } from '../../../lib/i18n';
import { allianceKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { type Coalition, type Member, useCoalition } from '../api/get-coalition';
import styles from '../components/alliance.module.css';

/** A rate in basis points as the reader writes a percentage: 500 → "5%". */
const percent = (bps: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);

/** The merchant's code and link (each copyable, the link as a QR code), the rate and the commission earned. */
function Invite({ info }: { info: Coalition }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const copy = async (text: string) => {
    if (await copyText(text)) toast.success(t('alliance.copied'));
    else toast.fail(t('alliance.copyFailed'));
  };
  return (
    <>
      <section className={ui.card} aria-labelledby="alliance-invite">
        <h2 id="alliance-invite" className={ui.sectionTitle}>
          {t('alliance.invite')}
        </h2>
        <p className={ui.hint}>{t('alliance.inviteText')}</p>
        <p className={styles.label}>{t('alliance.code')}</p>
        <p className={styles.code} data-testid="alliance-code">
          {info.invite_code}
        </p>
        <div className={styles.qr}>
          <QrCode text={info.invite_link} label={t('alliance.qrLabel')} size={168} />
        </div>
        <p className={styles.label}>{t('alliance.link')}</p>
        <p className={styles.link} data-testid="alliance-link">
          {info.invite_link}
        </p>
        <div className={styles.buttons}>
          <button type="button" className={ui.secondaryButton} onClick={() => void copy(info.invite_code)}>
            {t('alliance.copyCode')}
          </button>
          <button type="button" className={ui.button} onClick={() => void copy(info.invite_link)}>
            {t('alliance.copyLink')}
          </button>
        </div>
      </section>
      <section className={ui.card} aria-labelledby="alliance-earnings">
        <h2 id="alliance-earnings" className={ui.sectionTitle}>
          {t('alliance.earnings')}
        </h2>
        <dl className={styles.figures}>
          <div>
            <dt>{t('alliance.members')}</dt>
            <dd data-testid="alliance-members">{formatNumber(info.total, lang)}</dd>
          </div>
          <div>
            <dt>{t('alliance.commissionTotal')}</dt>
            <dd data-testid="alliance-total">
              <Amount value={info.commission_total} />
            </dd>
          </div>
        </dl>
        <p className={ui.hint} data-testid="alliance-rate">
          {info.rate_bps > 0
            ? t('alliance.rate', { rate: percent(info.rate_bps, lang) })
            : t('alliance.noRate')}
        </p>
      </section>
    </>
  );
}

function MemberRow({ member }: { member: Member }) {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <li className={styles.member} data-testid="member">
      <span className={styles.memberName}>{member.name}</span>
      <span className={styles.commission}>
        <Amount value={member.commission} />
      </span>
      <span className={styles.memberMeta}>
        {t('alliance.joined', { date: formatDate(member.registered_at, lang, false) })}
      </span>
      <span className={styles.memberMeta}>{t('alliance.orders', { count: member.orders })}</span>
    </li>
  );
}

/**
 * The alliance: the merchant's invitation code and link (copy, QR), the commission rate and what it
 * has earned, and the members who registered with the code: masked name, registration, orders sold
 * and the commission earned from each.
 */
export default function AllianceScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useCoalition();
  const [busy, setBusy] = useState(false);
  const first = query.data?.pages[0];
  const refresh = async () => {
    setBusy(true);
    try {
      await queryClient.invalidateQueries({ queryKey: allianceKeys.all });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Page title={t('routes.alliance')} right={<RefreshButton onRefresh={() => void refresh()} busy={busy} />}>
      <Refreshable onRefresh={refresh}>
        {first && <Invite info={first} />}
        <section aria-labelledby="alliance-list">
          <h2 id="alliance-list" className={ui.sectionTitle}>
            {t('alliance.memberList')}
          </h2>
          <InfiniteList query={query} empty={t('alliance.noMembers')}>
            {(rows) => (
              <ul className={styles.members}>
                {rows.map((m) => (
                  <MemberRow key={m.id} member={m} />
                ))}
              </ul>
            )}
          </InfiniteList>
        </section>
      </Refreshable>
    </Page>
  );
}
