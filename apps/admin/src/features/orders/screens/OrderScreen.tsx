import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Row from 'antd/es/row';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { MoneyTrail, OrderTimeline } from '../../../components/MoneyTrail';
import { useOrderStatusName } from '../../../components/order-status';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useOrder } from '../api/get-order';
import { ProgressForm, ShipForm } from '../components/ShippingForms';
import { OrderStatusTag } from '../components/StatusTag';

/** One order, unmasked: the shipping step it waits for, its money trail and its timeline. */
export default function OrderScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const order = useOrder(id);
  const statusName = useOrderStatusName();
  return (
    <QueryState query={order} heading={<PageTitle title={t('routes.order')} />}>
      {(o) => (
        <>
          <PageTitle
            title={t('orders.orderTitle', { no: o.order_no })}
            extra={<OrderStatusTag status={o.status} />}
          />
          {(o.status === 1 || o.status === 2 || o.status === 6) && (
            <Card size="small" title={t('orders.shipping')} style={{ marginBottom: 16 }}>
              {o.status === 1 && <ShipForm orderId={o.id} />}
              {o.status === 2 && <ProgressForm orderId={o.id} next={6} />}
              {o.status === 6 && <ProgressForm orderId={o.id} next={7} />}
            </Card>
          )}
          <Row gutter={16}>
            <Col span={16}>
              <Card size="small" style={{ marginBottom: 16 }}>
                <Descriptions size="small" column={2}>
                  <Descriptions.Item label={t('orders.shop')}>
                    <Link to={paths.merchant(o.merchant_id)}>
                      {o.shop_name} (#{o.merchant_id})
                    </Link>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('orders.placed')}>{formatDate(o.created_at)}</Descriptions.Item>
                  <Descriptions.Item label={t('orders.product')} span={2}>
                    {o.title} × {o.quantity}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('orders.total')}>{formatMoney(o.total)}</Descriptions.Item>
                  <Descriptions.Item label={t('orders.costTotal')}>
                    {formatMoney(o.cost_total)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('orders.receiver')}>
                    {o.receiver_name}, {o.receiver_phone}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('orders.address')}>{o.address}</Descriptions.Item>
                  <Descriptions.Item label={t('orders.tracking')}>
                    {o.tracking_no ? `${o.carrier} ${o.tracking_no}` : '—'}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('orders.refund')}>{o.refund_status ?? '—'}</Descriptions.Item>
                </Descriptions>
              </Card>
              <MoneyTrail money={o.money} />
            </Col>
            <Col span={8}>
              <Card size="small" title={t('orders.timeline')}>
                <OrderTimeline events={o.timeline} statusName={statusName} />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </QueryState>
  );
}
