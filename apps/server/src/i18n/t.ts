import { DEFAULT_LANG, isLang, type Lang } from '@dropdesk/contract/constants';
import type { MessageKey } from '@dropdesk/contract/errors';
import en from '@dropdesk/contract/messages/en.json' with { type: 'json' };
import ja from '@dropdesk/contract/messages/ja.json' with { type: 'json' };
import ko from '@dropdesk/contract/messages/ko.json' with { type: 'json' };
import th from '@dropdesk/contract/messages/th.json' with { type: 'json' };
import tr from '@dropdesk/contract/messages/tr.json' with { type: 'json' };
import vi from '@dropdesk/contract/messages/vi.json' with { type: 'json' };
import zhCN from '@dropdesk/contract/messages/zh-CN.json' with { type: 'json' };

export const catalogues: Record<Lang, Record<string, string>> = { 'zh-CN': zhCN, en, ko, ja, th, vi, tr };

/** The language of a request's `lang` header; vi when absent or unknown. */
export function pickLang(header: unknown): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  return isLang(value) ? value : DEFAULT_LANG;
}

/** The message of `key` in `lang`, with `{name}` placeholders filled from `vars`. */
export function t(lang: Lang, key: MessageKey, vars?: Record<string, unknown>): string {
  const template = catalogues[lang][key] ?? catalogues[DEFAULT_LANG][key] ?? key;
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}
