import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../lib/i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { openAt, shopData } from '../../test/render';

/** What a merchant says of the shop in its settings, on the shop page. */
function openShop(over: Record<string, unknown>) {
  fakeApi({
    'GET /store/shop': () => ok(shopData(over)),
    'GET /store/products': () => ok({ total: 0, page: 1, limit: 20, list: [] }),
    'POST /store/visit': () => ok({ counted: true }),
  });
  openAt('/s/7');
}

describe("the shop's settings on its page", () => {
  it('shows the name, logo, banners, welcome, introduction, social and service links', async () => {
    openShop({
      intro: 'Home things.\nShipped fast.',
      welcome: 'Welcome to Lotus Goods!',
      ad_banner_url: '/uploads/ad.jpg',
      twitter: 'https://twitter.com/lotus',
      google: 'https://g.page/lotus',
      service_link: 'https://t.me/lotus',
    });
    const head = await screen.findByRole('region', { name: 'Lotus Goods' });
    expect(head.querySelector('img.banner')).toHaveAttribute('src', '/uploads/banner.png');
    expect(head.querySelector('img.logo')).toHaveAttribute('src', '/uploads/logo.png');
    expect(within(head).getByText('Welcome to Lotus Goods!')).toBeInTheDocument();
    const contact = within(head).getByRole('link', { name: 'Contact the shop (opens in a new tab)' });
    expect(contact).toHaveAttribute('href', 'https://t.me/lotus');
    expect(contact).toHaveAttribute('rel', 'noopener noreferrer');

    const about = screen.getByRole('region', { name: 'About the shop' });
    // Line breaks kept, as text.
    expect(within(about).getByText(/Home things\./).textContent).toBe('Home things.\nShipped fast.');
    const links = within(about).getByRole('list', { name: 'Find the shop on' });
    const twitter = within(links).getByRole('link', { name: 'Twitter (opens in a new tab)' });
    const google = within(links).getByRole('link', { name: 'Google (opens in a new tab)' });
    expect(twitter).toHaveAttribute('href', 'https://twitter.com/lotus');
    expect(google).toHaveAttribute('href', 'https://g.page/lotus');
    for (const link of [twitter, google]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const ad = screen.getByRole('img', { name: 'Lotus Goods: promotion' });
    expect(ad).toHaveAttribute('src', '/uploads/ad.jpg');
    expect(ad).toHaveAttribute('width', '1200');
    expect(ad).toHaveAttribute('height', '300');
  });

  it('renders markup as text: a <script> in the introduction is shown, never run or parsed', async () => {
    const intro = '<script>window.__owned = true</script><img src=x onerror="window.__owned = true">';
    openShop({ intro, welcome: '<b>Hi</b>' });
    const about = await screen.findByRole('region', { name: 'About the shop' });
    expect(within(about).getByText(intro)).toBeInTheDocument();
    expect(document.querySelector('main script')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('<b>Hi</b>')).toBeInTheDocument();
    expect(document.querySelector('main b')).toBeNull();
    expect((window as { __owned?: boolean }).__owned).toBeUndefined();
  });

  it('links only https: anything else is left out, and without links or an introduction there is no section', async () => {
    openShop({
      intro: '',
      twitter: 'javascript:alert(1)',
      google: 'http://g.page/lotus',
      service_link: 'data:text/html,hi',
    });
    await screen.findByRole('heading', { level: 1, name: 'Lotus Goods' });
    expect(screen.queryByRole('region', { name: 'About the shop' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Contact the shop/ })).toBeNull();
    for (const a of document.querySelectorAll('a'))
      expect(a.getAttribute('href') ?? '').not.toMatch(/^(javascript|data|http):/i);
    expect(screen.queryByRole('img', { name: /promotion/ })).toBeNull();
  });

  it('speaks the buyer language', async () => {
    await switchLanguage('vi');
    openShop({ twitter: 'https://twitter.com/lotus', intro: 'x' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Giới thiệu cửa hàng' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Twitter (mở trong thẻ mới)' })).toBeInTheDocument();
    await switchLanguage('en');
  });
});
