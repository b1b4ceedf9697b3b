import { MIN_TOPUP_MINOR } from '@dropdesk/contract/constants';
import { formatMoney as formatWire } from '@dropdesk/contract/money';
import { type Network, type RechargeMethod, rechargeBody } from '@dropdesk/contract/wallet';
import { QrCode } from '@dropdesk/web-kit/react/qr-code';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useFormatAmount } from '../../../components/Amount';
import { useBoundField } from '../../../components/form/FormField';
import { SubmitBar } from '../../../components/form/SubmitBar';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import { UploadTile } from '../../../components/UploadTile';
import ui from '../../../components/ui.module.css';
import { useContractForm } from '../../../lib/form';
import { ApiError } from '../../../lib/http';
import { messageOf } from '../../../lib/messages';
import { paths } from '../../../lib/paths';
import { walletKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';
import { useBankAccount } from '../api/get-bank-account';
import { type Blockchain, useBlockchain } from '../api/get-blockchain';
import { useManualDeposit } from '../api/get-manual-deposit';
import { useRecharge } from '../api/recharge';
import { AmountField } from '../components/AmountField';
import { BankAccountCard } from '../components/BankAccountCard';
import { CopyButton } from '../components/CopyButton';
import { NotOpen } from '../components/NotOpen';
import { Segmented } from '../components/Segmented';
import styles from '../components/wallet.module.css';

type Values = { method: RechargeMethod; amount: string; voucher: string; network?: Network | undefined };

function Voucher({ control }: { control: Control<Values> }) {
  const { t } = useTranslation();
  const { value, onChange, error } = useBoundField({ control, name: 'voucher' });
  return (
    <UploadTile label={t('wallet.voucher')} kind="voucher" value={value} onChange={onChange} error={error} />
  );
}

type DepositNetwork = Blockchain['networks'][number];

/**
 * The chain method's address card: the network chooser, the address on the chosen network (QR code,
 * copy). The merchant's own address (`own`) also says what to send there and nothing else: USDT on
 * this network, the token's contract. The platform's shared address keeps its notes here.
 */
function DepositAddress({
  chain,
  chosen,
  onNetwork,
}: {
  chain: Blockchain;
  chosen: DepositNetwork;
  onNetwork: (n: Network) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-label={t('wallet.depositAddress')}>
      <Segmented
        legend={t('wallet.network')}
        options={chain.networks.map((n) => ({ value: n.network, label: `${n.currency}-${n.network}` }))}
        value={chosen.network}
        onChange={onNetwork}
      />
      <div className={ui.center}>
        {chosen.own && <h2 className={styles.cardTitle}>{t('wallet.ownAddress')}</h2>}
        <QrCode text={chosen.address} label={t('wallet.depositAddress')} />
        <p data-testid="deposit-address" style={{ overflowWrap: 'anywhere' }}>
          {chosen.address}
        </p>
        <CopyButton text={chosen.address} label={t('wallet.copy')} wide />
      </div>
      {chosen.own ? (
        <>
          <p className={styles.warning} data-testid="send-only">
            {t('wallet.sendOnly', { currency: chosen.currency, network: chosen.network })}
          </p>
          <dl className={styles.details}>
            <div className={styles.detail}>
              <dt>{t('wallet.token')}</dt>
              <dd>
                <span className={styles.value}>{chosen.currency}</span>
              </dd>
            </div>
            {chosen.token_contract && (
              <div className={styles.detail} data-testid="token-contract">
                <dt>{t('wallet.tokenContract')}</dt>
                <dd>
                  <span className={styles.smallValue}>{chosen.token_contract}</span>
                  <CopyButton text={chosen.token_contract} label={t('wallet.tokenContract')} />
                </dd>
              </div>
            )}
          </dl>
        </>
      ) : (
        <ul className={ui.hint}>
          <li>{t('wallet.confirmations', { count: chain.confirmations })}</li>
          <li>
            <UnsupportedSources />
          </li>
        </ul>
      )}
    </section>
  );
}

function UnsupportedSources() {
  const { t } = useTranslation();
  return (
    <>
      {t('wallet.unsupported')}{' '}
      {[
        t('wallet.source.decentralizedExchange'),
        t('wallet.source.binanceSmartChain'),
        t('wallet.source.huobiEcoChain'),
      ].join(', ')}
    </>
  );
}

/**
 * The merchant's own address: nothing to fill in. What arrives is credited once the network has
 * confirmed it; below the minimum it waits for the others; the records show it on its way.
 */
function CreditedByChain({ network, min }: { network: DepositNetwork; min: string }) {
  const { t } = useTranslation();
  const formatAmount = useFormatAmount();
  return (
    <section className={ui.card} aria-labelledby="chain-credit-title" data-testid="credited-by-chain">
      <h2 id="chain-credit-title" className={styles.cardTitle}>
        {t('wallet.howCredited')}
      </h2>
      <ul className={styles.rules}>
        <li>{t('wallet.autoCredit', { count: network.confirmations })}</li>
        <li>{t('wallet.belowMinimum', { min: formatAmount(min) })}</li>
        <li>
          <UnsupportedSources />
        </li>
      </ul>
      <p className={ui.hint}>{t('wallet.followHint')}</p>
      <Link className={`${ui.secondaryButton} ${styles.follow}`} to={paths.rechargeRecord}>
        {t('wallet.followRecords')}
      </Link>
    </section>
  );
}

/**
 * The top-up form of an open method: the amount and the voucher. For the chain method, `network` is
 * the platform's shared address chosen in the address card above it (the body names it).
 */
function TopUpForm({ method, network }: { method: RechargeMethod; network?: Network }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const recharge = useRecharge();
  const formatAmount = useFormatAmount();
  const form = useContractForm(rechargeBody, {
    defaultValues: { method, amount: '', voucher: '', network },
  });
  // One key per attempt; it changes only when the form changes, so a retry replays the first answer.
  const attempt = useRef<{ sig: string; key: string } | null>(null);
  // The chooser lives above the form: its choice is the form's network, so a typed amount and an
  // uploaded voucher stay when another shared network is chosen, and a refusal said of the previous
  // network no longer shows.
  const { setValue, clearErrors } = form;
  useEffect(() => {
    setValue('network', network);
    clearErrors('network');
  }, [network, setValue, clearErrors]);

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
    try {
      await recharge.mutateAsync({ body, idempotencyKey: attempt.current.key });
    } catch (error) {
      // Closed (or, for a network, now credited by the chain) since the screen loaded: read again
      // what is open, so the screen says so (a watched network shows the merchant's own address).
      if (
        error instanceof ApiError &&
        (error.key === 'METHOD_UNAVAILABLE' ||
          error.key === 'NETWORK_UNAVAILABLE' ||
          error.key === 'NETWORK_WATCHED')
      )
        void queryClient.invalidateQueries({
          queryKey:
            method === 'chain'
              ? walletKeys.blockchain()
              : method === 'manual'
                ? walletKeys.manualDeposit()
                : walletKeys.bankAccount(),
        });
      throw error;
    }
    toast.success(t('wallet.topupSent'));
    navigate(paths.rechargeRecord, { replace: true });
  });

  // `method` and `network` have no input of their own: their refusal is said above the button.
  const { errors } = form.formState;
  const choiceError = errors.method?.message ?? errors.network?.message;
  return (
    <form className={`${ui.card} ${ui.form}`} onSubmit={onSubmit} noValidate>
      <AmountField control={control} hint={messageOf('MIN_TOPUP', { min: formatAmount(MIN_TOPUP_MINOR) })} />
      <Voucher control={control} />
      {choiceError && (
        <p className={ui.error} role="alert">
          {choiceError}
        </p>
      )}
      <SubmitBar control={control} label={t('wallet.submitTopup')} />
    </form>
  );
}

