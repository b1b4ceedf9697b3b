import type { Lang } from '@dropdesk/contract/constants';
import type { Settlement } from '@dropdesk/contract/orders';
import type { ReportRange } from '@dropdesk/contract/reports';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import type { OrderFilters as Filters } from '../api/get-orders';
import { useSettlementLabel } from './labels';
import styles from './orders.module.css';

/** The contract's orderKeywordField: at most 60 characters. */
export const KEYWORD_MAX = 60;
/** The contract's SETTLEMENT values (none, pending, settled), in order; a value import would bring zod. */
const SETTLEMENTS = [0, 1, 2] as const satisfies readonly Settlement[];
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A YYYY-MM-DD that is a day of the calendar (the contract's paid_day: 2026-02-30 is none). */
function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const [y = 0, m = 0, d = 0] = value.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** What the order list's address says beside the status tab (`?keyword=&settlement=&sold=1&paid_day=`...). */
export type ListFilters = Omit<Filters, 'status'>;
/** The finance report's periods (contract REPORT_RANGES; a value import of contract/reports brings zod). */
const RANGES = ['all', 'yesterday', 'today', 'week', 'month'] as const satisfies readonly ReportRange[];
/** The filters of the address that remove themselves as chips (the figures' filters). */
export type ChipFilter = 'sold' | 'paid' | 'paid_day' | 'paid_range' | 'refunded' | 'in_escrow';

/**
 * The filters in the address; what the server would refuse (a settlement that is not one, a day
 * that is no YYYY-MM-DD, a keyword over 60 characters) is left out rather than sent.
 */
export function filtersOf(params: URLSearchParams): ListFilters {
  const keyword = params.get('keyword')?.trim().slice(0, KEYWORD_MAX) || undefined;
  const s = params.get('settlement');
  const settlement = SETTLEMENTS.find((v) => String(v) === s);
  const paidDay = params.get('paid_day') ?? '';
  const range = RANGES.find((r) => r === params.get('paid_range'));
  return {
    keyword,
    settlement,
    sold: params.get('sold') === '1' || undefined,
    paid_day: isDay(paidDay) ? paidDay : undefined,
    paid: params.get('paid') === '1' || undefined,
    paid_range: range,
    refunded: params.get('refunded') === '1' || undefined,
    in_escrow: params.get('in_escrow') === '1' || undefined,
  };
}

export const hasFilters = (f: ListFilters) =>
  f.keyword !== undefined ||
  f.settlement !== undefined ||
  f.sold === true ||
  f.paid_day !== undefined ||
  f.paid === true ||
  f.paid_range !== undefined ||
  f.refunded === true ||
  f.in_escrow === true;

/** A YYYY-MM-DD day of the merchant's zone, as that calendar day ("Nov 22, 2026"). */
function dayInWords(day: string, lang: Lang): string {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

interface Props {
  filters: ListFilters;
  /** Sets (a value) or removes (undefined) filters in the address; other parameters stay. */
  onChange: (next: Partial<Record<'keyword' | 'settlement' | ChipFilter, string | undefined>>) => void;
}

/**
 * The order list's search (order number or product title), its settlement filter, and Home's
 * filters (sold orders, paid on a day) as chips that remove themselves. Everything lives in the
 * address, so back and forward, a reload and Home's links open the same list.
 */
export function OrderFilters({ filters, onChange }: Props) {
  const { t } = useTranslation();
  const lang = currentLang();
  const settlementLabel = useSettlementLabel();
  const id = useId();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const value = String(new FormData(e.currentTarget).get('keyword') ?? '').trim();
    onChange({ keyword: value || undefined });
  };
  const ranges: Record<ReportRange, string> = {
    all: t('finance.range.all'),
    yesterday: t('finance.range.yesterday'),
    today: t('finance.range.today'),
    week: t('finance.range.week'),
    month: t('finance.range.month'),
  };
  const chips: { key: ChipFilter; label: string }[] = [];
  if (filters.sold) chips.push({ key: 'sold', label: t('orders.filter.sold') });
  if (filters.paid) chips.push({ key: 'paid', label: t('orders.filter.paid') });
  if (filters.refunded) chips.push({ key: 'refunded', label: t('orders.filter.refunded') });
  if (filters.in_escrow) chips.push({ key: 'in_escrow', label: t('orders.filter.inEscrow') });
  if (filters.paid_day)
    chips.push({
      key: 'paid_day',
      label: t('orders.filter.paidOn', { date: dayInWords(filters.paid_day, lang) }),
    });
  if (filters.paid_range)
    chips.push({
      key: 'paid_range',
      label: t('orders.filter.paidRange', { range: ranges[filters.paid_range] }),
    });

  return (
    <div className={styles.filters}>
      {/* Keyed by the keyword, so back and forward put the address's keyword back in the box. */}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is newer than some phones we serve (Chrome 118, Safari 17). */}
      <form key={filters.keyword ?? ''} role="search" className={styles.search} onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {t('orders.search.label')}
        </label>
        <input
          id={id}
          name="keyword"
          type="search"
          className={ui.input}
          defaultValue={filters.keyword ?? ''}
          placeholder={t('orders.search.placeholder')}
          maxLength={KEYWORD_MAX}
          enterKeyHint="search"
        />
        <button type="submit" className={ui.secondaryButton}>
          {t('orders.search.submit')}
        </button>
      </form>
      <fieldset className={`${ui.chipRow} ${ui.chipRowSmall}`} data-testid="settlement-filter">
        <legend className="visually-hidden">{t('orders.filter.settlement')}</legend>
        <button
          type="button"
          className={ui.chip}
          aria-pressed={filters.settlement === undefined}
          onClick={() => onChange({ settlement: undefined })}
        >
          {t('orders.filter.anySettlement')}
        </button>
        {SETTLEMENTS.map((s) => (
          <button
            key={s}
            type="button"
            className={ui.chip}
            aria-pressed={filters.settlement === s}
            onClick={() => onChange({ settlement: String(s) })}
          >
            {settlementLabel(s)}
          </button>
        ))}
      </fieldset>
      {(chips.length > 0 || filters.keyword) && (
        <ul className={styles.activeFilters} aria-label={t('orders.filter.active')}>
          {filters.keyword && (
            <li>
              <button
                type="button"
                className={styles.removable}
                onClick={() => onChange({ keyword: undefined })}
                aria-label={t('orders.filter.remove', { filter: `“${filters.keyword}”` })}
              >
                “{filters.keyword}” <span aria-hidden="true">×</span>
              </button>
            </li>
          )}
          {chips.map((c) => (
            <li key={c.key}>
              <button
                type="button"
                className={styles.removable}
                onClick={() => onChange({ [c.key]: undefined })}
                aria-label={t('orders.filter.remove', { filter: c.label })}
                data-testid={`filter-${c.key}`}
              >
                {c.label} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
