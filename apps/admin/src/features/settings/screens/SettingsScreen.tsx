import { MANUAL_INSTRUCTIONS_MAX } from '@dropdesk/contract/settings';
import { NETWORKS, type Network } from '@dropdesk/contract/wallet';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { formatBps } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { SETTINGS, useSaveSetting, useSetting } from '../api/settings';
import { SettingCard } from '../components/SettingCard';

function BpsHint({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => t('settings.bpsIs', { pct: formatBps(Number(form.getFieldValue(name) ?? 0)) })}
    </Form.Item>
  );
}

function WalletSettings() {
  const { t } = useTranslation();
  const query = useSetting(SETTINGS.wallet);
  const save = useSaveSetting(SETTINGS.wallet);
  return (
    <SettingCard
      title={t('settings.withdrawals')}
      help={t('settings.withdrawalsHelp')}
      query={query}
      toValues={(d) => d}
      schema={SETTINGS.wallet.set.body}
      save={save.mutateAsync}
    >
      {() => (
        <Flex gap={16} wrap>
          <Form.Item
            name="withdraw_fee_bps"
            label={t('settings.feeBps')}
            extra={<BpsHint name="withdraw_fee_bps" />}
          >
            <InputNumber min={0} precision={0} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="withdraw_fee_fixed" label={t('settings.feeFixed')}>
            <Input inputMode="decimal" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="withdraw_min" label={t('settings.minimum')}>
            <Input inputMode="decimal" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="processing_hours" label={t('settings.processingHours')}>
            <InputNumber min={1} precision={0} style={{ width: 180 }} />
          </Form.Item>
        </Flex>
      )}
    </SettingCard>
  );
}

function BankAccount() {
  const { t } = useTranslation();
  const query = useSetting(SETTINGS.bankAccount);
  const save = useSaveSetting(SETTINGS.bankAccount);
  return (
    <SettingCard
      title={t('settings.bankAccount')}
      help={t('settings.bankAccountHelp')}
      query={query}
      toValues={(d) => d.account ?? { reference_rule: 'DD{merchant_id}', enabled: true }}
      toBody={({ updated_at: _, ...v }: Record<string, unknown>) => v}
      schema={SETTINGS.bankAccount.set.body}
      save={save.mutateAsync}
      updatedAt={(d) => d.account?.updated_at}
    >
      {() => (
        <Flex gap={16} wrap>
          <Form.Item name="bank_name" label={t('settings.bankName')}>
            <Input maxLength={100} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="holder_name" label={t('settings.holder')}>
            <Input maxLength={60} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="account_number" label={t('settings.accountNumber')}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item
            name="reference_rule"
            label={t('settings.referenceRule')}
            extra={t('settings.referenceRuleHelp')}
          >
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('settings.open')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
      )}
    </SettingCard>
  );
}

/** How the platform takes a manual top-up: the text merchants read before they declare one. */
function ManualDeposit() {
  const { t } = useTranslation();
  const query = useSetting(SETTINGS.manualDeposit);
  const save = useSaveSetting(SETTINGS.manualDeposit);
  return (
    <SettingCard
      title={t('settings.manualDeposit')}
      help={t('settings.manualDepositHelp')}
      query={query}
      toValues={(d) => d.manual ?? { instructions: '', enabled: true }}
      toBody={({ updated_at: _, ...v }: Record<string, unknown>) => v}
      schema={SETTINGS.manualDeposit.set.body}
      save={save.mutateAsync}
      updatedAt={(d) => d.manual?.updated_at}
    >
      {() => (
        <>
          <Form.Item name="instructions" label={t('settings.manualInstructions')}>
            <Input.TextArea
              rows={4}
              maxLength={MANUAL_INSTRUCTIONS_MAX}
              showCount
              style={{ maxWidth: 560 }}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('settings.open')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </>
      )}
    </SettingCard>
  );
}

function DepositAddress({ network }: { network: Network }) {
  const { t } = useTranslation();
  const query = useSetting(SETTINGS.depositAddresses);
  const save = useSaveSetting(SETTINGS.depositAddresses);
  return (
    <SettingCard
      title={t('settings.depositAddress', { network })}
      help={
        <>
          {t('settings.sharedAddressHelp')} <Link to={paths.chain}>{t('routes.chain')}</Link>
        </>
      }
      query={query}
      toValues={(d) => {
        const row = d.list.find((r) => r.network === network);
        return { network, address: row?.address ?? '', enabled: row?.enabled ?? true };
      }}
      schema={SETTINGS.depositAddresses.set.body}
      save={save.mutateAsync}
      updatedAt={(d) => d.list.find((r) => r.network === network)?.updated_at}
    >
      {() => (
        <Flex gap={16} wrap>
          <Form.Item name="network" hidden>
            <Input />
          </Form.Item>
          <Form.Item name="address" label={t('settings.address')}>
            <Input style={{ width: 420 }} />
          </Form.Item>
          <Form.Item name="enabled" label={t('settings.open')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
      )}
    </SettingCard>
  );
}

function Alliance() {
  const { t } = useTranslation();
  const query = useSetting(SETTINGS.alliance);
  const save = useSaveSetting(SETTINGS.alliance);
  return (
    <SettingCard
      title={t('settings.alliance')}
      help={t('settings.allianceHelp')}
      query={query}
      toValues={(d) => ({ commission_bps: d.commission_bps })}
      schema={SETTINGS.alliance.set.body}
      save={save.mutateAsync}
      updatedAt={(d) => d.updated_at}
    >
      {() => (
        <Form.Item
          name="commission_bps"
          label={t('settings.commissionBps')}
          extra={<BpsHint name="commission_bps" />}
        >
          <InputNumber min={0} precision={0} style={{ width: 180 }} />
        </Form.Item>
      )}
    </SettingCard>
  );
}

function ServiceContact() {
  const { t } = useTranslation();
  const query = useSetting(SETTINGS.serviceContact);
  const save = useSaveSetting(SETTINGS.serviceContact);
  return (
    <SettingCard
      title={t('settings.serviceContact')}
      help={t('settings.serviceContactHelp')}
      query={query}
      toValues={(d) => ({ url: d.url, text: d.text })}
      schema={SETTINGS.serviceContact.set.body}
      save={save.mutateAsync}
      updatedAt={(d) => d.updated_at}
    >
      {() => (
        <>
          <Form.Item name="url" label={t('settings.serviceUrl')}>
            <Input placeholder="https://" style={{ maxWidth: 480 }} />
          </Form.Item>
          <Form.Item name="text" label={t('settings.serviceText')}>
            <Input.TextArea rows={2} style={{ maxWidth: 480 }} />
          </Form.Item>
        </>
      )}
    </SettingCard>
  );
}

/** Every platform setting an admin keeps: withdrawals, top-up accounts, alliance, customer service. */
export default function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('routes.settings')} />
      <WalletSettings />
      <ManualDeposit />
      <BankAccount />
      {NETWORKS.map((n) => (
        <DepositAddress key={n} network={n} />
      ))}
      <Alliance />
      <ServiceContact />
    </>
  );
}
