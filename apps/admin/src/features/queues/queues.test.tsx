import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { newChainFacts, newRecharge, newWithdrawal, page, queueSummary } from '../../test/factories';
import { meRoute, renderConsole, shows, signInAs } from '../../test/render';

describe('the top-up queue', () => {
  it('shows its size and oldest age, moves with j and approves with a, then the next item', async () => {
    const user = userEvent.setup();
    signInAs('reviewer');
    const first = newRecharge({ amount: '150.00' });
    const second = newRecharge({ amount: '275.50', created_at: new Date(Date.now() - 60_000).toISOString() });
    let list = [first, second];
    const { calls } = mockApi({
      ...meRoute('reviewer'),
      'GET /admin/queues': () => ok(queueSummary),
      'GET /admin/recharges': (c) =>
        ok(c.query.get('status') === 'pending' ? page(list, list.length) : page([], 0)),
      'POST /admin/recharges/approve': (c) => {
        const id = (c.body as { id: number }).id;
        list = list.filter((r) => r.id !== id);
        return ok({ ...second, status: 'approved' });
      },
    });
    await renderConsole('/queues/recharges');
    await shows(`Top-up ${first.order_no}`);
    expect(screen.getByRole('heading', { name: 'Top-ups' })).toBeInTheDocument();
    expect(screen.getAllByText('3 hours ago').length).toBe(2); // the oldest's age, and its line
    await user.keyboard('j');
    await shows(`Top-up ${second.order_no}`);
    await user.keyboard('a');
    await waitFor(() => expect(calls.some((c) => c.path === '/admin/recharges/approve')).toBe(true));
    const approve = calls.find((c) => c.path === '/admin/recharges/approve')!;
    expect(approve.body).toEqual({ id: second.id });
    expect(approve.headers.get('Idempotency-Key')).toMatch(new RegExp(`^recharge-approve-${second.id}-`));
    await shows('Approved');
    await waitFor(() => expect(screen.getByText(`Top-up ${first.order_no}`)).toBeInTheDocument());
  });

  it("tells the loser of a race the server's words, and the item leaves the queue", async () => {
    const user = userEvent.setup();
    signInAs('reviewer');
    const item = newRecharge();
    let list = [item];
    const { calls } = mockApi({
      ...meRoute('reviewer'),
      'GET /admin/queues': () => ok(queueSummary),
      'GET /admin/recharges': (c) => ok(c.query.get('status') === 'pending' ? page(list) : page([])),
      'POST /admin/recharges/reject': () => {
        list = [];
        return refusal('ALREADY_RESOLVED', 'Another operator has already decided this request');
      },
    });
    await renderConsole('/queues/recharges');
    await screen.findByText(`Top-up ${item.order_no}`);
    await user.keyboard('r');
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Usual reasons' }));
    await user.click(
      await screen.findByText('We have not received this payment.', {
        selector: '.ant-select-item-option-content',
      }),
    );
    expect(within(dialog).getByLabelText('Reason the merchant will read')).toHaveValue(
      'We have not received this payment.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await shows('Another operator has already decided this request');
    expect(calls.find((c) => c.path === '/admin/recharges/reject')?.body).toEqual({
      id: item.id,
      reason_code: 'not_received',
    });
    await shows('No top-up is waiting');
  });

  it('shows a chain top-up’s transaction and confirmations with no decision, and a top-up without a voucher no broken image', async () => {
    const user = userEvent.setup();
    signInAs('reviewer');
    const watched = newRecharge({
      method: 'chain',
      network: 'ERC20',
      address: '0x2222222222222222222222222222222222222222',
      voucher_url: null,
      chain: newChainFacts({ confirmations: 1, required: 2 }),
    });
    const declared = newRecharge({
      method: 'manual',
      voucher_url: null,
      created_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const { of } = mockApi({
      ...meRoute('reviewer'),
      'GET /admin/queues': () => ok(queueSummary),
      'GET /admin/recharges': (c) =>
        ok(c.query.get('status') === 'pending' ? page([watched, declared]) : page([])),
    });
    await renderConsole('/queues/recharges');
    await shows(`Top-up ${watched.order_no}`);
    await shows('Transfer seen on the chain');
    expect(screen.getByText(watched.chain!.tx_hash)).toBeInTheDocument();
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    expect(screen.getByText("The merchant's own address")).toBeInTheDocument();
    expect(screen.queryByText('Voucher (click to zoom)')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('img', { name: `Voucher of top-up ${watched.order_no}` }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reject/ })).not.toBeInTheDocument();
    // The keys decide nothing either.
    await user.keyboard('a');
    await user.keyboard('r');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(of('POST /admin/recharges/approve')).toHaveLength(0);

    await user.keyboard('j');
    await shows(`Top-up ${declared.order_no}`);
    expect(screen.getByText('No voucher was sent.')).toBeInTheDocument();
    expect(document.querySelector('.ant-image img, img[src=""]')).toBeNull();
    expect(screen.getByRole('button', { name: /Approve/ })).toBeInTheDocument();
  });

  it('is hidden from a catalogue operator, who is told the screen is not for the role', async () => {
    signInAs('catalogue');
    mockApi({ ...meRoute('catalogue') });
    await renderConsole('/queues/recharges');
    await shows('Not for your role');
    expect(screen.queryByRole('menuitem', { name: 'Top-ups' })).not.toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Products' })).toBeInTheDocument();
  });
});

describe('the withdrawal queue', () => {
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const NOW = Date.parse('2026-11-20T03:00:00.000Z');
  const at = (ms: number) => new Date(NOW + ms).toISOString();

  it('shows each one’s clock, late ones first in red, read again as time passes; the keys work as before', async () => {
    // The page's clock stands at NOW, and moves with the test's time (a few seconds, which the
    // times below leave room for) and when the test moves it.
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      signInAs('reviewer');
      // As the server sends them: soonest due first.
      const late = newWithdrawal({
        created_at: at(-26 * HOUR - 5 * MIN - 5_000),
        due_at: at(-2 * HOUR - 5 * MIN - 5_000),
      });
      const soon = newWithdrawal({ created_at: at(-24 * HOUR + 55_000), due_at: at(55_000) });
      // Asked before the others under a 36 h promise: due last, yet the oldest.
      const onTimeDue = 5 * HOUR + 12 * MIN + 50_000;
      const onTime = newWithdrawal({ created_at: at(onTimeDue - 36 * HOUR), due_at: at(onTimeDue) });
      mockApi({
        ...meRoute('reviewer'),
        'GET /admin/queues': () => ok(queueSummary),
        'GET /admin/withdrawals': (c) =>
          ok(c.query.get('status') === 'pending' ? page([late, soon, onTime]) : page([])),
      });
      await renderConsole('/queues/withdrawals');
      await shows(`Withdrawal ${late.order_no}`);
      const list = () => screen.getByRole('list', { name: 'Withdrawals' });
      const row = (i: number) => within(list()).getAllByRole('button')[i] as HTMLElement;
      expect(row(0)).toHaveTextContent('Late by 2 h 5 min');
      expect(within(row(0)).getByText('Late by 2 h 5 min').closest('.ant-tag')).toHaveClass('ant-tag-red');
      expect(row(1)).toHaveTextContent('Due in less than a minute');
      expect(row(2)).toHaveTextContent('Due in 5 h 12 min');
      expect(
        within(row(2))
          .queryByText(/Due in/)
          ?.closest('.ant-tag'),
      ).toBeNull();
      // The oldest is the one asked first, not the first in line.
      expect(screen.getAllByText('30 hours ago')).toHaveLength(2);
      expect(onTime.promise_hours).toBe(36);
      // The selected one in full: its clock, when it is due and the promise it was asked under.
      expect(screen.getAllByText('Late by 2 h 5 min')).toHaveLength(2);
      expect(screen.getByText(/· 24 h promise$/)).toBeInTheDocument();

      await user.keyboard('j');
      await shows(`Withdrawal ${soon.order_no}`);

      // A minute on: the clocks move on their own, and the one due in under a minute is late.
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      await waitFor(() => expect(row(0)).toHaveTextContent('Late by 2 h 6 min'));
      expect(row(1)).toHaveTextContent('Late by less than a minute');
      expect(within(row(1)).getByText('Late by less than a minute').closest('.ant-tag')).toHaveClass(
        'ant-tag-red',
      );
      expect(row(2)).toHaveTextContent('Due in 5 h 11 min');

      await user.keyboard('k');
      await shows(`Withdrawal ${late.order_no}`);
      await user.keyboard('a');
      expect(await screen.findByRole('dialog')).toHaveTextContent(`Pay withdrawal ${late.order_no}`);
    } finally {
      vi.useRealTimers();
    }
  });
});
