import { LANGUAGE_NAMES, LANGUAGES, type Lang } from '@dropdesk/contract/constants';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';

/** A name per language (`names.<lang>`) and the main language the others fall back to. */
export function NamesFields({
  label,
  mainLabel,
  withMain = true,
}: {
  label: string;
  mainLabel: string;
  withMain?: boolean;
}) {
  return (
    <>
      {withMain && (
        <Form.Item name="main_lang" label={mainLabel}>
          <Select options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
        </Form.Item>
      )}
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <legend style={{ marginBottom: 8 }}>{label}</legend>
        {LANGUAGES.map((l) => (
          <Form.Item key={l} name={['names', l]} label={LANGUAGE_NAMES[l]} style={{ marginBottom: 8 }}>
            <Input lang={l} maxLength={60} />
          </Form.Item>
        ))}
      </fieldset>
    </>
  );
}

/** The names the body carries: the languages filled in (a blank one is left out). */
export function namesOf(names: Partial<Record<Lang, string>> | undefined): Partial<Record<Lang, string>> {
  return Object.fromEntries(Object.entries(names ?? {}).filter(([, v]) => v && v.trim() !== '')) as Partial<
    Record<Lang, string>
  >;
}
