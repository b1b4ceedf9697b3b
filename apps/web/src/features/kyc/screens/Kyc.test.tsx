import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { mockApi, ok, refusal } from '../../../test/api';
import { logIn, logOut, renderApp } from '../../../test/render';

/** The app's query cache outlives a test: a fresh token per test keeps their data apart. */
let session = 0;
const logInFresh = () => {
  logIn();
  useSession.setState({ token: `tok-kyc-${++session}` });
};
const user = userEvent.setup({ pointerEventsCheck: 0 });

const kyc = (over: Record<string, unknown> = {}) => ({
  status: 'unverified',
  real_name: null,
  id_number: null,
  reason: null,
  id_card_front_url: null,
  id_card_back_url: null,
  id_card_hand_url: null,
  submitted_at: null,
  reviewed_at: null,
  ...over,
});

describe('identity verification', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('unverified: an empty or malformed form is explained field by field and nothing is sent', async () => {
    logInFresh();
    const { calls } = mockApi({ 'GET /merchant/merchant/idcard': () => ok(kyc()) });
    await renderApp('/idInfo');
    await user.click(await screen.findByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('Enter your full legal name')).toBeInTheDocument();
    expect(screen.getByText('Enter your ID number')).toBeInTheDocument();
    expect(screen.getAllByText('Upload this photo')).toHaveLength(3);

    await user.type(screen.getByLabelText('ID number'), 'a b!');
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('Please enter a valid ID number')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('rejected: the reason is shown and the form is offered again; in review: no form', async () => {
    logInFresh();
    mockApi({
      'GET /merchant/merchant/idcard': () =>
        ok(kyc({ status: 'rejected', real_name: 'Lan', id_number: '****1234', reason: 'Photo is blurred' })),
    });
    await renderApp('/idInfo');
    const card = await screen.findByTestId('kyc-status');
    expect(card).toHaveAttribute('data-status', 'rejected');
    expect(card).toHaveTextContent('Reason: Photo is blurred');
    expect(screen.getByRole('button', { name: 'Submit for verification' })).toBeInTheDocument();

    logInFresh();
    mockApi({ 'GET /merchant/merchant/idcard': () => ok(kyc({ status: 'pending', real_name: 'Lan' })) });
    await renderApp('/idInfo');
    await waitFor(() => expect(screen.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending'));
    expect(screen.queryByRole('button', { name: 'Submit for verification' })).toBeNull();
  });

  it('a failed load offers a retry that loads again', async () => {
    logInFresh();
    let failing = true;
    mockApi({
      'GET /merchant/merchant/idcard': () =>
        failing ? { status: 500, body: { code: 500, msg: 'x' } } : ok(kyc()),
    });
    await renderApp('/idInfo');
    // The query client retries a server error once (after a second) before showing the error.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 4000 });
    failing = false;
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Submit for verification' })).toBeInTheDocument();
  });
});

describe('bank card', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  async function typeDigits(digits: string) {
    const field = await screen.findByTestId('bank-pay-password');
    for (const d of digits) fireEvent.keyDown(within(field).getByRole('button'), { key: d });
  }

  it('checks the fields, then a wrong payment password shows at its field and a right one saves', async () => {
    logInFresh();
    let posts = 0;
    const { calls } = mockApi({
      'GET /merchant/merchant/bank': () =>
        ok({
          bank:
            posts < 2
              ? null
              : { holder_name: 'Lan', bank_name: 'VCB', account_number: '**** **** 6789', updated_at: null },
        }),
      'POST /merchant/merchant/changeBank': () =>
        ++posts === 1
          ? refusal('WRONG_PAY_PASSWORD', 'Wrong payment password, 4 tries left', {
              fields: { pay_password: 'Wrong payment password, 4 tries left' },
            })
          : ok({}),
    });
    await renderApp('/bank');
    expect(await screen.findByText('No bank card saved yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Account number'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("Enter the account holder's name")).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid account number')).toBeInTheDocument();
    expect(screen.getByText('Enter your 6-digit payment password')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByLabelText('Account holder'), 'Lan');
    await user.type(screen.getByLabelText('Bank name'), 'VCB');
    await user.type(screen.getByLabelText('Account number'), '3456789');
    await typeDigits('111111');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Wrong payment password, 4 tries left')).toBeInTheDocument();

    await typeDigits('123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/\*\*\*\* \*\*\*\* 6789/)).toBeInTheDocument();
    const sent = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(sent[1]).toEqual({
      holder_name: 'Lan',
      bank_name: 'VCB',
      account_number: '123456789',
      pay_password: '123456',
    });
  });
});
