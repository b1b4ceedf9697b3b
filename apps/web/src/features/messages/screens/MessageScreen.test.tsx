import { type Call, mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newMerInfo, orderBadge } from '../../../test/factories';
import { listEndInView, logIn, logOut, renderApp } from '../../../test/render';
import { config, messagePage, newNotice, newSystemMessage } from '../test/factories';

const user = userEvent.setup({ pointerEventsCheck: 0 });

const LIST = 'GET /merchant/index/notice';
const UNREAD = 'GET /merchant/index/notice_unread';
const SEE = 'POST /merchant/index/see_notice';
const lists = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/index/notice');
const sees = (calls: Call[]) => calls.filter((c) => c.path === '/merchant/index/see_notice');

describe('messages', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('tabs with their unread counts; opened on system messages while they hold unread ones, notices written in the reader’s language with amounts', async () => {
    logIn();
    const broadcast = newSystemMessage();
    const read = newSystemMessage({ title: 'Welcome', body: 'Hello', read: true });
    const paid = newNotice({ id: 41 });
    const promo = newNotice({
      kind: 'promotion_started',
      params: { package: 'Gold lane', count: 1200, ends_at: '2026-12-01T00:00:00.000Z' },
      link: { type: 'express_purchase', id: 3 },
      read: true,
    });
    const arbitrated = newNotice({
      kind: 'refund_arbitrated',
      params: { order_no: 'T9', decision: 'refund', amount: '1234.50', reason: 'Broken on arrival' },
      link: { type: 'refund', id: 2 },
    });
    const { calls } = mockApi({
      ...config,
      [UNREAD]: () => ok({ system: 1, notice: 2 }),
      [LIST]: (c) =>
        c.query.get('type') === 'notice'
          ? messagePage([arbitrated, promo, paid], { system: 1, notice: 2 })
          : messagePage([broadcast, read], { system: 1, notice: 2 }),
    });
    const { router } = await renderApp('/message');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Messages · Dropdesk'));

    const tabs = within(screen.getByTestId('message-tabs'));
    expect(await tabs.findByRole('button', { name: 'System messages 1 unread' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(tabs.getByRole('button', { name: 'Notices 2 unread' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('unread-system')).toHaveTextContent('1');
    expect(screen.getByTestId('unread-notice')).toHaveTextContent('2');
    await waitFor(() => expect(router.state.location.search).toBe('?type=system'));

    const rows = await screen.findAllByTestId('message-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Unread: Maintenance tonightFrom 01:00 to 02:00.Platform team');
    expect(rows[0]).toHaveAttribute('href', `/messageDetail?type=system&id=${broadcast.id}`);
    expect(rows[1]).not.toHaveTextContent('Unread');
    expect(lists(calls)[0]?.query.get('type')).toBe('system');
    expect(lists(calls)[0]?.query.get('is_see')).toBe('all');

    await user.click(tabs.getByRole('button', { name: 'Notices 2 unread' }));
    expect(router.state.location.search).toBe('?type=notice');
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(3));
    const notices = screen.getAllByTestId('message-row');
    await waitFor(() =>
      expect(notices[0]).toHaveTextContent(
        "The platform granted the buyer's appeal on order T9: $1,234.50 was refunded.",
      ),
    );
    expect(notices[1]).toHaveTextContent(
      'Your express lane package Gold lane has started: 1,200 products are featured until Dec 1, 2026.',
    );
    expect(notices[2]).toHaveTextContent(
      'Order T100 was paid ($23.00) and is waiting for you to pick it up.',
    );
    expect(notices[2]).toHaveAttribute('href', '/messageDetail?type=notice&id=41');
    expect(notices[2]).toHaveTextContent('System');
  });

  it('mark all read: reads the open tab only, and its count goes', async () => {
    logIn();
    let unread = { system: 1, notice: 2 };
    const items = () => [
      newNotice({ id: 1, read: unread.notice === 0 }),
      newNotice({ id: 2, read: unread.notice === 0 }),
    ];
    const { calls } = mockApi({
      ...config,
      [UNREAD]: () => ok(unread),
      [LIST]: () => messagePage(items(), unread),
      [SEE]: () => {
        unread = { system: 1, notice: 0 };
        return ok({ marked: 2, unread });
      },
    });
    await renderApp('/message?type=notice');
    const button = await screen.findByRole('button', { name: 'Mark all read' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('2 unread');
    await waitFor(() => expect(screen.getAllByText(/^Unread:/)).toHaveLength(2));

    await user.click(button);
    await waitFor(() => expect(sees(calls)).toHaveLength(1));
    expect(sees(calls)[0]?.body).toEqual({ type: 'notice', all: true });
    await waitFor(() => expect(screen.queryByTestId('unread-notice')).toBeNull());
    expect(screen.getByTestId('unread-system')).toHaveTextContent('1');
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('Everything here is read');
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    // The list is asked again and shows the rows read.
    await waitFor(() => expect(screen.queryAllByText(/^Unread:/)).toHaveLength(0));
  });

  it('loads the next page at the end of the list', async () => {
    logIn();
    const undo = listEndInView();
    try {
      const first = Array.from({ length: 20 }, (_, i) => newNotice({ id: 100 - i, read: true }));
      const second = [newNotice({ id: 50, read: true, params: { order_no: 'LAST', amount: '1.00' } })];
      const { calls } = mockApi({
        ...config,
        [UNREAD]: () => ok({ system: 0, notice: 0 }),
        [LIST]: (c) =>
          c.query.get('page') === '2'
            ? messagePage(second, { system: 0, notice: 0 }, { total: 21, page: 2 })
            : messagePage(first, { system: 0, notice: 0 }, { total: 21 }),
      });
      await renderApp('/message?type=notice');
      expect(await screen.findByText(/Order LAST was paid/)).toBeInTheDocument();
      expect(screen.getAllByTestId('message-row')).toHaveLength(21);
      expect(lists(calls).map((c) => c.query.get('page'))).toEqual(['1', '2']);
      expect(await screen.findByText('No more records')).toBeInTheDocument();
    } finally {
      undo();
    }
  });

  it('an empty tab says so; a failed list says why with a retry, and the header button refreshes', async () => {
    logIn();
    let fail = true;
    const { calls } = mockApi({
      ...config,
      [UNREAD]: () => ok({ system: 0, notice: 0 }),
      [LIST]: () =>
        fail
          ? { status: 500, body: { code: 500, error: 'INTERNAL', msg: 'boom' } }
          : messagePage([], { system: 0, notice: 0 }),
    });
    await renderApp('/message?type=system');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('No system messages yet')).toBeInTheDocument();
    const before = lists(calls).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(lists(calls).length).toBe(before + 1));
  });

  it('opened without a tab, opens where the unread ones are: 14 unread notices and no unread system message', async () => {
    logIn();
    const notices = Array.from({ length: 14 }, (_, i) => newNotice({ id: 200 - i }));
    const { calls } = mockApi({
      ...config,
      [UNREAD]: () => ok({ system: 0, notice: 14 }),
      [LIST]: (c) =>
        c.query.get('type') === 'notice'
          ? messagePage(notices, { system: 0, notice: 14 })
          : messagePage([newSystemMessage({ read: true })], { system: 0, notice: 14 }),
    });
    const { router } = await renderApp('/message');
    const tabs = within(await screen.findByTestId('message-tabs'));
    expect(await tabs.findByRole('button', { name: 'Notices 14 unread' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(tabs.getByRole('button', { name: 'System messages' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('unread-notice')).toHaveTextContent('14');
    expect(screen.queryByTestId('unread-system')).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(14));
    expect(screen.getByTestId('unread-summary')).toHaveTextContent('14 unread');
    // The address says which tab is open (back and reload keep it), and the empty tab was never asked.
    expect(router.state.location.search).toBe('?type=notice');
    expect(lists(calls).map((c) => c.query.get('type'))).toEqual(['notice']);
  });

  it.each([
    ['nothing is unread', () => ok({ system: 0, notice: 0 })],
    ['the counts fail', () => ({ status: 500, body: { code: 500, error: 'INTERNAL', msg: 'boom' } })],
  ])('opened without a tab when %s: the notices', async (_, counts) => {
    logIn();
    mockApi({
      ...config,
      [UNREAD]: counts,
      [LIST]: () => messagePage([], { system: 0, notice: 0 }),
    });
    const { router } = await renderApp('/message');
    expect(await screen.findByText('No notices yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?type=notice');
  });

  it('My shows a Messages entry with the unread count, leading to the messages', async () => {
    const me = logIn();
    mockApi({
      ...config,
      ...orderBadge(),
      'GET /merchant/merchant/getMerInfo': () => ok(newMerInfo({ ...me })),
      [UNREAD]: () => ok({ system: 2, notice: 3 }),
      [LIST]: () => messagePage([], { system: 2, notice: 3 }),
    });
    const { router } = await renderApp('/my');
    const entry = await screen.findByRole('link', { name: /Messages/ });
    await waitFor(() => expect(entry).toHaveTextContent('Messages5 unread'));
    expect(screen.getByTestId('messages-badge')).toHaveTextContent('5 unread');
    await user.click(entry);
    await waitFor(() => expect(router.state.location.pathname).toBe('/message'));
    expect(await screen.findByText('No system messages yet')).toBeInTheDocument();
  });
});
