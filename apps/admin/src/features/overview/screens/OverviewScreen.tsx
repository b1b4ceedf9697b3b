import { adminChainRoutes } from '@dropdesk/contract/chain';
import { adminKycRoutes } from '@dropdesk/contract/kyc';
import { merchantAdminRoutes } from '@dropdesk/contract/merchants-admin';
import { adminOrderRoutes } from '@dropdesk/contract/orders';
import { overviewRoutes, type Queue } from '@dropdesk/contract/overview';
import type { RouteDef } from '@dropdesk/contract/route';
import { adminWalletRoutes } from '@dropdesk/contract/wallet';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOrderStatusName } from '../../../components/order-status';
import { PageTitle } from '../../../components/PageTitle';
import { QueryState } from '../../../components/QueryState';
import { formatAge, formatDate, formatMoney, formatNumber } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { canUse } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { type Overview, useOverview } from '../api/get-overview';
import { useRunLedgerCheck } from '../api/run-ledger-check';
import { ChainWatch } from '../components/ChainWatch';
import { PayoutPromise } from '../components/PayoutPromise';

const QUEUE_PATHS: Record<Queue, string> = {
  recharges: paths.recharges,
  withdrawals: paths.withdrawals,
  kyc: paths.kyc,
  appeals: paths.appeals,
  adjustments: paths.adjustments,
  shipping: `${paths.orders}?status=1`,
};

/** The row each queue's screen reads: a queue links to its screen for the roles that can use it. */
const QUEUE_ROWS: Record<Queue, Pick<RouteDef, 'roles'>> = {
  recharges: adminWalletRoutes.recharges,
  withdrawals: adminWalletRoutes.withdrawals,
  kyc: adminKycRoutes.list,
  appeals: adminOrderRoutes.appeals,
  adjustments: merchantAdminRoutes.adjustments,
  shipping: adminOrderRoutes.orders,
};

function Queues({ queues }: { queues: Overview['queues'] }) {
  const { t } = useTranslation();
  const { operator } = useSession();
  const names: Record<Queue, string> = {
    recharges: t('routes.recharges'),
    withdrawals: t('routes.withdrawals'),
    kyc: t('routes.kyc'),
    appeals: t('routes.appeals'),
    adjustments: t('routes.adjustments'),
    shipping: t('overview.shipping'),
  };
  return (
    <Card title={t('overview.queues')} size="small">
      <Table
        size="small"
        rowKey="queue"
        pagination={false}
        dataSource={queues}
        columns={[
          {
            title: t('overview.queue'),
            render: (_, q) =>
              canUse(operator?.role, QUEUE_ROWS[q.queue]) ? (
                <Link to={QUEUE_PATHS[q.queue]}>{names[q.queue]}</Link>
              ) : (
                names[q.queue]
              ),
          },
          { title: t('queues.size'), align: 'right', render: (_, q) => formatNumber(q.pending) },
          { title: t('queues.oldest'), render: (_, q) => (q.oldest_at ? formatAge(q.oldest_at) : '—') },
        ]}
      />
    </Card>
  );
}

function LedgerCheck({ check }: { check: Overview['ledger_check'] }) {
  const { t } = useTranslation();
  const { operator } = useSession();
  const run = useRunLedgerCheck();
  const canRun = canUse(operator?.role, overviewRoutes.runLedgerCheck);
  return (
    <Card
      title={t('overview.ledgerCheck')}
      size="small"
      extra={
        canRun && (
          <Button
            loading={run.isPending}
            onClick={() =>
              run.mutate(undefined, {
                onSuccess: (c) =>
                  c.ok ? notify.success(t('overview.checkOk')) : notify.error(t('overview.checkFailed')),
                onError: (e) => notify.error(e.message),
              })
            }
          >
            {t('overview.runCheck')}
          </Button>
        )
      }
    >
      {check ? (
        <>
          <Alert
            type={check.ok ? 'success' : 'error'}
            showIcon
            title={
              check.ok ? t('overview.ledgerOk') : t('overview.ledgerProblems', { count: check.problems })
            }
            description={t('overview.ledgerWhen', {
              at: formatDate(check.at),
              journals: formatNumber(check.journals),
              postings: formatNumber(check.postings),
              ms: formatNumber(check.duration_ms),
            })}
          />
          {check.summary.length > 0 && (
            <ul>
              {check.summary.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <Typography.Text type="secondary">{t('overview.ledgerNever')}</Typography.Text>
      )}
    </Card>
  );
}

/** The first screen after sign-in, for every role: the platform's figures from its recorded events. */
export default function OverviewScreen() {
  const { t } = useTranslation();
  const overview = useOverview();
  const statusName = useOrderStatusName();
  const { operator } = useSession();
  const seesChain = canUse(operator?.role, adminChainRoutes.networks);
  return (
    <>
      <PageTitle
        title={t('routes.overview')}
        sub={overview.data && t('overview.zone', { zone: overview.data.time_zone })}
      />
      <QueryState query={overview}>
        {(o) => (
          <Row gutter={[16, 16]}>
            <Col xs={12} lg={6}>
              <Card size="small">
                <Statistic title={t('overview.todayOrders')} value={formatNumber(o.today.orders)} />
              </Card>
            </Col>
            <Col xs={12} lg={6}>
              <Card size="small">
                <Statistic title={t('overview.todaySales')} value={formatMoney(o.today.sales)} />
              </Card>
            </Col>
            <Col xs={12} lg={6}>
              <Card size="small">
                <Statistic title={t('overview.monthOrders')} value={formatNumber(o.month.orders)} />
              </Card>
            </Col>
            <Col xs={12} lg={6}>
              <Card size="small">
                <Statistic title={t('overview.monthSales')} value={formatMoney(o.month.sales)} />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Queues queues={o.queues} />
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('overview.money')} size="small">
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('overview.escrow')}>
                    {formatMoney(o.money.escrow)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('overview.holds')}>
                    {formatMoney(o.money.withdraw_holds)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('overview.wallets')}>
                    {formatMoney(o.money.wallets)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('overview.revenue')}>
                    {formatMoney(o.money.revenue)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('overview.supplierPayable')}>
                    {formatMoney(o.money.supplier_payable)}
                  </Descriptions.Item>
                </Descriptions>
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <PayoutPromise promise={o.payout_promise} />
            </Col>
            <Col xs={24} lg={12}>
              <Card title={t('overview.byStatus')} size="small">
                <Table
                  size="small"
                  rowKey="status"
                  pagination={false}
                  dataSource={o.orders_by_status}
                  columns={[
                    {
                      title: t('orders.status'),
                      render: (_, s) => (
                        <Link to={`${paths.orders}?status=${s.status}`}>{statusName(s.status)}</Link>
                      ),
                    },
                    { title: t('overview.count'), align: 'right', render: (_, s) => formatNumber(s.count) },
                  ]}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <LedgerCheck check={o.ledger_check} />
            </Col>
            {seesChain && <ChainWatch />}
          </Row>
        )}
      </QueryState>
    </>
  );
}
