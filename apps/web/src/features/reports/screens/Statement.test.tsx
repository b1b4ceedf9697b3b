import en from '@dropdesk/contract/messages/en.json' with { type: 'json' };
import { file, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newConfig, newMerInfo } from '../../../test/factories';
import { expectToast, logIn, renderApp } from '../../../test/render';
import { dayIn, periodOf } from '../components/StatementSheet';

const user = userEvent.setup({ pointerEventsCheck: 0 });
const ZONE = 'Asia/Ho_Chi_Minh';

/** What the screens around the sheet ask for. */
const around = {
  'GET /merchant/common/config': () => ok(newConfig()),
  'GET /merchant/merchant/getMerInfo': () => ok(newMerInfo({ time_zone: ZONE })),
  'GET /merchant/merchant/bill': () =>
    ok({
      total: 0,
      page: 1,
      limit: 20,
      list: [],
      account: 'wallet',
      range: 'all',
      from: null,
      to: null,
      sums: { count: 0, amount: '0.00', fees: '0.00' },
    }),
  // The finance screen behind the sheet may show its own failure: not what this test is about.
  'GET /merchant/merchant/financial_report': () => 'network-error' as const,
};

describe('the statement sheet', () => {
  let saved: { name: string; type: string }[];
  beforeEach(() => {
    saved = [];
    // The browser's save: the link the kit clicks, with the blob behind it.
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:statement', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, type: this.href });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('periods: this month up to today, last month whole (across a year), this year', () => {
    expect(periodOf('month', '2026-11-29')).toEqual({ from: '2026-11-01', to: '2026-11-29' });
    expect(periodOf('lastMonth', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf('lastMonth', '2024-03-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodOf('lastMonth', '2027-01-05')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodOf('year', '2026-11-29')).toEqual({ from: '2026-01-01', to: '2026-11-29' });
    // Today is the merchant's: 20:00 UTC is already tomorrow in Ho Chi Minh City.
    expect(dayIn(ZONE, new Date('2026-11-29T20:00:00Z'))).toBe('2026-11-30');
  });

  it('downloads last month as JSON from the funds records, saved under the server’s name', async () => {
    logIn({ time_zone: ZONE });
    const { of } = mockApi({
      ...around,
      'GET /merchant/merchant/statement': (c) =>
        file(
          '{"format":"dropdesk-statement-v1"}',
          'application/json; charset=utf-8',
          `statement-${c.query.get('from')}-${c.query.get('to')}.json`,
        ),
    });
    await renderApp('/fundsRecords');
    await user.click(
      within(await screen.findByTestId('statement-actions')).getByRole('button', {
        name: 'Download statement',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Download a statement' });
    await user.click(within(dialog).getByRole('button', { name: 'Last month' }));
    await user.click(within(dialog).getByRole('button', { name: 'JSON' }));
    expect(within(dialog).getByText(/For the Verify page/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [call] = of('GET /merchant/merchant/statement');
    const expected = periodOf('lastMonth', dayIn(ZONE));
    expect(Object.fromEntries(call!.query)).toEqual({ ...expected, format: 'json' });
    expect(call!.headers.get('token')).toBe('tok-test');
    expect(saved[0]!.name).toBe(`statement-${expected.from}-${expected.to}.json`);
    await expectToast(`Saved statement-${expected.from}-${expected.to}.json`);
  });

  it('a period the server refuses says why under the field, and nothing is saved', async () => {
    logIn({ time_zone: ZONE });
    mockApi({
      ...around,
      'GET /merchant/merchant/statement': () =>
        refusal('INVALID_INPUT', 'Please check the marked fields', {
          fields: { to: en.FIELD_STATEMENT_PERIOD },
        }),
    });
    await renderApp('/finance');
    // In the header there: the report stays within two screens.
    await user.click(await screen.findByRole('button', { name: 'Download statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download a statement' });
    await user.click(within(dialog).getByRole('button', { name: 'Choose days' }));
    await user.clear(within(dialog).getByLabelText('From'));
    await user.type(within(dialog).getByLabelText('From'), '2026-11-20');
    await user.clear(within(dialog).getByLabelText('To (included)'));
    await user.type(within(dialog).getByLabelText('To (included)'), '2026-11-10');
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(en.FIELD_STATEMENT_PERIOD);
    expect(within(dialog).getByLabelText('To (included)')).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toEqual([]);
  });
});
