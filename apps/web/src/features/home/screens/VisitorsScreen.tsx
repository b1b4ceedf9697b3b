import { formatNumber } from '@dropdesk/web-kit/format';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import { Refreshable, RefreshButton } from '../../../components/Refreshable';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import { useVisits } from '../api/get-visits';
import { longDay } from '../components/dates';
import styles from '../components/home.module.css';
import { homePaths, VISIT_DAY_CHOICES, type VisitDays } from '../paths';

/** The days in the address (`?days=7`); anything else is 30, the contract's default. */
function daysOf(param: string | null): VisitDays {
  const n = Number(param);
  return VISIT_DAY_CHOICES.includes(n as VisitDays) ? (n as VisitDays) : 30;
}

/**
 * What Home's visitors figures are made of: the shop's distinct visitors per day (one storefront
 * visit row each), newest day first, over the last 7, 30 or 90 days (kept in `?days=`).
 */
export default function VisitorsScreen() {
  const { t } = useTranslation();
  const lang = currentLang();
  const [params, setParams] = useSearchParams();
  const days = daysOf(params.get('days'));
  const q = useVisits(days);
  const labels: Record<VisitDays, string> = {
    7: t('home.visits.days7'),
    30: t('home.visits.days30'),
    90: t('home.visits.days90'),
  };
  const choose = (next: VisitDays) =>
    setParams({ days: String(next) }, { replace: true, preventScrollReset: true });
  return (
    <Page
      title={t('routes.visitors')}
      tabRoot={homePaths.home}
      right={<RefreshButton onRefresh={() => void q.refetch()} busy={q.isFetching} />}
    >
      <fieldset className={ui.chipRow}>
        <legend className="visually-hidden">{t('home.visits.range')}</legend>
        {VISIT_DAY_CHOICES.map((d) => (
          <button
            key={d}
            type="button"
            className={ui.chip}
            aria-pressed={d === days}
            onClick={() => choose(d)}
          >
            {labels[d]}
          </button>
        ))}
      </fieldset>
      <Refreshable onRefresh={() => q.refetch()}>
        <QueryState query={q}>
          {(data) => {
            const total = data.list.reduce((s, d) => s + d.visitors, 0);
            return (
              <div className={q.isPlaceholderData ? styles.busy : undefined} aria-busy={q.isPlaceholderData}>
                <p className={styles.total} data-testid="visits-total">
                  {t('home.visits.total', { count: total, n: formatNumber(total, lang) })}
                </p>
                <p className={styles.total}>{t('home.visits.explain')}</p>
                {data.list.length === 0 ? (
                  <p className={ui.center}>{t('home.visits.empty')}</p>
                ) : (
                  <ul className={styles.rows} aria-label={labels[days]}>
                    {data.list.map((d) => (
                      <li key={d.date} className={styles.rowItem} data-testid="visit-day">
                        <span>{longDay(d.date, lang)}</span>
                        <strong>
                          {t('home.visits.count', { count: d.visitors, n: formatNumber(d.visitors, lang) })}
                        </strong>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          }}
        </QueryState>
      </Refreshable>
    </Page>
  );
}
