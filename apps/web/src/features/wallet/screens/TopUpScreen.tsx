import { MIN_TOPUP_MINOR } from '@dropdesk/contract/constants';
import { formatMoney as formatWire } from '@dropdesk/contract/money';
import { type Network, type RechargeMethod, rechargeBody } from '@dropdesk/contract/wallet';
import { useCallback, useEffect, useRef } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField, useBoundField } from '../../../components/form/FormField';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import { QrCode } from '../../../components/QrCode';
import { QueryState } from '../../../components/QueryState';
import { UploadTile } from '../../../components/UploadTile';
import ui from '../../../components/ui.module.css';
import { copyText } from '../../../lib/clipboard';
import { useContractForm } from '../../../lib/form';
import { messageOf } from '../../../lib/messages';
import { paths } from '../../../lib/paths';
import { toast } from '../../../lib/toast';
import { useBlockchain } from '../api/get-blockchain';
import { useRecharge } from '../api/recharge';
import { Segmented } from '../components/Segmented';

type Values = { method: RechargeMethod; amount: string; voucher: string; network?: Network | undefined };

/** A comma typed as the decimal mark ("12,5") is kept as the wire's point. */
export const decimalPoint = (text: string) => text.replace(',', '.');

function Voucher({ control }: { control: Control<Values> }) {
  const { t } = useTranslation();
  const { value, onChange, error } = useBoundField({ control, name: 'voucher' });
  return (
    <UploadTile label={t('wallet.voucher')} kind="voucher" value={value} onChange={onChange} error={error} />
  );
}

/** The chain method: the network (part of the form), the platform's address on it, the notes. */
function DepositAddress({
  network,
  onNetwork,
}: {
  network: Network | undefined;
  onNetwork: (n: Network) => void;
}) {
  const { t } = useTranslation();
  const chain = useBlockchain();
  const networks = chain.data?.networks;
  // The form's network is one that is open: the first, until the merchant picks another.
  useEffect(() => {
    const first = networks?.[0];
    if (first && !networks.some((n) => n.network === network)) onNetwork(first.network);
  }, [networks, network, onNetwork]);
  return (
    <section className={ui.card} aria-label={t('wallet.depositAddress')}>
      <QueryState query={chain} isEmpty={(d) => d.networks.length === 0} empty={t('wallet.noNetworks')}>
        {(data) => {
          const chosen = data.networks.find((n) => n.network === network) ?? data.networks[0];
          const address = chosen?.address;
          return (
            <>
              <Segmented
                legend={t('wallet.network')}
                options={data.networks.map((n) => ({
                  value: n.network,
                  label: `${n.currency}-${n.network}`,
                }))}
                value={chosen?.network ?? 'TRC20'}
                onChange={onNetwork}
              />
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
                <li>{t('wallet.confirmations', { count: data.confirmations })}</li>
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
          );
        }}
      </QueryState>
    </section>
  );
}

function TopUp({ method }: { method: RechargeMethod }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const recharge = useRecharge();
  const form = useContractForm(rechargeBody, {
    defaultValues: { method, amount: '', voucher: '', network: method === 'chain' ? 'TRC20' : undefined },
  });
  // One key per attempt; it changes only when the form changes, so a retry replays the first answer.
  const attempt = useRef<{ sig: string; key: string } | null>(null);
  const network = form.watch('network');
  const { setValue, formState } = form;
  const onNetwork = useCallback(
    (n: Network) => setValue('network', n, { shouldValidate: formState.isSubmitted }),
    [setValue, formState.isSubmitted],
  );

  const title = t(
    method === 'chain'
      ? 'routes.blockchainRecharge'
      : method === 'bank'
        ? 'routes.bankCardRecharge'
        : 'routes.walletRecharge',
  );

  // The shared form pieces type their control by the form's input only; the amount's output is a
  // number (minor units), which they never see.
  const control = form.control as unknown as Control<Values>;

  const onSubmit = form.submit(async (parsed) => {
    const body = {
      method,
      amount: formatWire(parsed.amount),
      voucher: parsed.voucher,
      ...(method === 'chain' ? { network: parsed.network } : {}),
    };
    const sig = JSON.stringify(body);
    if (attempt.current?.sig !== sig) attempt.current = { sig, key: crypto.randomUUID() };
    await recharge.mutateAsync({ body, idempotencyKey: attempt.current.key });
    toast.success(t('wallet.topupSent'));
    navigate(paths.rechargeRecord, { replace: true });
  });

  return (
    <Page title={title}>
      {method === 'chain' && <DepositAddress network={network} onNetwork={onNetwork} />}
      <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
        <FormField
          control={control}
          name="amount"
          label={t('wallet.amount')}
          inputMode="decimal"
          normalize={decimalPoint}
          hint={messageOf('MIN_TOPUP', { min: formatWire(MIN_TOPUP_MINOR) })}
        />
        <Voucher control={control} />
        {form.formState.errors.network?.message && (
          <p className={ui.error}>{form.formState.errors.network.message}</p>
        )}
        <SubmitBar control={control} label={t('wallet.submitTopup')} />
      </form>
    </Page>
  );
}

export const BlockchainRecharge = () => <TopUp method="chain" />;
export const WalletRecharge = () => <TopUp method="manual" />;
export const BankCardRecharge = () => <TopUp method="bank" />;
