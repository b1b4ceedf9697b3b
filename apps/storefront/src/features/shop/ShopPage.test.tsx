import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../lib/i18n';
import { knownShopLang } from '../../lib/lang';
import { fakeApi, ok } from '../../test/fake-api';
import { openAt, productData, shopData, signIn } from '../../test/render';

describe('shop page /s/<shop>', () => {
  it("shows the shop's face and its products from the server, and loads more", async () => {
    const api = fakeApi({
      'GET /store/shop': () => ok(shopData()),
      'GET /store/products': (call) =>
        call.query.get('page') === '1'
          ? ok({
              total: 21,
              page: 1,
              limit: 20,
              list: Array.from({ length: 20 }, (_, i) => productData(i + 1)),
            })
          : ok({
              total: 21,
              page: 2,
              limit: 20,
              list: [productData(21, { title: 'The last one', stock: 0 })],
            }),
      'POST /store/visit': () => ok({ counted: true }),
    });
    openAt('/s/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lotus Goods' })).toBeInTheDocument();
    expect(screen.getByText('Welcome to our shop!')).toBeInTheDocument();
    expect(screen.getByText('Followers: 12')).toBeInTheDocument();
    expect(screen.getByText('Rating 4.6 ★ (5)')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Products (21)' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(20);
    const first = screen.getByRole('link', { name: /Product 1\b/ });
    expect(first).toHaveAttribute('href', '/s/p/1');
    expect(within(first).getByText('$12.50')).toBeInTheDocument();
    // Images carry their size, so nothing moves when they arrive.
    const img = first.querySelector('img');
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '800');
    expect(api.of('GET /store/shop')[0]?.query.get('shop')).toBe('7');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('The last one')).toBeInTheDocument();
    expect(within(grid).getAllByRole('listitem')).toHaveLength(21);
    expect(api.of('GET /store/products')[1]?.query.get('page')).toBe('2');
    // All 21 shown: no more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("records a visit of the shop on each view, naming no visitor: that is the server's cookie", async () => {
    localStorage.setItem('sf.visitor', '0123456789abcdef0123456789abcdef');
    const api = fakeApi({
      'GET /store/shop': () => ok(shopData()),
      'GET /store/products': () => ok({ total: 0, page: 1, limit: 20, list: [] }),
      'POST /store/visit': () => ok({ counted: true }),
    });
    const view = openAt('/s/7');
    await screen.findByText('No products on sale yet.');
    await waitFor(() => expect(api.of('POST /store/visit')).toHaveLength(1));
    expect(api.of('POST /store/visit')[0]?.body).toEqual({ shop: 7 });
    // The id the page once made up is forgotten.
    expect(localStorage.getItem('sf.visitor')).toBeNull();
    view.unmount();
    openAt('/s/7');
    await waitFor(() => expect(api.of('POST /store/visit')).toHaveLength(2));
    expect(api.of('POST /store/visit')[1]?.body).toEqual({ shop: 7 });
  });

  it('asks a guest to sign in to follow; a signed-in buyer follows with their session', async () => {
    const routes = {
      'GET /store/shop': () => ok(shopData()),
      'GET /store/products': () => ok({ total: 0, page: 1, limit: 20, list: [] }),
      'POST /store/visit': () => ok({ counted: true }),
      'POST /store/follow': () => ok({ following: true, followers: 13 }),
    };
    fakeApi(routes);
    const guest = openAt('/s/7');
    expect(await screen.findByRole('link', { name: 'Sign in to follow' })).toHaveAttribute(
      'href',
      '/s/login?next=%2F7',
    );
    guest.unmount();

    signIn();
    const api = fakeApi(routes);
    openAt('/s/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Followers: 13')).toBeInTheDocument();
    const follow = api.of('POST /store/follow')[0];
    expect(follow?.body).toEqual({ shop: 7, follow: true });
    expect(follow?.headers.get('token')).toBe('buyer-token-123');
    expect(follow?.headers.get('lang')).toBe('en');
  });

  it('says not found for a shop the server does not know', async () => {
    fakeApi({
      'GET /store/shop': () => ({ body: { code: 0, error: 'NOT_FOUND', msg: 'Not found' } }),
      'GET /store/products': () => ({ body: { code: 0, error: 'NOT_FOUND', msg: 'Not found' } }),
      'POST /store/visit': () => ({ body: { code: 0, error: 'NOT_FOUND', msg: 'Not found' } }),
    });
    openAt('/s/999');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it("is shown in its shop's language, not the browser's, until the buyer picks one, which then stays", async () => {
    const api = fakeApi({
      'GET /store/shop': (call) => ok(shopData({ id: Number(call.query.get('shop')), lang: 'vi' })),
      'GET /store/products': (call) =>
        ok({
          total: 1,
          page: 1,
          limit: 20,
          list: [
            productData(1, { title: call.headers.get('lang') === 'vi' ? 'Ấm siêu tốc' : 'Electric kettle' }),
          ],
        }),
      'POST /store/visit': () => ok({ counted: true }),
    });
    try {
      // The tests' browser reads English; the shop is Vietnamese.
      const view = openAt('/s/7');
      await waitFor(() => expect(document.documentElement.lang).toBe('vi'));
      const nav = screen.getByRole('navigation');
      expect(await within(nav).findByRole('link', { name: 'Đơn hàng' })).toBeInTheDocument();
      // The products are asked again in the shop's language (their titles are the catalogue's).
      expect(await screen.findByText('Ấm siêu tốc')).toBeInTheDocument();
      expect(api.of('GET /store/products').at(-1)?.headers.get('lang')).toBe('vi');
      // Kept for the shop's next visit, and not taken for the buyer's own choice.
      expect(knownShopLang(7)).toBe('vi');
      expect(localStorage.getItem('sf.lang')).toBeNull();

      // The buyer picks English: kept, and it stays English on this Vietnamese shop.
      await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Ngôn ngữ' }), 'en');
      expect(await screen.findByText('Electric kettle')).toBeInTheDocument();
      expect(localStorage.getItem('sf.lang')).toBe('en');
      view.unmount();
      openAt('/s/8');
      expect(await screen.findByText('Electric kettle')).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('en');
      expect(
        within(screen.getByRole('navigation')).getByRole('link', { name: 'My orders' }),
      ).toBeInTheDocument();
    } finally {
      await switchLanguage('en');
    }
  });
});
