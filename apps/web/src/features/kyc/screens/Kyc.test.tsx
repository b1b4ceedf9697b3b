import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, logOut, renderApp } from '../../../test/render';

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
  prefill: null,
  ...over,
});

/** What registration took, as idcard's `prefill` gives it while unverified. */
const prefill = {
  real_name: 'Nguyễn Thị Lan',
  id_card_front: 'u_front00000000000000001',
  id_card_back: 'u_back000000000000000001',
  id_card_hand: 'u_hand000000000000000001',
  id_card_front_url: '/uploads/u_front00000000000000001',
  id_card_back_url: '/uploads/u_back000000000000000001',
  id_card_hand_url: '/uploads/u_hand000000000000000001',
};

describe('identity verification', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('unverified: an empty or malformed form is explained field by field and nothing is sent', async () => {
    logIn();
    const { calls } = mockApi({ 'GET /merchant/merchant/idcard': () => ok(kyc()) });
    await renderApp('/idInfo');
    await user.click(await screen.findByRole('button', { name: 'Submit for verification' }));
    // The contract's rules, in the server's words.
    expect(screen.getByLabelText('Full legal name')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('ID number')).toHaveAccessibleDescription('Required');
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(screen.getAllByText('Please upload this photo')).toHaveLength(3);

    await user.type(screen.getByLabelText('ID number'), 'a b!');
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    expect(await screen.findByText('Please enter a valid ID number')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('unverified: what registration took is filled in, so the merchant only adds the ID number', async () => {
    logIn();
    const { calls } = mockApi({
      'GET /merchant/merchant/idcard': () => ok(kyc({ prefill })),
      'POST /merchant/merchant/idcard': () => ok(kyc({ status: 'pending', real_name: prefill.real_name })),
    });
    await renderApp('/idInfo');
    expect(await screen.findByTestId('kyc-prefilled')).toHaveTextContent('filled in from your registration');
    const name = screen.getByLabelText('Full legal name');
    expect(name).toHaveValue('Nguyễn Thị Lan');
    // The limit is visible, and the input takes no more than the contract allows.
    expect(name).toHaveAttribute('maxLength', '60');
    expect(name).toHaveAccessibleDescription('14 of 60 characters');
    // The registration's photos are shown, each still replaceable.
    for (const url of [prefill.id_card_front_url, prefill.id_card_back_url, prefill.id_card_hand_url])
      expect(document.querySelector(`img[src="${url}"]`)).not.toBeNull();
    expect(screen.getByLabelText('ID card, front')).toBeEnabled();
    expect(screen.getAllByText('Uploaded')).toHaveLength(3);

    await user.type(screen.getByLabelText('ID number'), '079123456789');
    await user.click(screen.getByRole('button', { name: 'Submit for verification' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      real_name: 'Nguyễn Thị Lan',
      id_number: '079123456789',
      id_card_front: prefill.id_card_front,
      id_card_back: prefill.id_card_back,
      id_card_hand: prefill.id_card_hand,
    });
  });

  it("the name counter follows what is typed, up to the contract's 60 characters", async () => {
    logIn();
    mockApi({ 'GET /merchant/merchant/idcard': () => ok(kyc()) });
    await renderApp('/idInfo');
    const name = await screen.findByLabelText('Full legal name');
    expect(name).toHaveAccessibleDescription('0 of 60 characters');
    await user.type(name, 'x'.repeat(70));
    expect(name).toHaveValue('x'.repeat(60));
    expect(name).toHaveAccessibleDescription('60 of 60 characters');
  });

  it('rejected: the reason is shown and the form is offered again', async () => {
    logIn();
    mockApi({
      'GET /merchant/merchant/idcard': () =>
        ok(kyc({ status: 'rejected', real_name: 'Lan', id_number: '****1234', reason: 'Photo is blurred' })),
    });
    await renderApp('/idInfo');
    const card = await screen.findByTestId('kyc-status');
    expect(card).toHaveAttribute('data-status', 'rejected');
    expect(card).toHaveTextContent('Reason: Photo is blurred');
    expect(screen.getByRole('button', { name: 'Submit for verification' })).toBeInTheDocument();
  });

  it('in review: the state, the photos sent, and no form', async () => {
    logIn();
    const sent = {
      id_card_front_url: '/uploads/u_front00000000000000001?v=3&e=1795770600&s=abc',
      id_card_back_url: '/uploads/u_back000000000000000001?v=3&e=1795770600&s=def',
      id_card_hand_url: '/uploads/u_hand000000000000000001?v=3&e=1795770600&s=ghi',
    };
    mockApi({
      'GET /merchant/merchant/idcard': () => ok(kyc({ status: 'pending', real_name: 'Lan', ...sent })),
    });
    await renderApp('/idInfo');
    await waitFor(() => expect(screen.getByTestId('kyc-status')).toHaveAttribute('data-status', 'pending'));
    expect(screen.queryByRole('button', { name: 'Submit for verification' })).toBeNull();
    // What the merchant sent, by the links the server signed, each named.
    const list = screen.getByRole('list', { name: 'The photos you sent' });
    expect(screen.getByRole('img', { name: 'ID card, front' })).toHaveAttribute(
      'src',
      sent.id_card_front_url,
    );
    expect(screen.getByRole('img', { name: 'ID card, back' })).toHaveAttribute('src', sent.id_card_back_url);
    expect(screen.getByRole('img', { name: 'Selfie holding your ID card' })).toHaveAttribute(
      'src',
      sent.id_card_hand_url,
    );
    expect(list.querySelectorAll('img')).toHaveLength(3);
  });

  it('a failed load offers a retry that loads again', async () => {
    logIn();
    let failing = true;
    mockApi({
      'GET /merchant/merchant/idcard': () =>
        failing ? { status: 500, body: { code: 500, msg: 'x' } } : ok(kyc()),
    });
    await renderApp('/idInfo');
    // The query client retries a server error once (after a second) before showing the error.
    const retry = await screen.findByRole('button', { name: 'Try again' });
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
    fireEvent.change(field, { target: { value: digits } });
  }

  it('checks the fields, then a wrong payment password shows at its field and a right one saves', async () => {
    logIn();
    let posts = 0;
    const saved = {
      holder_name: 'Lan',
      bank_name: 'VCB',
      account_number: '**** **** 6789',
      updated_at: '2026-11-20T08:00:00.000Z',
    };
    const { calls } = mockApi({
      'GET /merchant/merchant/bank': () => ok({ bank: posts < 2 ? null : saved }),
      'POST /merchant/merchant/changeBank': () =>
        ++posts === 1
          ? refusal('WRONG_PAY_PASSWORD', 'Wrong payment password, 4 tries left', {
              fields: { pay_password: 'Wrong payment password, 4 tries left' },
            })
          : ok({ bank: saved }),
    });
    await renderApp('/bank');
    expect(await screen.findByText('No bank card saved yet.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Account number'), '12');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Account holder')).toHaveAccessibleDescription('Required');
    expect(screen.getByText('Please enter a valid account number')).toBeInTheDocument();
    expect(screen.getByText('Please enter the payment password')).toBeInTheDocument();
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
