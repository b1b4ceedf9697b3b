import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { currentLang, switchLanguage } from '../lib/i18n';

/** The operator's language (kept in localStorage `console-lang`, sent as the `lang` header). */
export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  return (
    <Select<Lang>
      aria-label={t('common.language')}
      value={currentLang()}
      key={i18n.language}
      style={{ width: 140 }}
      onChange={(lang) => void switchLanguage(lang)}
      options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
    />
  );
}
