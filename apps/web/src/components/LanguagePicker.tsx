import type { Lang } from '@dropdesk/contract/constants';
import { lazy, Suspense, useState } from 'react';
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
const LanguageSheet = lazy(() => import('./LanguageSheet'));

interface Props {
  /** Renders the control that opens the picker. */
  children: (open: () => void, current: Lang) => React.ReactNode;
}

export function LanguagePicker({ children }: Props) {
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
          <LanguageSheet
            open={visible}
            current={current}
            onClose={() => setVisible(false)}
            onChoose={(lang) => {
              setVisible(false);
              void chooseLanguage(lang);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
