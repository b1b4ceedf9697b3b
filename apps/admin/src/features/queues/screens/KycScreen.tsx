import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Image from 'antd/es/image';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { approveKyc, rejectKyc, useDecision } from '../api/decide';
import { type KycRow, useKycQueue } from '../api/get-kyc';
import { decide, decideAndTell } from '../components/decide';
import { MerchantLine } from '../components/MerchantLine';
import { QueueFrame } from '../components/QueueFrame';
import styles from '../components/queue.module.css';
import { ReasonModal } from '../components/ReasonModal';
import { usePresetReasons } from '../components/reasons';

/** Identity submissions: the three photos side by side with the typed fields. */
export default function KycScreen() {
  const { t } = useTranslation();
  const queue = useKycQueue();
  const approve = useDecision(approveKyc);
  const reject = useDecision(rejectKyc);
  const [rejecting, setRejecting] = useState<{ item: KycRow; done: () => void } | null>(null);
  const presets = usePresetReasons('kyc');
  return (
    <>
      <QueueFrame<KycRow>
        title={t('routes.kyc')}
        query={queue}
        empty={t('queues.emptyKyc')}
        row={(k) => (
          <span>
            <Typography.Text strong>{k.real_name}</Typography.Text> · {k.merchant.shop_name}
          </span>
        )}
        actions={(k, done) => ({
          busy: approve.isPending || reject.isPending,
          approve: () => decideAndTell(() => approve.mutateAsync(k.id), done, t('queues.verified')),
          reject: () => setRejecting({ item: k, done }),
        })}
        detail={(k) => (
          <>
            <Descriptions size="small" column={3} title={t('queues.identity')}>
              <Descriptions.Item label={t('queues.realName')}>
                <Typography.Text strong>{k.real_name}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.idNumber')}>
                <Typography.Text code>{k.id_number}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.submitted')}>{formatDate(k.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t('queues.registeredName')}>
                <Typography.Text type={k.merchant.registered_name === k.real_name ? undefined : 'warning'}>
                  {k.merchant.registered_name}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('queues.country')}>{k.merchant.country}</Descriptions.Item>
              <Descriptions.Item label={t('queues.rejectedBefore')}>
                {k.merchant.rejected_before}
              </Descriptions.Item>
            </Descriptions>
            <Image.PreviewGroup>
              <div className={styles.photos}>
                <figure>
                  <Image src={k.id_card_front_url} alt={t('queues.idFront')} />
                  <figcaption>{t('queues.idFront')}</figcaption>
                </figure>
                <figure>
                  <Image src={k.id_card_back_url} alt={t('queues.idBack')} />
                  <figcaption>{t('queues.idBack')}</figcaption>
                </figure>
                <figure>
                  <Image src={k.id_card_hand_url} alt={t('queues.idHand')} />
                  <figcaption>{t('queues.idHand')}</figcaption>
                </figure>
              </div>
            </Image.PreviewGroup>
            <Divider />
            <MerchantLine merchant={k.merchant} />
          </>
        )}
      />
      <ReasonModal
        open={rejecting !== null}
        title={t('queues.rejectIdentity', { name: rejecting?.item.real_name ?? '' })}
        okText={t('queues.reject')}
        presets={presets}
        onClose={() => setRejecting(null)}
        send={(reason) =>
          rejecting
            ? decide(
                () => reject.mutateAsync({ id: rejecting.item.id, ...reason }),
                rejecting.done,
                t('queues.rejected'),
              )
            : Promise.resolve()
        }
      />
    </>
  );
}
