import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import theme from 'antd/es/theme';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../../../components/QueryState';
import { formatAge, formatDate, formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useChainWatch, type WatchedNetwork } from '../api/get-chain-watch';

/** A head older than this: the node stopped answering new blocks, or the watcher stopped asking. */
export const STALE_HEAD_MS = 5 * 60_000;

/** When something happened: how long ago, the date and time on hover. */
function When({ at, now }: { at: string | null; now: number }) {
  if (!at) return null;
  return <span title={formatDate(at)}>{formatAge(at, now)}</span>;
}

/** Whether a watched network's watcher needs a look: failures in a row, or no new block for 5 minutes. */
export function needsLook(n: WatchedNetwork, now: number): { failing: boolean; stale: boolean } {
  const h = n.health;
  if (!h) return { failing: false, stale: false };
  const headAge = h.head_at ? now - Date.parse(h.head_at) : Number.POSITIVE_INFINITY;
  return { failing: h.errors > 0, stale: n.enabled && headAge > STALE_HEAD_MS };
}

function WatcherCard({ network: n, now }: { network: WatchedNetwork; now: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const h = n.health;
  const { failing, stale } = needsLook(n, now);
  const warn = failing || stale;
  const state = !n.enabled
    ? { color: 'default', text: t('overview.chainOff') }
    : !h
      ? { color: 'default', text: t('overview.chainNotRun') }
      : warn
        ? { color: 'orange', text: t('overview.chainWarn') }
        : { color: 'green', text: t('overview.chainRunning') };
  return (
    <Card
      size="small"
      title={t('overview.chainWatcher', { network: n.network })}
      extra={<Tag color={state.color}>{state.text}</Tag>}
      style={warn ? { background: token.colorWarningBg, borderColor: token.colorWarningBorder } : undefined}
      data-warning={warn || undefined}
    >
      {!h ? (
        <Typography.Text type="secondary">{t('overview.chainNeverRan')}</Typography.Text>
      ) : (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('overview.chainHead')}>
            <Typography.Text type={stale ? 'warning' : undefined}>
              {h.head === null ? '—' : formatNumber(h.head)} · <When at={h.head_at} now={now} />
              {stale && ` · ${t('overview.chainStale')}`}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.chainScanned')}>
            {/* One inline box: the item's content is a flex row, which drops a bare space between items. */}
            <span>
              {formatNumber(h.scanned)} · <When at={h.scanned_at} now={now} />
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.chainLag')}>
            {h.lag === null ? '—' : t('overview.blocks', { count: h.lag, n: formatNumber(h.lag) })}
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.chainPending')}>{formatNumber(h.pending)}</Descriptions.Item>
          <Descriptions.Item label={t('overview.chainAlerts')}>
            <Link to={paths.chainAlerts}>{t('overview.openAlerts', { count: h.open_alerts })}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('overview.chainLastError')}>
            {h.last_error ? (
              <Typography.Text type={failing ? 'warning' : 'secondary'}>
                {h.last_error}
                <br />
                <When at={h.error_at} now={now} />
                {failing && ` · ${t('overview.chainFailures', { count: h.errors })}`}
              </Typography.Text>
            ) : (
              t('overview.chainNoError')
            )}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}

/**
 * The chain watcher on the overview, a card per watched network: the last block seen and scanned,
 * the lag, the transfers waiting, the open alerts and the last error, in warning colours when it
 * fails or no new block came for 5 minutes. No network set: one line saying chain top-ups are
 * credited by hand, and the way to the settings. The overview draws it for the roles that may read it.
 */
export function ChainWatch() {
  const { t } = useTranslation();
  const query = useChainWatch();
  // The reading's time (it changes with each reading, so the cards are drawn again with it).
  const now = query.dataUpdatedAt || Date.now();
  if (query.data && query.data.list.length > 0)
    return (
      <>
        {query.data.list.map((n) => (
          <Col key={n.network} xs={24} lg={12}>
            <WatcherCard network={n} now={now} />
          </Col>
        ))}
      </>
    );
  return (
    <Col xs={24} lg={12}>
      <Card size="small" title={t('overview.chainWatcherNone')}>
        <QueryState query={query}>
          {() => (
            <Typography.Text type="secondary">
              {t('overview.chainNone')} <Link to={paths.chain}>{t('overview.chainSetUp')}</Link>
            </Typography.Text>
          )}
        </QueryState>
      </Card>
    </Col>
  );
}
