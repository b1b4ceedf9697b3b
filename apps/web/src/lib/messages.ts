import { DEFAULT_LANG } from '@dropdesk/contract/constants';
import { isMessageKey, type MessageKey, type RefusalVars } from '@dropdesk/contract/errors';
import type { z } from 'zod';
import { currentLang, i18n, SERVER_NS } from './i18n';
import { formatAmount, isWireAmount } from './money';

type VarsArgs<K extends MessageKey> = K extends keyof RefusalVars ? [vars: RefusalVars[K]] : [];

function fill(template: string, vars?: Record<string, unknown>): string {
  if (!vars) return template;
  // An amount (the contract sends "100.00") is written in the reader's format, as everywhere else.
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    vars[name] === undefined
      ? whole
      : isWireAmount(vars[name])
        ? formatAmount(vars[name])
        : String(vars[name]),
  );
}

function template(key: MessageKey): string {
  const lang = currentLang();
  const found = i18n.getResource(lang, SERVER_NS, key) ?? i18n.getResource(DEFAULT_LANG, SERVER_NS, key);
  return typeof found === 'string' ? found : key;
}

/**
 * The server's message for a contract key, in the interface language, from the server's own
 * catalogue (loaded with the language): when the web checks a rule before the round trip, it says
 * what the server would say. The web keeps no copy of these messages.
 */
export function messageOf<K extends MessageKey>(key: K, ...vars: VarsArgs<K>): string {
  return fill(template(key), vars[0]);
}

/**
 * The server's message for the first issue the contract's schema finds in `value`, or undefined
 * when it passes: the contract's rule, the server's words (and a zod issue's `params` fill them).
 */
export function contractError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : issueMessage(result.error.issues[0]);
}

/**
 * The words for one zod issue: a contract key in the server's words (a custom issue's `params` fill
 * them); a web refinement's own text (a custom issue whose message is no key) as it is; zod's
 * built-in English as FIELD_INVALID.
 */
export function issueMessage(issue: z.core.$ZodIssue | undefined): string {
  if (issue?.code === 'custom' && !isMessageKey(issue.message) && issue.message) return issue.message;
  const key: MessageKey = isMessageKey(issue?.message) ? issue.message : 'FIELD_INVALID';
  const params = issue?.code === 'custom' ? issue.params : undefined;
  return fill(template(key), params);
}
