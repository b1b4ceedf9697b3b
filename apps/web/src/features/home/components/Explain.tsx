import type { LATE_PICKUP_HOURS } from '@dropdesk/contract/dashboard';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import type { Dashboard } from '../api/get-dashboard';
import styles from './home.module.css';

/** Popup (antd-mobile) comes with the first sheet opened, not with Home. */
const Sheet = lazy(() => import('./Sheet'));

/**
 * An order picked up later than this after payment costs credit points (the contract's
 * LATE_PICKUP_HOURS; typed from it, so a change there fails the typecheck here: a value import
 * of contract/dashboard would bring zod into Home's chunk).
 */
const LATE_HOURS: typeof LATE_PICKUP_HOURS = 48;

/** The figures Home explains in a sheet rather than in a screen of their own. */
export type Explained = 'credit' | 'followers';

/** The id of the button that opens an explanation: focus goes back to it when the sheet closes. */
export const explainerId = (which: Explained) => `home-explain-${which}`;

/** The credit score: 100 minus each penalty over the window, with the merchant's own counts. */
function CreditExplained({ credit }: { credit: Dashboard['credit'] }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const n = (v: number) => formatNumber(v, lang);
  const late = credit.late_pickups * credit.penalties.late_pickup;
  const lost = credit.refunds_lost * credit.penalties.refund_lost;
  return (
    <>
      <p className={styles.sheetText}>
        {t('home.credit.explain', { base: n(credit.base), days: n(credit.window_days) })}
      </p>
      <table className={styles.sums} data-testid="credit-sums">
        <caption className="visually-hidden">{t('home.credit.sums')}</caption>
        <tbody>
          <tr>
            <th scope="row">{t('home.credit.base')}</th>
            <td>{n(credit.base)}</td>
          </tr>
          <tr>
            <th scope="row">
              {t('home.credit.latePickups', { hours: n(LATE_HOURS) })}
              <br />
              <span className={styles.sub}>
                {t('home.credit.times', {
                  events: n(credit.late_pickups),
                  points: n(credit.penalties.late_pickup),
                })}
              </span>
            </th>
            <td>{n(-late)}</td>
          </tr>
          <tr>
            <th scope="row">
              {t('home.credit.refundsLost')}
              <br />
              <span className={styles.sub}>
                {t('home.credit.times', {
                  events: n(credit.refunds_lost),
                  points: n(credit.penalties.refund_lost),
                })}
              </span>
            </th>
            <td>{n(-lost)}</td>
          </tr>
          <tr>
            <th scope="row">{t('home.credit.score')}</th>
            <td>{n(credit.score)}</td>
          </tr>
        </tbody>
      </table>
      <p className={styles.sheetText}>{t('home.credit.tip', { hours: n(LATE_HOURS) })}</p>
    </>
  );
}

/**
 * The sheet explaining the credit score or the followers: `explain(which)` opens it; render `sheet`
 * once, outside the pull-to-refresh (which draws its content again once loaded), so it stays open.
 */
export function useExplainSheet(data: Dashboard | undefined) {
  const { t } = useTranslation();
  const n = (v: number) => formatNumber(v, currentLang());
  const [open, setOpen] = useState(false);
  const [explained, setExplained] = useState<Explained | null>(null);
  const explain = (which: Explained) => {
    setExplained(which);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    if (explained) document.getElementById(explainerId(explained))?.focus();
  };
  const sheet =
    explained && data ? (
      <Suspense fallback={null}>
        <Sheet
          visible={open}
          onClose={close}
          title={
            explained === 'credit'
              ? t('home.credit.title', { score: n(data.credit.score) })
              : t('home.followers.title')
          }
        >
          {explained === 'credit' ? (
            <CreditExplained credit={data.credit} />
          ) : (
            <>
              <p className={styles.sheetText}>
                {t('home.followers.count', { count: data.followers, n: n(data.followers) })}
              </p>
              <p className={styles.sheetText}>{t('home.followers.explain')}</p>
            </>
          )}
        </Sheet>
      </Suspense>
    ) : null;
  return { explain, sheet };
}
