import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../lib/http';
import { currentLang, switchLanguage } from '../lib/i18n';
import { getToken } from '../lib/session';

/** Switches the interface language; a logged-in merchant's choice is also saved on the server. */
export async function chooseLanguage(lang: Lang): Promise<void> {
  await switchLanguage(lang);
  if (getToken()) {
    await request('GET', '/merchant/merchant/set_language', { query: { lang }, quiet: true }).catch(
      () => undefined,
    );
  }
}

/**
 * Fetched on first open: the sheet brings antd-mobile's popup, mask and animation library (~35 KB
 * gzip), which /login would otherwise download before showing its form.
 */
const ActionSheet = lazy(() => import('antd-mobile/es/components/action-sheet'));

interface Props {
  /** Renders the control that opens the picker. */
  children: (open: () => void, current: Lang) => React.ReactNode;
}

export function LanguagePicker({ children }: Props) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const [opened, setOpened] = useState(false);
  const current = currentLang();
  const open = () => {
    setOpened(true);
    setVisible(true);
  };
  return (
    <>
      {children(open, current)}
      {opened && (
        <Suspense fallback={null}>
          <ActionSheet
            visible={visible}
            onClose={() => setVisible(false)}
            extra={t('language.choose')}
            cancelText={t('common.cancel')}
            actions={LANGUAGES.map((lang) => ({
              key: lang,
              text: (
                <span lang={lang}>
                  {LANGUAGE_NAMES[lang]}
                  {lang === current ? ' ✓' : ''}
                </span>
              ),
              onClick: () => {
                setVisible(false);
                void chooseLanguage(lang);
              },
            }))}
          />
        </Suspense>
      )}
    </>
  );
}
