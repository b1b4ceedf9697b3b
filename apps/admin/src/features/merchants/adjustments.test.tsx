import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { page } from '../../test/factories';
import { meRoute, renderConsole, shows, signInAs } from '../../test/render';

const adjustment = (id: number, proposer: { id: number; username: string }) => ({
  id,
  merchant_id: 40,
  shop_name: 'Lamp shop',
  direction: 'credit',
  amount: '25.00',
  reason: 'Courier lost the parcel',
  status: 'pending',
  proposed_by: proposer,
  created_at: new Date().toISOString(),
  decided_by: null,
  decided_at: null,
  decision_reason: null,
  journal_id: null,
});

describe('balance adjustments (four eyes)', () => {
  it("shows one's own proposal with approve disabled and why; approves another admin's", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const mine = adjustment(1, { id: 7, username: 'admin-op' });
    const theirs = adjustment(2, { id: 9, username: 'second' });
    const { calls } = mockApi({
      ...meRoute('admin'),
      'GET /admin/adjustments': () => ok(page([mine, theirs])),
      'POST /admin/adjustments/approve': () => ok({ ...theirs, status: 'approved', balance: '125.00' }),
    });
    await renderConsole('/adjustments');
    await shows('You proposed it: another admin must approve it.');
    const rows = screen.getAllByRole('row');
    const mineRow = rows.find((r) => r.textContent?.includes('admin-op'))!;
    const theirRow = rows.find((r) => r.textContent?.includes('second'))!;
    expect(within(mineRow).getByRole('button', { name: 'Approve' })).toBeDisabled();
    await user.click(within(theirRow).getByRole('button', { name: 'Approve' }));
    await shows('Approved and posted: the balance is now $125.00');
    const approve = calls.find((c) => c.path === '/admin/adjustments/approve')!;
    expect(approve.body).toEqual({ id: 2 });
    expect(approve.headers.get('Idempotency-Key')).toMatch(/^adjustment-approve-2-/);
  });

  it("shows the server's refusal beside the proposal when it refuses the approval", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const theirs = adjustment(3, { id: 9, username: 'second' });
    mockApi({
      ...meRoute('admin'),
      'GET /admin/adjustments': () => ok(page([theirs])),
      'POST /admin/adjustments/approve': () =>
        refusal('SELF_APPROVAL', 'You proposed this adjustment: another admin must approve it'),
    });
    await renderConsole('/adjustments');
    await shows('second');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'You proposed this adjustment: another admin must approve it',
      ),
    );
  });
});
