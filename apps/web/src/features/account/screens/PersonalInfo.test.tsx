import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, logOut, renderApp } from '../../../test/render';

// Popups animate in; happy-dom does not run the animation, so skip the pointer-events check.
const user = userEvent.setup({ pointerEventsCheck: 0 });

describe('personal info: time zone', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the zone in words and changes it through a searchable list of zones', async () => {
    const me = logIn({ time_zone: 'Asia/Ho_Chi_Minh' });
    let zone = 'Asia/Ho_Chi_Minh';
    const { calls } = mockApi({
      'GET /merchant/merchant/getMerInfo': () => ok({ ...me, time_zone: zone }),
      'POST /merchant/merchant/setTimeZone': (c) => {
        zone = (c.body as { time_zone: string }).time_zone;
        return ok({ time_zone: zone });
      },
    });
    await renderApp('/personalInfo');
    const shown = await screen.findByTestId('time-zone');
    expect(shown).toHaveTextContent('Indochina Time (Ho Chi Minh, GMT+07:00)');

    await user.click(screen.getByRole('button', { name: 'Change' }));
    const sheet = await screen.findByRole('dialog', { name: 'Time zone' });
    // The current zone is marked; the list is every zone the browser knows.
    expect(within(sheet).getByRole('button', { name: /Ho Chi Minh/, pressed: true })).toBeInTheDocument();
    await user.type(within(sheet).getByRole('searchbox', { name: 'Search by city or name' }), 'london');
    const options = within(sheet).getAllByRole('button', { pressed: false });
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent('Europe/London');
    await user.click(options[0] as HTMLElement);

    await waitFor(() => expect(screen.getByTestId('time-zone')).toHaveTextContent('London'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ time_zone: 'Europe/London' });
    // getMerInfo was asked again after the change.
    expect(calls.filter((c) => c.path === '/merchant/merchant/getMerInfo').length).toBeGreaterThanOrEqual(2);
  });

  it('a zone the server refuses is said in the list, which stays open', async () => {
    const me = logIn({ time_zone: 'UTC' });
    mockApi({
      'GET /merchant/merchant/getMerInfo': () => ok(me),
      'POST /merchant/merchant/setTimeZone': () =>
        refusal('INVALID_INPUT', 'Invalid value', { fields: { time_zone: 'Invalid value' } }),
    });
    await renderApp('/personalInfo');
    expect(await screen.findByTestId('time-zone')).toHaveTextContent('Coordinated Universal Time');
    await user.click(screen.getByRole('button', { name: 'Change' }));
    const sheet = await screen.findByRole('dialog', { name: 'Time zone' });
    await user.type(within(sheet).getByRole('searchbox'), 'tokyo');
    await user.click(within(sheet).getByRole('button', { name: /Asia\/Tokyo/ }));
    expect(await within(sheet).findByRole('alert')).toHaveTextContent('Invalid value');
    expect(screen.getByRole('dialog', { name: 'Time zone' })).toBeInTheDocument();
  });
});
