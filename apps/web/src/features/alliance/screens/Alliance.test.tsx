import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newConfig } from '../../../test/factories';
import { expectToast, logIn, logOut, renderApp } from '../../../test/render';

const user = userEvent.setup({ pointerEventsCheck: 0 });
const config = { 'GET /merchant/common/config': () => ok(newConfig()) };

const coalition = (over: Record<string, unknown> = {}) =>
  ok({
    invite_code: 'SHOP42AB',
    invite_link: 'https://shop.example/register?code=SHOP42AB',
    rate_bps: 500,
    commission_total: '12.34',
    total: 2,
    page: 1,
    limit: 20,
    list: [
      { id: 8, name: 'N***A', registered_at: '2026-11-20T08:00:00.000Z', orders: 3, commission: '10.00' },
      { id: 5, name: 'T***h', registered_at: '2026-11-02T08:00:00.000Z', orders: 1, commission: '2.34' },
    ],
    ...over,
  });

describe('alliance', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the code, the link as text and QR, the rate, the commission and the members', async () => {
    logIn();
    mockApi({ ...config, 'GET /merchant/index/coalition': () => coalition() });
    await renderApp('/alliance');
    expect(await screen.findByTestId('alliance-code')).toHaveTextContent('SHOP42AB');
    expect(screen.getByTestId('alliance-link')).toHaveTextContent(
      'https://shop.example/register?code=SHOP42AB',
    );
    expect(screen.getByRole('img', { name: 'QR code of your invitation link' })).toBeInTheDocument();
    expect(screen.getByTestId('alliance-rate')).toHaveTextContent(
      "Commission: 5% of each member order's settled amount",
    );
    expect(screen.getByTestId('alliance-members')).toHaveTextContent('2');
    await waitFor(() => expect(screen.getByTestId('alliance-total')).toHaveTextContent('$12.34'));
    const members = within(screen.getByRole('region', { name: 'Alliance members' })).getAllByTestId('member');
    expect(members).toHaveLength(2);
    expect(members[0]).toHaveTextContent('N***A');
    expect(members[0]).toHaveTextContent('$10.00');
    expect(members[0]).toHaveTextContent('3 orders sold');
    expect(members[0]).toHaveTextContent('Joined Nov 20, 2026');
    expect(members[1]).toHaveTextContent('1 order sold');
  });

  it('copies the code and the link', async () => {
    logIn();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    mockApi({ ...config, 'GET /merchant/index/coalition': () => coalition() });
    await renderApp('/alliance');
    await user.click(await screen.findByRole('button', { name: 'Copy code' }));
    expect(writeText).toHaveBeenCalledWith('SHOP42AB');
    await expectToast('Copied');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith('https://shop.example/register?code=SHOP42AB');
  });

  it('at rate 0 says no commission is paid; no members yet', async () => {
    logIn();
    mockApi({
      ...config,
      'GET /merchant/index/coalition': () =>
        coalition({ rate_bps: 0, commission_total: '0.00', total: 0, list: [] }),
    });
    await renderApp('/alliance');
    expect(await screen.findByTestId('alliance-rate')).toHaveTextContent(
      'No commission is paid at the moment',
    );
    expect(screen.getByText('No members yet: share your code to invite merchants')).toBeInTheDocument();
    expect(screen.getByTestId('alliance-code')).toHaveTextContent('SHOP42AB');
  });
});
