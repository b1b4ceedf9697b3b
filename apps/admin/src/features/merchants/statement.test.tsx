import { file, type Handler, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newMerchantDetail, noFunds } from '../../test/factories';
import { meRoute, renderConsole, shows, signInAs } from '../../test/render';

/**
 * 20:00 UTC on 14 March 2026 is already the 15th in Ho Chi Minh City (UTC+7): the statement's
 * period starts as the merchant's month so far, in the merchant's days.
 */
const NOW = Date.parse('2026-03-14T20:00:00.000Z');

const STATEMENT = 'GET /admin/merchants/statement';

/** The merchant's page, funds tab, as the server answers it to support and admins. */
const merchantPage = (merchant: ReturnType<typeof newMerchantDetail>): Record<string, Handler> => ({
  'GET /admin/merchants/detail': () => ok(merchant),
  'GET /admin/merchants/funds': () => ok(noFunds),
});

/** What the browser was asked to save: each link clicked, with its name and the Blob behind it. */
function watchDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: { name: string; blob: Blob | undefined }[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost/${blobs.size + 1}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

async function openStatementForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Statement' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent("The merchant's statement");
  return dialog;
}

describe("a merchant's statement, produced from the console", () => {
  beforeEach(() => {
    // Only the date stands still: antd's and the test's timers run as usual.
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("downloads the merchant's month so far as a PDF, under the server's name", async () => {
    const user = userEvent.setup();
    signInAs('support');
    const merchant = newMerchantDetail({ id: 40 });
    const { of } = mockApi({
      ...meRoute('support'),
      ...merchantPage(merchant),
      [STATEMENT]: () =>
        file('%PDF-1.7 the statement', 'application/pdf', 'statement-2026-03-01-2026-03-15.pdf'),
    });
    const saved = watchDownloads();
    await renderConsole('/merchants/40?tab=funds');

    const form = await openStatementForm(user);
    expect(form).toHaveTextContent(
      "The statement is produced in the merchant's language (Tiếng Việt) and time zone (Asia/Ho_Chi_Minh)",
    );
    expect(form).toHaveTextContent('Producing it is recorded in the audit log.');
    expect(within(form).getByRole('radio', { name: 'PDF (to read)' })).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Download' }));

    await shows('Statement saved: statement-2026-03-01-2026-03-15.pdf');
    expect(of(STATEMENT)).toHaveLength(1);
    const { query, headers } = of(STATEMENT)[0]!;
    expect(Object.fromEntries(query)).toEqual({
      id: '40',
      from: '2026-03-01',
      to: '2026-03-15',
      format: 'pdf',
    });
    expect(headers.get('token')).toBe('tok-test');
    expect(headers.get('lang')).toBe('en');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('statement-2026-03-01-2026-03-15.pdf');
    expect(saved[0]!.blob?.type).toBe('application/pdf');
    expect(await saved[0]!.blob?.text()).toBe('%PDF-1.7 the statement');
  });

  it("saves the verifier's JSON as a file too: JSON, but the statement and not an envelope", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const merchant = newMerchantDetail({ id: 41 });
    const { of } = mockApi({
      ...meRoute('admin'),
      ...merchantPage(merchant),
      [STATEMENT]: () =>
        file(
          '{"format":"dropdesk-statement-v1","merchant":41}',
          'application/json; charset=utf-8',
          'statement-2026-03-01-2026-03-15.json',
        ),
    });
    const saved = watchDownloads();
    await renderConsole('/merchants/41?tab=funds');

    const form = await openStatementForm(user);
    await user.click(within(form).getByRole('radio', { name: 'JSON (for the verifier)' }));
    await user.click(within(form).getByRole('button', { name: 'Download' }));

    await shows('Statement saved: statement-2026-03-01-2026-03-15.json');
    expect(of(STATEMENT)[0]!.query.get('format')).toBe('json');
    expect(saved.map((s) => s.name)).toEqual(['statement-2026-03-01-2026-03-15.json']);
    expect(await saved[0]!.blob?.text()).toContain('"format":"dropdesk-statement-v1"');
  });

  it("shows the server's refusal of the period under the period, and saves nothing", async () => {
    const user = userEvent.setup();
    signInAs('support');
    const merchant = newMerchantDetail({ id: 42 });
    const { of } = mockApi({
      ...meRoute('support'),
      ...merchantPage(merchant),
      [STATEMENT]: () =>
        refusal('INVALID_INPUT', 'Check the highlighted fields', {
          fields: { to: 'The period must end on or after the day it starts, and cover at most 366 days' },
        }),
    });
    const saved = watchDownloads();
    await renderConsole('/merchants/42?tab=funds');

    const form = await openStatementForm(user);
    await user.click(within(form).getByRole('button', { name: 'Download' }));

    await waitFor(() =>
      expect(form).toHaveTextContent(
        'The period must end on or after the day it starts, and cover at most 366 days',
      ),
    );
    // Under the period field, not as a message about the form.
    const period = within(form).getByText('Period').closest('.ant-form-item');
    expect(period).toHaveTextContent('The period must end on or after the day it starts');
    expect(form.querySelector('.ant-alert')).toBeNull();
    expect(of(STATEMENT)).toHaveLength(1);
    expect(saved).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is not offered to a reviewer, whose role cannot open the merchant at all', async () => {
    signInAs('reviewer');
    const { calls } = mockApi({ ...meRoute('reviewer') });
    await renderConsole('/merchants/40?tab=funds');
    await shows('Not for your role');
    expect(screen.queryByRole('button', { name: 'Statement' })).not.toBeInTheDocument();
    expect(calls.map((c) => c.path)).not.toContain('/admin/merchants/statement');
  });
});
