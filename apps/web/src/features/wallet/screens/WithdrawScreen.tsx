import { PAY_PASSWORD_LENGTH } from '@dropdesk/contract/constants';
import { applyBps, formatMoney as formatMinor, parseMoney } from '@dropdesk/contract/money';
import { isAddressOf, type Network } from '@dropdesk/contract/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Field } from '../../../components/Field';
import { LoadFailed } from '../../../components/LoadFailed';
import { Page } from '../../../components/Page';
// The shared 6-digit input still lives in the account feature; it should move to src/components.
import { PayPasswordInput } from '../../../components/PayPasswordInput';
import ui from '../../../components/ui.module.css';
import { formatMoney } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { messageOf } from '../../../lib/messages';
import { amountFromInput } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { type FieldErrors, hasErrors, refusalAtFields } from '../../../lib/validation';
import {
  type ExtractInfo,
  newIdempotencyKey,
  useExtractInfo,
  walletApi,
  walletKeys,
} from '../api/wallet-calls';

type Key = 'amount' | 'address' | 'network' | 'pay_password';
const KEYS = ['amount', 'address', 'network', 'pay_password'] as const;

/** The fee the rule gives for an amount in cents (bps rounded half-up, plus the fixed part): a preview only. */
export function feeOf(cents: number, rule: ExtractInfo['fee']): number {
  return applyBps(cents, rule.bps) + (parseMoney(rule.fixed) ?? 0);
}

export function validateWithdraw(
  v: {
    method: 'bank' | 'blockchain';
    amount: string;
    network: Network;
    address: string;
    pay_password: string;
  },
  limits: { balance: string; min: string },
  t: (k: string, vars?: Record<string, string>) => string,
): FieldErrors<Key> {
  const e: FieldErrors<Key> = {};
  const cents = amountFromInput(v.amount);
  if (!v.amount.trim()) e.amount = t('wallet.amountRequired');
  // The server's own words for the contract's keys (one message per key).
  else if (cents === null) e.amount = messageOf('FIELD_MONEY');
  else if (cents === 0) e.amount = messageOf('CANNOT_BE_ZERO');
  else if (cents > (parseMoney(limits.balance) ?? 0)) e.amount = messageOf('CANNOT_EXCEED_BALANCE');
  else if (cents < (parseMoney(limits.min) ?? 0)) e.amount = messageOf('MIN_WITHDRAWAL', { min: limits.min });
  if (v.method === 'blockchain') {
    if (!v.address.trim()) e.address = t('wallet.addressRequired');
    else if (!isAddressOf(v.network, v.address.trim())) e.address = messageOf('ADDRESS_INVALID');
  }
  if (v.pay_password.length !== PAY_PASSWORD_LENGTH) e.pay_password = t('wallet.payPasswordRequired');
  return e;
}

