import { levelUpgradeBody, sellingPrice } from '@dropdesk/contract/catalogue';
import { formatDate, formatNumber } from '@dropdesk/web-kit/format';
import Popup from 'antd-mobile/es/components/popup';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Amount, useFormatAmount } from '../../../components/Amount';
import { FormPayPassword } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import list from '../../../components/list.module.css';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import sheet from '../../../components/sheet.module.css';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { currentLang } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { type LevelInfo, useLevel } from '../api/get-level';
import { useUpgradeLevel } from '../api/upgrade-level';
import styles from '../components/catalogue.module.css';
import { formatBps } from '../components/percent';
import { cataloguePaths } from '../paths';

type Level = LevelInfo['levels'][number];

/** The cost an example profit is shown on: 100.00 in minor units. */
const EXAMPLE_COST = 10_000;

/** The payment password sheet: pays the next level from the balance. */
function UpgradeForm({ next, onDone }: { next: Level; onDone: () => void }) {
  const { t } = useTranslation();
  const upgrade = useUpgradeLevel();
  const form = useContractForm(levelUpgradeBody, { defaultValues: { level_id: next.id, pay_password: '' } });
  // One key per attempt: a second tap, or a retry after an answer that never arrived, sends the same
  // body with the same key and gets the first answer. A new body, a new opening of the sheet, or a
  // refusal (an answer: the merchant tops up or retypes, and tries again) makes a new attempt.
  const attempt = useRef<{ sig: string; key: string } | null>(null);
  const refusedWith = form.formState.errors.root?.server?.type;

  const onSubmit = form.submit(async (body) => {
    const sig = JSON.stringify(body);
    if (attempt.current?.sig !== sig) attempt.current = { sig, key: crypto.randomUUID() };
    try {
      const { current } = await upgrade.mutateAsync({ body, idempotencyKey: attempt.current.key });
      toast.success(t('level.upgraded', { level: current.name }));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'refused') attempt.current = null;
      // A payment password is typed again after any refusal.
      form.setValue('pay_password', '');
      throw error;
    }
  });

  return (
    <form className={sheet.form} onSubmit={onSubmit} noValidate aria-labelledby="upgrade-title">
      <h2 id="upgrade-title" className={sheet.formTitle}>
        {t('level.upgradeTo', { level: next.name })}
      </h2>
      <p className={ui.hint}>
        {t('level.payFromBalance')}{' '}
        <strong data-testid="upgrade-price">
          <Amount value={next.price} />
        </strong>
      </p>
      <FormPayPassword
        control={form.control}
        name="pay_password"
        label={t('level.payPassword')}
        testId="level-pay-password"
      />
      <SubmitBar control={form.control} label={t('level.payAndUpgrade')} />
      {refusedWith === 'INSUFFICIENT_BALANCE' && (
        <Link className={ui.link} to={paths.recharge}>
          {t('level.topUp')}
        </Link>
      )}
      {refusedWith === 'PAY_PASSWORD_NOT_SET' && (
        <Link className={ui.link} to={paths.setPaypwd}>
          {t('routes.setPaypwd')}
        </Link>
      )}
      <button type="button" className={ui.link} onClick={onDone}>
        {t('common.cancel')}
      </button>
    </form>
  );
}

function Levels({ info }: { info: LevelInfo }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const [open, setOpen] = useState(false);
  const { current } = info;
  const next = info.levels.find((l) => l.id === info.next_level_id) ?? null;
  const formatAmount = useFormatAmount();
  const pct = (bps: number) => formatBps(bps, lang);
  const num = (n: number) => formatNumber(n, lang);
  const profitAt = (bps: number) => sellingPrice(EXAMPLE_COST, bps) - EXAMPLE_COST;

  return (
    <>
      <section className={ui.card} aria-labelledby="my-level" data-testid="current-level">
        <h2 id="my-level" className={ui.sectionTitle}>
          {t('level.yours', { level: current.name })}
        </h2>
        <dl className={styles.changes}>
          <dt>{t('level.margin')}</dt>
          <dd>{pct(current.margin_bps)}</dd>
          <dt>{t('catalogue.quota')}</dt>
          <dd>{t('catalogue.quotaOf', { used: num(info.quota_used), total: num(current.quota) })}</dd>
          {current.bought_at && (
            <>
              <dt>{t('level.boughtAt')}</dt>
              <dd>{formatDate(current.bought_at, lang, false)}</dd>
            </>
          )}
        </dl>
      </section>

      <section className={ui.card}>
        <table className={styles.levels}>
          <caption>{t('level.all')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('level.level')}</th>
              <th scope="col">{t('level.margin')}</th>
              <th scope="col">{t('catalogue.quota')}</th>
              <th scope="col">{t('level.price')}</th>
            </tr>
          </thead>
          <tbody>
            {info.levels.map((l) => {
              const isCurrent = l.id === current.level_id;
              return (
                <tr key={l.id} aria-current={isCurrent || undefined} data-testid="level-row">
                  <th scope="row">
                    {l.name}
                    {isCurrent && (
                      <>
                        {' '}
                        <span className={list.badge} data-tone="info">
                          {t('level.current')}
                        </span>
                      </>
                    )}
                  </th>
                  <td>{pct(l.margin_bps)}</td>
                  <td>{num(l.quota)}</td>
                  <td>
                    <Amount value={l.price} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      {next ? (
        <section className={ui.card} aria-labelledby="next-level" data-testid="next-level">
          <h2 id="next-level" className={ui.sectionTitle}>
            {t('level.upgradeTo', { level: next.name })}
          </h2>
          <dl className={styles.changes}>
            <dt>{t('level.margin')}</dt>
            <dd>{t('level.fromTo', { from: pct(current.margin_bps), to: pct(next.margin_bps) })}</dd>
            <dt>{t('catalogue.quota')}</dt>
            <dd>{t('level.fromTo', { from: num(current.quota), to: num(next.quota) })}</dd>
            <dt>{t('level.profitOn', { cost: formatAmount(EXAMPLE_COST) })}</dt>
            <dd>
              <Amount value={profitAt(current.margin_bps)} /> → <Amount value={profitAt(next.margin_bps)} />
            </dd>
            <dt>{t('level.price')}</dt>
            <dd>
              <Amount value={next.price} />
            </dd>
          </dl>
          <p className={ui.hint}>{t('level.repriceNote')}</p>
          <div className={styles.buttons}>
            <button type="button" className={ui.button} onClick={() => setOpen(true)}>
              {t('level.upgrade')}
            </button>
          </div>
          <Popup visible={open} onMaskClick={() => setOpen(false)} destroyOnClose bodyClassName={sheet.sheet}>
            <div role="dialog" aria-label={t('level.upgradeTo', { level: next.name })}>
              <UpgradeForm next={next} onDone={() => setOpen(false)} />
            </div>
          </Popup>
        </section>
      ) : (
        <p className={`${ui.card} ${ui.center}`} data-testid="top-level">
          {t('level.top')}
        </p>
      )}
    </>
  );
}

/** Seller level: the levels side by side, the merchant's own, and what the next one changes, bought with the payment password. */
export default function LevelScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.level')} tabRoot={cataloguePaths.product}>
      <QueryState query={useLevel()}>{(info) => <Levels info={info} />}</QueryState>
    </Page>
  );
}
