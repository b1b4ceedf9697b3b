import type { ChainFacts } from '@dropdesk/contract/wallet';
import Alert from 'antd/es/alert';
import Descriptions from 'antd/es/descriptions';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

/**
 * A top-up the chain watcher saw (a transfer to the merchant's own address): the transaction and
 * its confirmations instead of a voucher. The watcher credits it once confirmed, so there is no
 * decision to take here (the server refuses one: CREDITED_BY_CHAIN).
 */
export function ChainTransfer({ chain }: { chain: ChainFacts }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions size="small" column={2} title={t('queues.chainTransfer')}>
        <Descriptions.Item label={t('queues.txHash')} span={2}>
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {chain.tx_hash}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('queues.confirmations')}>
          <Typography.Text strong>
            {t('queues.confirmationsOf', {
              n: formatNumber(chain.confirmations),
              required: formatNumber(chain.required),
            })}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('queues.block')}>
          {formatNumber(chain.block)} · #{chain.log_index}
        </Descriptions.Item>
        <Descriptions.Item label={t('queues.tokenAmount')}>{chain.token_amount}</Descriptions.Item>
        <Descriptions.Item label={t('queues.from')}>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {chain.from}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {chain.below_minimum && (
        <Alert type="warning" showIcon title={t('queues.belowMinimum')} style={{ marginBottom: 12 }} />
      )}
      <Typography.Paragraph type="secondary">{t('queues.chainNoDecision')}</Typography.Paragraph>
    </>
  );
}
