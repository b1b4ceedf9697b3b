import { MIN_TOPUP_MINOR } from '@dropdesk/contract/constants';
import { formatMoney as formatMinor } from '@dropdesk/contract/money';
import type { Network } from '@dropdesk/contract/wallet';
import type { TFunction } from 'i18next';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Field } from '../../../components/Field';
import { LoadFailed } from '../../../components/LoadFailed';
import { Page } from '../../../components/Page';
// Shared widgets still live in other features; they should move to src/components (see report).
import { QrCode } from '../../../components/QrCode';
import { UploadTile } from '../../../components/UploadTile';
import ui from '../../../components/ui.module.css';
import { copyText } from '../../../lib/clipboard';
import { formatMoney } from '../../../lib/format';
import { currentLang } from '../../../lib/i18n';
import { messageOf } from '../../../lib/messages';
import { amountFromInput } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { type FieldErrors, hasErrors, serverFieldErrors } from '../../../lib/validation';
import { newIdempotencyKey, useBlockchain, walletApi } from '../api/wallet-calls';

type Method = 'chain' | 'manual' | 'bank';
type Key = 'amount' | 'voucher' | 'network';
const KEYS = ['amount', 'voucher', 'network'] as const;
const MIN = (MIN_TOPUP_MINOR / 100).toFixed(2);

export function validateTopUp(amount: string, voucher: string, t: TFunction) {
  const e: FieldErrors<Key> = {};
  const cents = amountFromInput(amount);
  if (!amount.trim()) e.amount = t('wallet.amountRequired');
  // The server's own words for the contract's keys (one message per key).
  else if (cents === null) e.amount = messageOf('FIELD_MONEY');
  else if (cents === 0) e.amount = messageOf('CANNOT_BE_ZERO');
  else if (cents < MIN_TOPUP_MINOR) e.amount = messageOf('MIN_TOPUP', { min: MIN });
  if (!voucher) e.voucher = t('wallet.voucherRequired');
  return e;
}

function TopUp({ method }: { method: Method }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const navigate = useNavigate();
  const chain = useBlockchain();
  const [network, setNetwork] = useState<Network>('TRC20');
  const [amount, setAmount] = useState('');
  const [voucher, setVoucher] = useState('');
  const [errors, setErrors] = useState<FieldErrors<Key>>({});
  const [busy, setBusy] = useState(false);
  // One key per attempt; it changes only when the form changes, so a retry replays the first answer.
  const attempt = useRef<{ sig: string; key: string } | null>(null);

  const title = t(
    method === 'chain'
      ? 'routes.blockchainRecharge'
      : method === 'bank'
        ? 'routes.bankCardRecharge'
        : 'routes.walletRecharge',
  );
  const address = chain.data?.networks.find((n) => n.network === network)?.address;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateTopUp(amount, voucher, t);
    setErrors(found);
    if (hasErrors(found)) return;
    const body = {
      method,
      amount: formatMinor(amountFromInput(amount)!),
      voucher,
      ...(method === 'chain' ? { network } : {}),
    };
    const sig = JSON.stringify(body);
    if (attempt.current?.sig !== sig) attempt.current = { sig, key: newIdempotencyKey() };
    setBusy(true);
    try {
      await walletApi.recharge(body, attempt.current.key);
      toast.success(t('wallet.topupSent'));
      navigate(paths.rechargeRecord, { replace: true });
    } catch (error) {
      setErrors(serverFieldErrors(error, KEYS));
      setBusy(false);
    }
  };

  return (
    <Page title={title}>
      {method === 'chain' && (
        <section className={ui.card} aria-label={t('wallet.depositAddress')}>
          {chain.isPending ? (
            <p className={ui.center}>{t('common.loading')}</p>
          ) : chain.isError ? (
            <LoadFailed error={chain.error} onRetry={() => chain.refetch()} />
          ) : chain.data.networks.length === 0 ? (
            <p className={ui.center}>{t('wallet.noNetworks')}</p>
          ) : (
            <>
              <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
                <legend className={ui.label}>{t('wallet.network')}</legend>
                {chain.data.networks.map((n) => (
                  <button
                    key={n.network}
                    type="button"
                    className={ui.secondaryButton}
                    aria-pressed={n.network === network}
                    onClick={() => setNetwork(n.network)}
                  >
                    {n.currency}-{n.network}
                  </button>
                ))}
              </fieldset>
              {address && (
                <div className={ui.center}>
                  <QrCode text={address} label={t('wallet.depositAddress')} />
                  <p data-testid="deposit-address" style={{ wordBreak: 'break-all' }}>
                    {address}
                  </p>
                  <button
                    type="button"
                    className={ui.secondaryButton}
                    onClick={async () =>
                      (await copyText(address))
                        ? toast.success(t('wallet.copied'))
                        : toast.fail(t('wallet.copyFailed'))
                    }
                  >
                    {t('wallet.copy')}
                  </button>
                </div>
              )}
              <ul className={ui.hint}>
                <li>{t('wallet.confirmations', { count: chain.data.confirmations })}</li>
                <li>
                  {t('wallet.unsupported')}{' '}
                  {[
                    t('wallet.source.decentralizedExchange'),
                    t('wallet.source.binanceSmartChain'),
                    t('wallet.source.huobiEcoChain'),
                  ].join(', ')}
                </li>
              </ul>
            </>
          )}
        </section>
      )}
      <form className={`${ui.card} ${ui.form}`} onSubmit={submit} noValidate>
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
        <p className={ui.hint}>{messageOf('MIN_TOPUP', { min: formatMoney(MIN, lang) })}</p>
        <UploadTile
          label={t('wallet.voucher')}
          kind="voucher"
          value={voucher}
          onChange={(v) => {
            setVoucher(v);
            setErrors((x) => ({ ...x, voucher: undefined }));
          }}
          error={errors.voucher}
        />
        {errors.network && <p className={ui.error}>{errors.network}</p>}
        <button type="submit" className={ui.button} disabled={busy}>
          {busy ? t('common.loading') : t('wallet.submitTopup')}
        </button>
      </form>
    </Page>
  );
}

export const BlockchainRecharge = () => <TopUp method="chain" />;
export const WalletRecharge = () => <TopUp method="manual" />;
export const BankCardRecharge = () => <TopUp method="bank" />;