function WithdrawForm({ info }: { info: ExtractInfo }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [method, setMethod] = useState<'bank' | 'blockchain'>(info.bank ? 'bank' : 'blockchain');
  const [network, setNetwork] = useState<Network>(info.networks[0] ?? 'TRC20');
  const [amount, setAmount] = useState('');
  const [address, setAddress] = useState('');
  const [pay, setPay] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ sig: string; key: string } | null>(null);

  const cents = amountFromInput(amount);
  const fee = cents ? feeOf(cents, info.fee) : 0;
  const actual = cents ? Math.max(0, cents - fee) : 0;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateWithdraw(
      { method, amount, network, address, pay_password: pay },
      { balance: info.balance, min: info.min },
      t,
    );
    setErrors(found);
    if (hasErrors(found)) return;
    const body = {
      method,
      amount: formatMinor(amountFromInput(amount)!),
      pay_password: pay,
      ...(method === 'blockchain' ? { currency: 'USDT' as const, network, address: address.trim() } : {}),
    };
    const sig = JSON.stringify(body);
    if (attempt.current?.sig !== sig) attempt.current = { sig, key: newIdempotencyKey() };
    setBusy(true);
    try {
      await walletApi.extract(body, attempt.current.key);
      toast.success(t('wallet.withdrawSent'));
      await qc.invalidateQueries({ queryKey: walletKeys.all });
      navigate(paths.withdrawRecord, { replace: true });
    } catch (error) {
      setErrors(refusalAtFields(error, KEYS));
      setPay('');
      setBusy(false);
    }
  };

  if (info.kyc_status !== 'verified')
    return (
      <div className={`${ui.card} ${ui.center}`} role="alert" data-testid="kyc-needed">
        <p>{t('wallet.kycNeeded')}</p>
        <Link className={ui.button} to={paths.idInfo}>
          {t('wallet.goVerify')}
        </Link>
      </div>
    );

  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
      <p>
        {t('wallet.balance')}: <strong data-testid="balance">{formatMoney(info.balance, lang)}</strong>
      </p>
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend className={ui.label}>{t('wallet.withdrawMethod')}</legend>
        <button
          type="button"
          className={ui.secondaryButton}
          aria-pressed={method === 'bank'}
          onClick={() => setMethod('bank')}
        >
          {t('wallet.method.bank')}
        </button>
        <button
          type="button"
          className={ui.secondaryButton}
          aria-pressed={method === 'blockchain'}
          onClick={() => setMethod('blockchain')}
        >
          {t('wallet.method.chain')}
        </button>
      </fieldset>
      {method === 'bank' &&
        (info.bank ? (
          <p>
            {info.bank.bank_name} · {info.bank.holder_name} · {info.bank.account_number}
          </p>
        ) : (
          <p className={ui.error}>
            {t('wallet.noBank')} <Link to={paths.bank}>{t('wallet.addBank')}</Link>
          </p>
        ))}
      {method === 'blockchain' && (
        <>
          <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
            <legend className={ui.label}>{t('wallet.network')}</legend>
            {info.networks.map((n) => (
              <button
                key={n}
                type="button"
                className={ui.secondaryButton}
                aria-pressed={n === network}
                onClick={() => setNetwork(n)}
              >
                USDT-{n}
              </button>
            ))}
          </fieldset>
          <Field
            label={t('wallet.address')}
            value={address}
            onChange={(v) => {
              setAddress(v);
              setErrors((x) => ({ ...x, address: undefined }));
            }}
            error={errors.address}
          />
        </>
      )}
      <Field
        label={t('wallet.amount')}
        inputMode="decimal"
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setErrors((x) => ({ ...x, amount: undefined }));
        }}
        error={errors.amount}
      />
      <p className={ui.hint} data-testid="limits">
        {t('wallet.withdrawLimits', {
          min: formatMoney(info.min, lang),
          count: info.processing_hours,
        })}
      </p>
      <p className={ui.hint} data-testid="fee">
        {t('wallet.fee')}: {formatMoney(formatMinor(fee), lang)} · {t('wallet.actual')}:{' '}
        {formatMoney(formatMinor(actual), lang)}
      </p>
      <PayPasswordInput
        testId="pay-password"
        label={t('wallet.payPassword')}
        value={pay}
        onChange={(v) => {
          setPay(v);
          setErrors((x) => ({ ...x, pay_password: undefined }));
        }}
        error={errors.pay_password}
      />
      <button type="submit" className={ui.button} disabled={busy}>
        {busy ? t('common.loading') : t('wallet.submitWithdraw')}
      </button>
    </form>
  );
}

/** Withdraw to the saved bank card or a chain address, confirmed with the payment password. */
export default function WithdrawScreen() {
  const { t } = useTranslation();
  const info = useExtractInfo();
  return (
    <Page title={t('routes.withdraw')}>
      {info.isPending ? (
        <p className={ui.center}>{t('common.loading')}</p>
      ) : info.isError ? (
        <LoadFailed error={info.error} onRetry={() => info.refetch()} />
      ) : (
        <WithdrawForm info={info.data} />
      )}
    </Page>
  );
}
