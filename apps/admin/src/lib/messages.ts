import { DEFAULT_LANG } from '@dropdesk/contract/constants';
import { isMessageKey, type MessageKey } from '@dropdesk/contract/errors';
import type { z } from 'zod';
import { currentLang, i18n, SERVER_NS } from './i18n';

function fill(template: string, vars?: Record<string, unknown>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    vars[name] === undefined ? whole : String(vars[name]),
  );
}

/** The server's message for a contract key, in the console's language (the server's own catalogue). */
export function messageOf(key: MessageKey, vars?: Record<string, unknown>): string {
  const lang = currentLang();
  const found = i18n.getResource(lang, SERVER_NS, key) ?? i18n.getResource(DEFAULT_LANG, SERVER_NS, key);
  return fill(typeof found === 'string' ? found : key, vars);
}

/** The words for one zod issue of a contract schema: the server's, for the key the schema names. */
export function issueMessage(issue: z.core.$ZodIssue | undefined): string {
  const key: MessageKey = isMessageKey(issue?.message) ? issue.message : 'FIELD_INVALID';
  const params = issue?.code === 'custom' ? issue.params : undefined;
  return messageOf(key, params);
}