/**
 * Chain, once a network is open: the chosen network's address, then on the merchant's own address
 * how it is credited (no form), on the platform's shared one the amount and voucher form.
 */
function ChainDeposit({ chain }: { chain: Blockchain }) {
  const [network, setNetwork] = useState<Network | undefined>(chain.networks[0]?.network);
  const chosen = chain.networks.find((n) => n.network === network) ?? chain.networks[0];
  if (!chosen) return null;
  return (
    <>
      <DepositAddress chain={chain} chosen={chosen} onNetwork={setNetwork} />
      {chosen.own ? (
        <CreditedByChain network={chosen} min={chain.min_topup} />
      ) : (
        <TopUpForm method="chain" network={chosen.network} />
      )}
    </>
  );
}

/** Chain: open while at least one network has a deposit address. */
function ChainTopUp() {
  const { t } = useTranslation();
  return (
    <QueryState query={useBlockchain()}>
      {(chain) =>
        chain.networks.length === 0 ? (
          <NotOpen method="chain" reason={t('wallet.noNetworks')} />
        ) : (
          <ChainDeposit chain={chain} />
        )
      }
    </QueryState>
  );
}

/**
 * Manual: paid as the platform's own instructions say (cash at an office, an agent...), then
 * declared here by hand with the receipt. Open once an admin has written the instructions.
 */
function ManualTopUp() {
  const { t } = useTranslation();
  return (
    <QueryState query={useManualDeposit()}>
      {({ manual }) =>
        manual ? (
          <>
            <section className={ui.card} aria-labelledby="manual-how-title" data-testid="manual-how">
              <h2 id="manual-how-title" className={styles.cardTitle}>
                {t('wallet.manualHow')}
              </h2>
              <p className={styles.instructions} data-testid="manual-instructions">
                {manual.instructions}
              </p>
              <p className={ui.hint}>{t('wallet.manualSteps')}</p>
            </section>
            <TopUpForm method="manual" />
          </>
        ) : (
          <NotOpen method="manual" reason={t('wallet.noManual')} />
        )
      }
    </QueryState>
  );
}

/** Bank card: a transfer to the platform's receiving account; open once operators set it. */
function BankTopUp() {
  const { t } = useTranslation();
  return (
    <QueryState query={useBankAccount()}>
      {({ account }) =>
        account ? (
          <>
            <BankAccountCard account={account} />
            <TopUpForm method="bank" />
          </>
        ) : (
          <NotOpen method="bank" reason={t('wallet.noBankAccount')} />
        )
      }
    </QueryState>
  );
}

function TopUp({ method }: { method: RechargeMethod }) {
  const { t } = useTranslation();
  const title =
    method === 'chain'
      ? t('routes.blockchainRecharge')
      : method === 'bank'
        ? t('routes.bankCardRecharge')
        : t('routes.walletRecharge');
  return (
    <Page title={title}>
      {method === 'chain' ? <ChainTopUp /> : method === 'manual' ? <ManualTopUp /> : <BankTopUp />}
    </Page>
  );
}

export const BlockchainRecharge = () => <TopUp method="chain" />;
export const WalletRecharge = () => <TopUp method="manual" />;
export const BankCardRecharge = () => <TopUp method="bank" />;
