import * as reportsPaths from '@dropdesk/contract/paths/reports';
import type { reportsRoutes, StatementFormat } from '@dropdesk/contract/reports';
import { STATEMENT_FORMATS } from '@dropdesk/contract/reports';
import Popup from 'antd-mobile/es/components/popup';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../components/Refreshable';
import sheet from '../../../components/sheet.module.css';
import ui from '../../../components/ui.module.css';
import { ApiError, download } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import styles from '../screens/reports.module.css';

type Preset = 'month' | 'lastMonth' | 'year' | 'custom';
const PRESETS: readonly Preset[] = ['month', 'lastMonth', 'year', 'custom'];
/** File types are called by their names in every language. */
const FORMAT_NAMES: Record<StatementFormat, string> = { pdf: 'PDF', csv: 'CSV', json: 'JSON' };

/** A day of the merchant's calendar, YYYY-MM-DD, as its time zone reads `at`. */
export function dayIn(timeZone: string | undefined, at = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** The first and last day of a preset period, ending today at the latest. */
export function periodOf(preset: Exclude<Preset, 'custom'>, today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const pad = (n: number) => String(n).padStart(2, '0');
  if (preset === 'month') return { from: `${y}-${pad(m)}-01`, to: today };
  if (preset === 'year') return { from: `${y}-01-01`, to: today };
  const first = m === 1 ? { y: y - 1, m: 12 } : { y, m: m - 1 };
  const last = new Date(Date.UTC(first.y, first.m, 0)).getUTCDate();
  return { from: `${first.y}-${pad(first.m)}-01`, to: `${first.y}-${pad(first.m)}-${pad(last)}` };
}

/**
 * The statement form: a period (this month, last month, this year, or two days of the merchant's
 * calendar), a form (PDF to read, CSV for a spreadsheet, JSON for the Verify page), and the
 * download, which the browser saves under the server's file name. A refused period says why under
 * its field, in the server's words.
 */
function StatementForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const presets: Record<Preset, string> = {
    month: t('statement.preset.month'),
    lastMonth: t('statement.preset.lastMonth'),
    year: t('statement.preset.year'),
    custom: t('statement.preset.custom'),
  };
  const formatHints: Record<StatementFormat, string> = {
    pdf: t('statement.formatHint.pdf'),
    csv: t('statement.formatHint.csv'),
    json: t('statement.formatHint.json'),
  };
  const dayLabels = { from: t('statement.from'), to: t('statement.to') };
  const id = useId();
  // The merchant's calendar: its time zone as the session knows it (the app refreshes it on start).
  const merinfo = useSession((s) => s.merinfo);
  const today = dayIn(merinfo?.time_zone);
  const [preset, setPreset] = useState<Preset>('month');
  const [custom, setCustom] = useState(() => periodOf('month', today));
  const [format, setFormat] = useState<StatementFormat>('pdf');
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const period = preset === 'custom' ? custom : periodOf(preset, today);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFields({});
    try {
      const name = await download<typeof reportsRoutes.statement>(reportsPaths.statement, {
        query: { ...period, format },
        quiet: true,
      });
      toast.success(t('statement.saved', { name }));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setFields(error.fields);
      else toast.fail(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const dayField = (key: 'from' | 'to') => (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={`${id}-${key}`}>
        {dayLabels[key]}
      </label>
      <input
        id={`${id}-${key}`}
        type="date"
        className={ui.input}
        value={custom[key]}
        max={today}
        required
        onChange={(e) => setCustom((c) => ({ ...c, [key]: e.target.value }))}
        aria-invalid={fields[key] ? true : undefined}
        aria-describedby={fields[key] ? `${id}-${key}-error` : undefined}
      />
      {fields[key] && (
        <p id={`${id}-${key}-error`} className={ui.error} role="alert">
          {fields[key]}
        </p>
      )}
    </div>
  );

  return (
    <form className={sheet.form} onSubmit={submit} noValidate>
      <h2 className={sheet.formTitle}>{t('statement.title')}</h2>
      <fieldset className={styles.statementChoices}>
        <legend className={ui.label}>{t('statement.period')}</legend>
        {PRESETS.map((p) => (
          <button
            key={p}
            type="button"
            className={ui.chip}
            aria-pressed={p === preset}
            onClick={() => setPreset(p)}
          >
            {presets[p]}
          </button>
        ))}
      </fieldset>
      {preset === 'custom' ? (
        <div className={styles.statementDays}>
          {dayField('from')}
          {dayField('to')}
        </div>
      ) : (
        <p className={ui.hint} data-testid="statement-period">
          {t('statement.days', period)}
        </p>
      )}
      {preset !== 'custom' && (fields.from || fields.to) && (
        <p className={ui.error} role="alert">
          {fields.to ?? fields.from}
        </p>
      )}
      <fieldset className={styles.statementChoices}>
        <legend className={ui.label}>{t('statement.format')}</legend>
        {STATEMENT_FORMATS.map((f) => (
          <button
            key={f}
            type="button"
            className={ui.chip}
            aria-pressed={f === format}
            onClick={() => setFormat(f)}
          >
            {FORMAT_NAMES[f]}
          </button>
        ))}
      </fieldset>
      <p className={ui.hint}>{formatHints[format]}</p>
      <p className={ui.hint}>{t('statement.languageHint')}</p>
      <button type="submit" className={ui.button} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('statement.preparing') : t('statement.download')}
      </button>
      <button type="button" className={ui.link} onClick={onDone}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

/**
 * The statement's button in a screen's header (Finance, whose page stays within two screens): a
 * download arrow named "Download statement".
 */
export function StatementButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <IconButton
      label={t('statement.open')}
      d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14"
      onClick={onClick}
    />
  );
}

/** The statement sheet: `open()` shows it; render `sheet` once on the screen. */
export function useStatementSheet() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [n, setN] = useState(0);
  const open = () => {
    setN((k) => k + 1);
    setVisible(true);
  };
  const close = () => setVisible(false);
  const element = (
    <Popup visible={visible} onMaskClick={close} destroyOnClose bodyClassName={sheet.sheet}>
      <div role="dialog" aria-label={t('statement.title')}>
        <StatementForm key={n} onDone={close} />
      </div>
    </Popup>
  );
  return { open, sheet: element };
}
