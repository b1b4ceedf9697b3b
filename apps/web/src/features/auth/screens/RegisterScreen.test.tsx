import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { newConfig } from '../../../test/factories';
import { logOut, renderApp } from '../../../test/render';
import { fakeUploads } from '../../../test/uploads';

// Popups animate in; happy-dom does not run the animation, so skip the pointer-events check.
const user = userEvent.setup({ pointerEventsCheck: 0 });

/** The screen asks for the countries on open. */
const config = { 'GET /merchant/common/config': () => ok(newConfig({ countries: ['VN'] })) };

describe('registration', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('marks every missing field and sends nothing', async () => {
    const { calls } = mockApi({
      'GET /merchant/common/config': () => ok(newConfig({ countries: ['VN', 'TH'] })),
    });
    await renderApp('/register');
    await user.click(await screen.findByRole('button', { name: 'Create my shop' }));
    await waitFor(() => expect(screen.getByLabelText('Store name')).toHaveAttribute('aria-invalid', 'true'));
    for (const label of [
      'Store name',
      'Store address',
      'Phone number',
      'Full legal name',
      'Email',
      'Login password',
    ]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    // The contract's rules in the server's words: 8 text fields and 5 photos missing, no country.
    expect(screen.getAllByText('Required')).toHaveLength(8);
    expect(screen.getAllByText('Please upload this photo')).toHaveLength(5);
    expect(screen.getByText('Please choose one')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("says 'Passwords entered do not match' and checks email and phone formats", async () => {
    mockApi(config);
    await renderApp('/register');
    await user.type(await screen.findByLabelText('Login password'), 'Abcdefgh1');
    await user.type(screen.getByLabelText('Repeat the password'), 'Abcdefgh2');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Phone number'), '12');
    await user.click(screen.getByRole('button', { name: 'Create my shop' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Repeat the password')).toHaveAccessibleDescription(
        'Passwords entered do not match',
      ),
    );
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email');
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(/valid phone number/);
  });

  it.each([
    ['/register?code=abc', 'the link of the invitation screen'],
    ['/register?invite=ABC', 'a link shared before the links said ?code='],
  ])('fills the invitation code from %s (%s)', async (path) => {
    mockApi({
      ...config,
      'POST /merchant/merchant/verify_code': () => ok({ valid: true, owner: 'Lan Shop' }),
    });
    await renderApp(path);
    expect(await screen.findByLabelText('Invitation code')).toHaveValue('ABC');
    expect(await screen.findByText(/Lan Shop/)).toBeInTheDocument();
  });

  it('checks the invitation code as it is typed', async () => {
    const { calls } = mockApi({
      ...config,
      'POST /merchant/merchant/verify_code': (c) =>
        ok(
          (c.body as { invite_code: string }).invite_code === 'DROPDESK'
            ? { valid: true, owner: 'platform' }
            : { valid: false, owner: null },
        ),
    });
    await renderApp('/register');
    const invite = await screen.findByLabelText('Invitation code');
    await user.type(invite, 'nope');
    expect(await screen.findByText('This invitation code is not valid')).toBeInTheDocument();
    await user.clear(invite);
    await user.type(invite, 'dropdesk');
    expect(await screen.findByText('Valid invitation code')).toBeInTheDocument();
    expect(invite).toHaveValue('DROPDESK');
    const checks = calls.filter((c) => c.path === '/merchant/merchant/verify_code');
    expect(checks.at(-1)?.body).toEqual({ invite_code: 'DROPDESK' });
    expect(checks.length).toBeLessThanOrEqual(3); // debounced, not one call per key
  });

  it('offers the countries with names in the reader language', async () => {
    mockApi({ 'GET /merchant/common/config': () => ok(newConfig({ countries: ['VN', 'TH', 'TR'] })) });
    await renderApp('/register');
    await user.click(await screen.findByRole('button', { name: /Country/ }));
    await user.click(await screen.findByRole('button', { name: 'Vietnam' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Country Vietnam/ })).toBeInTheDocument());
  });

  it('finds a country whatever the case and accents ("Viet", "VIỆT"), by its English name too, and says when none matches', async () => {
    mockApi({ 'GET /merchant/common/config': () => ok(newConfig({ countries: ['VN', 'TH', 'TR'] })) });
    await renderApp('/register');
    await act(() => switchLanguage('vi'));
    await user.click(await screen.findByRole('button', { name: /Quốc gia/ }));
    const search = await screen.findByRole('searchbox', { name: 'Tìm quốc gia' });
    const names = () =>
      within(screen.getByRole('dialog', { name: 'Quốc gia' }))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    for (const typed of ['Viet', 'viet', 'VIỆT', 'việt nam', 'Vietnam', 'vn']) {
      await user.clear(search);
      await user.type(search, typed);
      await waitFor(() => expect(names(), typed).toContain('Việt Nam'));
      expect(names(), typed).not.toContain('Thái Lan');
    }
    await user.clear(search);
    await user.type(search, 'Thổ');
    await waitFor(() => expect(names()).toContain('Thổ Nhĩ Kỳ'));
    await user.clear(search);
    await user.type(search, 'Narnia');
    expect(await screen.findByTestId('country-none')).toHaveTextContent(
      'Không có quốc gia nào khớp với “Narnia”.',
    );
    expect(names()).not.toContain('Việt Nam');
  });

  it("uploads each photo with progress, then shows the server's field errors under the fields", async () => {
    const uploads = fakeUploads();
    const { calls } = mockApi({
      'GET /merchant/common/config': () => ok(newConfig({ countries: ['VN'] })),
      'POST /merchant/merchant/verify_code': () => ok({ valid: true, owner: 'platform' }),
      'POST /merchant/merchant/register': () =>
        refusal('EMAIL_TAKEN', 'This email is already registered', {
          fields: { email: 'This email is already registered' },
        }),
    });
    await renderApp('/register');
    const photo = () => new File(['x'.repeat(2048)], 'id.png', { type: 'image/png' });
    for (const label of [
      'Store logo',
      'ID card, front',
      'ID card, back',
      'Photo holding your ID',
      'Business licence',
    ]) {
      await user.upload(await screen.findByLabelText(label), photo());
    }
    await waitFor(() => expect(screen.getAllByText('Uploaded')).toHaveLength(5));
    expect(uploads.progressSeen).toBe(true);
    expect(uploads.kinds).toEqual(['logo', 'id_card', 'id_card', 'id_card', 'license']);

    await user.type(screen.getByLabelText('Store name'), 'Lan Shop');
    await user.type(screen.getByLabelText('Store address'), '1 Lê Lợi');
    await user.click(screen.getByRole('button', { name: /Country/ }));
    await user.click(await screen.findByRole('button', { name: 'Vietnam' }));
    await user.type(screen.getByLabelText('Phone number'), '+84900000123');
    await user.type(screen.getByLabelText('Full legal name'), 'Trần Thị Lan');
    await user.type(screen.getByLabelText('Email'), 'lan@shop.test');
    await user.type(screen.getByLabelText('Login password'), 'Lan@2026x');
    await user.type(screen.getByLabelText('Repeat the password'), 'Lan@2026x');
    await user.type(screen.getByLabelText('Invitation code'), 'DROPDESK');
    expect(await screen.findByText('Valid invitation code')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create my shop' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This email is already registered'),
    );
    const register = calls.find((c) => c.path === '/merchant/merchant/register');
    const sent = register?.body as Record<string, string>;
    expect(sent).toMatchObject({ country: 'VN', invite_code: 'DROPDESK', email: 'lan@shop.test' });
    // The browser's device id (lib/device.ts): the new account's first device.
    expect(register?.headers.get('device')).toBe(localStorage.getItem('device'));
    expect(register?.headers.get('device')).toMatch(/^[0-9a-f]{32}$/);
    expect(sent.store_logo).toMatch(/^u_/);
    expect(sent.id_card_front).not.toBe(sent.id_card_back);
  });
});
