import { foldedIncludes } from '@dropdesk/contract/fold';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../lib/i18n';
import { useCategories } from '../api/get-categories';
import { nameIn } from './names';

/** A category picker: parents with their children indented under them, searchable by name. */
export function CategorySelect(props: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  const categories = useCategories();
  const lang = currentLang();
  const rows = categories.data ?? [];
  const options = rows
    .filter((c) => c.parent_id === null)
    .flatMap((p) => [
      { value: p.id, label: nameIn(p.names, lang, p.main_lang) },
      ...rows
        .filter((c) => c.parent_id === p.id)
        .map((c) => ({ value: c.id, label: `— ${nameIn(c.names, lang, c.main_lang)}` })),
    ]);
  return (
    <Select
      {...props}
      aria-label={props.placeholder ?? t('catalogue.category')}
      loading={categories.isLoading}
      options={options}
      // Case and accents don't matter, as in every search (contract foldText): "dien" finds "Điện".
      showSearch={{ filterOption: (input, option) => foldedIncludes(String(option?.label ?? ''), input) }}
    />
  );
}
