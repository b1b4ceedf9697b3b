import { MAX_AMOUNT_MINOR } from '@dropdesk/contract/constants';
import { applyBps, formatMoney as formatWire, parseMoney } from '@dropdesk/contract/money';
import { extractBody, isAddressOf, NETWORKS, type Network, withdrawAmount } from '@dropdesk/contract/wallet';
import { useMemo, useRef } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Amount, useFormatAmount } from '../../../components/Amount';
import { FormField } from '../../../components/form/FormField';
import { FormPayPassword } from '../../../components/form/PasswordPair';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { amountFromInput } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useExtract } from '../api/extract';
import { type ExtractInfo, useExtractInfo } from '../api/get-extract-info';
import { AmountField } from '../components/AmountField';
import { Segmented } from '../components/Segmented';

/** The fee the rule gives for an amount in cents (bps rounded half-up, plus the fixed part): a preview only. */
export function feeOf(cents: number, rule: ExtractInfo['fee']): number {
  return applyBps(cents, rule.bps) + (parseMoney(rule.fixed) ?? 0);
}

/**
 * The contract's withdrawal body, plus what this screen knows before the server does: the balance
 * and the minimum (the server checks both again). The address is checked against the network even
 * while other fields are still empty, so each field says at once what is wrong with it.
 */
export function withdrawSchema(info: Pick<ExtractInfo, 'balance' | 'min'>) {
  const balance = parseMoney(info.balance) ?? 0;
  const min = parseMoney(info.min) ?? 0;
  return extractBody
    .safeExtend({
      amount: withdrawAmount
        .refine((v) => v <= balance, { error: 'CANNOT_EXCEED_BALANCE', abort: true })
        .refine((v) => v >= min, { error: 'MIN_WITHDRAWAL', params: { min: info.min } }),
    })
    .refine(
      (b) => b.method !== 'blockchain' || !b.network || !b.address || isAddressOf(b.network, b.address),
      {
        path: ['address'],
        error: 'ADDRESS_INVALID',
        // Run even when other fields fail; the address and network are read as typed.
        when: ({ value }) => {
          const v = value as { method?: unknown; network?: unknown; address?: unknown };
          return (
            v.method === 'blockchain' &&
            NETWORKS.includes(v.network as Network) &&
            typeof v.address === 'string' &&
            v.address.trim() !== ''
          );
        },
      },
    );
}

function WithdrawForm({ info }: { info: ExtractInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const extract = useExtract();
  const formatAmount = useFormatAmount();
  const schema = useMemo(() => withdrawSchema(info), [info]);
  const form = useContractForm(schema, {
    defaultValues: {
      method: info.bank ? 'bank' : 'blockchain',
      amount: '',
      pay_password: '',
      network: info.networks[0] ?? 'TRC20',
      address: '',
    },
  });
  // One key per attempt; it changes only when the form changes, so a retry replays the first answer.
  const attempt = useRef<{ sig: string; key: string } | null>(null);
  const [method, network, amount] = form.watch(['method', 'network', 'amount']);
  // The shared form pieces type their control by the form's input only; the amount's output is a
  // number (minor units), which they never see.
  const control = form.control as unknown as Control<z.input<typeof schema>>;

  // No preview for an amount the server would refuse as too large (its fee would not be exact).
  const typed = amountFromInput(amount ?? '');
  const cents = typed !== null && typed <= MAX_AMOUNT_MINOR ? typed : null;
  const fee = cents ? feeOf(cents, info.fee) : 0;
  const actual = cents ? Math.max(0, cents - fee) : 0;

  const onSubmit = form.submit(async (parsed) => {
    const body = {
      method: parsed.method,
      amount: formatWire(parsed.amount),
      pay_password: parsed.pay_password,
      ...(parsed.method === 'blockchain'
        ? { currency: 'USDT' as const, network: parsed.network, address: parsed.address }
        : {}),
    };
    const sig = JSON.stringify(body);
    if (attempt.current?.sig !== sig) attempt.current = { sig, key: crypto.randomUUID() };
    try {
      await extract.mutateAsync({ body, idempotencyKey: attempt.current.key });
    } catch (error) {
      // A payment password is typed again after any refusal.
      form.setValue('pay_password', '');
      throw error;
    }
    toast.success(t('wallet.withdrawSent'));
    navigate(paths.withdrawRecord, { replace: true });
  });

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
    <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
      <p>
        {t('wallet.balance')}:{' '}
        <strong data-testid="balance">
          <Amount value={info.balance} />
        </strong>
      </p>
      <Segmented
        legend={t('wallet.withdrawMethod')}
        options={[
          { value: 'bank', label: t('wallet.method.bank') },
          { value: 'blockchain', label: t('wallet.method.chain') },
        ]}
        value={method}
        onChange={(v) => form.setValue('method', v)}
      />
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
          <Segmented
            legend={t('wallet.network')}
            options={info.networks.map((n) => ({ value: n, label: `USDT-${n}` }))}
            value={network ?? 'TRC20'}
            onChange={(v) => form.setValue('network', v, { shouldValidate: form.formState.isSubmitted })}
          />
          <FormField control={control} name="address" label={t('wallet.address')} />
        </>
      )}
      <AmountField control={control} />
      <p className={ui.hint} data-testid="limits">
        {t('wallet.withdrawLimits', { min: formatAmount(info.min), count: info.processing_hours })}
      </p>
      <p className={ui.hint} data-testid="fee">
        {t('wallet.fee')}: {formatAmount(fee)} · {t('wallet.actual')}: {formatAmount(actual)}
      </p>
      <FormPayPassword
        control={control}
        name="pay_password"
        label={t('wallet.payPassword')}
        testId="pay-password"
      />
      <SubmitBar control={control} label={t('wallet.submitWithdraw')} />
    </form>
  );
}

/** Withdraw to the saved bank card or a chain address, confirmed with the payment password. */
export default function WithdrawScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('routes.withdraw')}>
      <QueryState query={useExtractInfo()}>{(info) => <WithdrawForm info={info} />}</QueryState>
    </Page>
  );
}
