import { NETWORK_KINDS, WATCHED_KINDS } from '@dropdesk/contract/chain';
import { NETWORKS, type Network, RECHARGE_CONFIRMATIONS } from '@dropdesk/contract/wallet';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/FormError';
import { useContractSubmit } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import type { ChainNetworkRow } from '../api/get-chain-networks';
import { chainNetworkSchema, useSetChainNetwork } from '../api/set-chain-network';

interface Values {
  network?: Network;
  rpc_url: string;
  token_contract: string;
  token_decimals: number | null;
  confirmations: number | null;
  xpub: string;
  start_block: number | null;
  enabled: boolean;
}

/** USDT's amounts have 6 decimals on the networks the platform offers. */
const USDT_DECIMALS = 6;

/** A network the watcher can follow on this platform (the contract's WATCHED_KINDS). */
export const watchable = (network: Network) => WATCHED_KINDS.includes(NETWORK_KINDS[network]);

const valuesOf = (row: ChainNetworkRow | null, free: Network[]): Values =>
  row
    ? {
        network: row.network,
        rpc_url: row.rpc_url,
        token_contract: row.token_contract,
        token_decimals: row.token_decimals,
        confirmations: row.confirmations,
        xpub: row.xpub,
        start_block: row.start_block,
        enabled: row.enabled,
      }
    : {
        network: free.find(watchable),
        rpc_url: '',
        token_contract: '',
        token_decimals: USDT_DECIMALS,
        confirmations: RECHARGE_CONFIRMATIONS,
        xpub: '',
        start_block: null,
        enabled: true,
      };

/** An empty number box is a missing value (the contract's FIELD_REQUIRED), not null. */
const num = (v: number | null | undefined) => (typeof v === 'number' ? v : undefined);

/**
 * Sets one watched network (admins): its node, the token's contract and decimals, the confirmations,
 * the extended public key and the first block. The key can't change once merchants have addresses
 * from it (the server's XPUB_LOCKED): the field is disabled then, and says why.
 */
export function ChainNetworkForm({
  editing,
  configured,
  onClose,
}: {
  /** The network to change, `new` for one not set yet, null when closed. */
  editing: ChainNetworkRow | 'new' | null;
  configured: Network[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSetChainNetwork();
  const { submit, formError, busy, clear } = useContractSubmit(form, chainNetworkSchema);
  const current = editing !== 'new' ? editing : null;
  const free = NETWORKS.filter((n) => !configured.includes(n));
  const locked = (current?.addresses ?? 0) > 0;
  const close = () => {
    clear();
    onClose();
  };
  return (
    <Modal
      open={editing !== null}
      title={current ? t('chain.editTitle', { network: current.network }) : t('chain.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      width={720}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={valuesOf(current, free)}
        onFinish={(v) => {
          const body = {
            network: current?.network ?? v.network,
            rpc_url: v.rpc_url ?? '',
            token_contract: v.token_contract ?? '',
            token_decimals: num(v.token_decimals),
            confirmations: num(v.confirmations),
            // A locked key is sent as it is: the server refuses any other (XPUB_LOCKED).
            xpub: locked && current ? current.xpub : (v.xpub ?? ''),
            start_block: num(v.start_block),
            enabled: v.enabled,
          };
          void submit(body, save.mutateAsync).then((saved) => {
            if (!saved) return;
            notify.success(t('common.saved'));
            close();
          });
        }}
      >
        <Flex gap={16} wrap>
          <Form.Item name="network" label={t('chain.network')}>
            <Select
              style={{ width: 260 }}
              disabled={current !== null}
              options={(current ? [current.network] : free).map((n) => ({
                value: n,
                label: watchable(n) ? n : t('chain.notWatchable', { network: n }),
                disabled: !watchable(n),
              }))}
            />
          </Form.Item>
          <Form.Item name="enabled" label={t('chain.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Form.Item name="rpc_url" label={t('chain.node')} extra={t('chain.nodeHelp')}>
          <Input placeholder="https://" maxLength={500} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="token_contract"
            label={t('chain.token')}
            extra={t('chain.tokenHelp')}
            style={{ flex: '1 1 380px' }}
          >
            <Input placeholder="0x…" />
          </Form.Item>
          <Form.Item name="token_decimals" label={t('chain.decimals')} extra={t('chain.decimalsHelp')}>
            <InputNumber min={0} max={36} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="xpub"
          label={t('chain.xpub')}
          extra={locked ? t('chain.xpubLocked', { count: current?.addresses ?? 0 }) : t('chain.xpubHelp')}
        >
          <Input.TextArea rows={2} disabled={locked} spellCheck={false} autoComplete="off" />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="confirmations"
            label={t('chain.confirmations')}
            extra={t('chain.confirmationsHelp')}
            style={{ flex: '1 1 260px' }}
          >
            <InputNumber min={1} max={1000} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="start_block"
            label={t('chain.startBlock')}
            extra={t('chain.startBlockHelp')}
            style={{ flex: '1 1 260px' }}
          >
            <InputNumber min={0} precision={0} style={{ width: 200 }} />
          </Form.Item>
        </Flex>
        <FormError error={formError} />
      </Form>
    </Modal>
  );
}
