import { formatDate } from '@dropdesk/web-kit/format';
import Steps from 'antd-mobile/es/components/steps';
import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import { currentLang } from '../../../lib/i18n';
import type { OrderDetail } from '../api/get-order-detail';
import { useOrderStatusLabel } from './labels';
import styles from './orders.module.css';

/** Every status the order reached, oldest first, with its time and the shipping notes (antd-mobile's Steps). */
export function Timeline({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const label = useOrderStatusLabel();
  const last = order.timeline.length - 1;
  return (
    <section className={ui.card} aria-labelledby="timeline-title" data-testid="timeline">
      <h2 id="timeline-title" className={ui.sectionTitle}>
        {t('orders.timeline')}
      </h2>
      <Steps direction="vertical" current={last}>
        {order.timeline.map((e, i) => (
          <Steps.Step
            // Events are append-only and oldest first: the index is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={i}
            title={label(e.status)}
            status={i < last ? 'finish' : e.status === -1 ? 'error' : 'process'}
            description={
              <>
                <time className={styles.stepTime} dateTime={e.at}>
                  {formatDate(e.at, lang)}
                </time>
                {e.note}
              </>
            }
          />
        ))}
      </Steps>
      {order.status === 0 && order.pay_deadline && (
        <p className={styles.note}>
          {t('orders.payDeadline', { date: formatDate(order.pay_deadline, lang) })}
        </p>
      )}
    </section>
  );
}
