import { QrCode } from '@dropdesk/web-kit/react/qr-code';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/Page';
import { QueryState } from '../../../components/QueryState';
import ui from '../../../components/ui.module.css';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import { useMerInfo } from '../api/get-mer-info';
import styles from './invite.module.css';

/** The merchant's own invitation code and link, each copyable, and the link as a QR code. */
export default function InviteCodeScreen() {
  const { t } = useTranslation();
  const { merinfo, query } = useMerInfo();
  const copy = async (text: string) => {
    if (await copyText(text)) toast.success(t('invite.copied'));
    else toast.fail(t('invite.copyFailed'));
  };
  return (
    <Page title={t('routes.code')}>
      <QueryState query={{ ...query, data: merinfo ?? undefined }}>
        {(merinfo) => (
          <section className={`${ui.card} ${styles.card}`}>
            <p className={ui.hint}>{t('invite.text')}</p>
            <p className={styles.codeLabel}>{t('invite.code')}</p>
            <p className={styles.code} data-testid="invite-code">
              {merinfo.invite_code}
            </p>
            <button
              type="button"
              className={ui.secondaryButton}
              onClick={() => void copy(merinfo.invite_code)}
            >
              {t('invite.copyCode')}
            </button>
            <div className={styles.qr}>
              <QrCode text={merinfo.invite_link} label={t('invite.qrLabel')} />
            </div>
            <p className={styles.codeLabel}>{t('invite.link')}</p>
            <p className={styles.link} data-testid="invite-link">
              {merinfo.invite_link}
            </p>
            <button type="button" className={ui.button} onClick={() => void copy(merinfo.invite_link)}>
              {t('invite.copyLink')}
            </button>
          </section>
        )}
      </QueryState>
    </Page>
  );
}
