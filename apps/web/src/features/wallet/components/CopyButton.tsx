import { useTranslation } from 'react-i18next';
import ui from '../../../components/ui.module.css';
import { copyText } from '../../../lib/clipboard';
import { toast } from '../../../lib/toast';
import styles from './wallet.module.css';

/** Copies one value the merchant pastes into their bank or wallet app, and says whether it worked. */
export function CopyButton({ text, label, wide = false }: { text: string; label: string; wide?: boolean }) {
  const { t } = useTranslation();
  const copy = async () =>
    (await copyText(text)) ? toast.success(t('wallet.copiedText')) : toast.fail(t('wallet.copyFailed'));
  return (
    <button
      type="button"
      className={wide ? ui.secondaryButton : styles.copy}
      aria-label={wide ? undefined : t('wallet.copyValue', { what: label })}
      onClick={() => void copy()}
    >
      {wide ? label : t('wallet.copyShort')}
    </button>
  );
}
