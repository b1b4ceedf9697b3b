import type { Lang } from '@dropdesk/contract/constants';

/** A name kept per language: the reader's, else the main language's, else any. */
export function nameIn(names: Record<string, string>, lang: Lang, mainLang: string): string {
  return names[lang] || names[mainLang] || Object.values(names)[0] || '';
}
