import { LANGUAGES } from '@dropdesk/contract/constants';
import { ERROR_KEYS } from '@dropdesk/contract/errors';
import serverEn from '@dropdesk/contract/messages/en.json';
import serverVi from '@dropdesk/contract/messages/vi.json';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setupI18n } from '../test/render';
import { switchLanguage } from './i18n';
import { contractError, messageOf } from './messages';

/** Every leaf string of a locale file. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return value && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [];
}
const normalised = (s: string) =>
  s
    .replace(/\{\{\s*(\w+)\s*\}\}/g, '{$1}')
    .trim()
    .toLowerCase();

describe('one message per key', () => {
  afterAll(() => switchLanguage('en'));

  it("tells a contract key in the server's own words, variables filled, in the interface language", async () => {
    await setupI18n();
    expect(messageOf('MIN_TOPUP', { min: '100.00' })).toBe(serverEn.MIN_TOPUP.replace('{min}', '100.00'));
    expect(messageOf('PASSWORDS_DO_NOT_MATCH')).toBe(serverEn.PASSWORDS_DO_NOT_MATCH);
    await switchLanguage('vi');
    // An amount variable is written in the reader's format, like every amount on screen.
    expect(messageOf('MIN_WITHDRAWAL', { min: '10.00' })).toBe(
      serverVi.MIN_WITHDRAWAL.replace('{min}', '10,00'),
    );
  });

  it("gives a contract schema's first issue in the server's words, with the schema's params", async () => {
    await setupI18n();
    const schema = z.number().refine((v) => v >= 5, { error: 'MIN_TOPUP', params: { min: '5.00' } });
    expect(contractError(schema, 1)).toBe('Minimum top-up 5.00');
    expect(contractError(schema, 6)).toBeUndefined();
    expect(contractError(z.string(), 1)).toBe(serverEn.FIELD_INVALID);
  });

  it.each(LANGUAGES)('%s: the web locale repeats no message of a server error key', async (lang) => {
    const web = (await import(`../locales/${lang}.json`)).default;
    const server: Record<string, string> = (await import(`@dropdesk/contract/messages/${lang}.json`)).default;
    const serverTexts = new Map(ERROR_KEYS.map((k) => [normalised(server[k] ?? ''), k]));
    const repeated = leaves(web)
      .map(normalised)
      .filter((s) => serverTexts.has(s))
      .map((s) => serverTexts.get(s));
    expect(repeated).toEqual([]);
  });
});
