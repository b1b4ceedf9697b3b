import Descriptions from 'antd/es/descriptions';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Who asked: the merchant's shop, name, phone and id (a link to the merchant's page). */
export function MerchantLine({
  merchant,
}: {
  merchant: { id: number; shop_name: string; phone: string; real_name?: string };
}) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={2} title={t('queues.merchant')}>
      <Descriptions.Item label={t('queues.shop')}>
        <Link to={paths.merchant(merchant.id)}>
          {merchant.shop_name} (#{merchant.id})
        </Link>
      </Descriptions.Item>
      {merchant.real_name !== undefined && (
        <Descriptions.Item label={t('queues.name')}>{merchant.real_name}</Descriptions.Item>
      )}
      <Descriptions.Item label={t('queues.phone')}>{merchant.phone}</Descriptions.Item>
    </Descriptions>
  );
}
