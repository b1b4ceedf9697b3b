import type { MerInfo } from '@dropdesk/contract/account';
import { type Call, mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../lib/session';
import { newConfig } from '../../../test/factories';
import { expectToast, logIn, logOut, renderApp } from '../../../test/render';
import { fakeUploads } from '../../../test/uploads';
import { cropImage } from '../crop';

// happy-dom lays nothing out and draws nothing: the cropper reports a crop at once, and the
// canvas step gives back a small JPEG. What the screen does with them is what is tested.
vi.mock('react-easy-crop', async () => {
  const { createElement, useEffect, useRef } = await import('react');
  function FakeCropper(props: {
    image: string;
    aspect: number;
    onCropComplete?: (area: unknown, pixels: unknown) => void;
    cropperProps?: Record<string, unknown>;
  }) {
    const { onCropComplete, aspect } = props;
    // Like the real one: the crop is reported once the image is in, not on every render.
    const reported = useRef(false);
    useEffect(() => {
      if (reported.current) return;
      reported.current = true;
      onCropComplete?.(
        { x: 0, y: 0, width: 100, height: 100 },
        { x: 10, y: 20, width: 900, height: 900 / aspect },
      );
    }, [onCropComplete, aspect]);
    return createElement('div', {
      ...props.cropperProps,
      tabIndex: 0,
      'data-testid': 'cropper',
      'data-aspect': aspect,
    });
  }
  return { default: FakeCropper };
});
vi.mock('../crop', () => ({
  cropImage: vi.fn(async () => new File([new Uint8Array(2048)], 'banner.jpg', { type: 'image/jpeg' })),
}));

const user = userEvent.setup({ pointerEventsCheck: 0 });

const SHOP: MerInfo['shop'] = {
  name: 'Lotus Goods',
  logo_url: '/uploads/u_logo00000000000000000001',
  address: '12 Le Loi, District 1',
  phone: '+84901234567',
  intro: 'Home things, shipped fast.',
  welcome: 'Welcome to Lotus Goods!',
  service_link: '',
  banner_url: '/uploads/u_banner000000000000000001',
  ad_banner_url: null,
  twitter: '',
  google: '',
};

/** A merchant API whose getMerInfo follows what the saves answer, as the server's would. */
function shopApi(over: Partial<MerInfo> = {}, extra: Parameters<typeof mockApi>[0] = {}) {
  const me = logIn({ id: 42, shop: { ...SHOP }, ...over });
  let current = me;
  const saved = (shop: Partial<MerInfo['shop']>) => {
    current = { ...current, shop: { ...current.shop, ...shop } };
    return ok(current.shop);
  };
  const api = mockApi({
    'GET /merchant/merchant/getMerInfo': () => ok(current),
    'POST /merchant/merchant/store': (c) => saved(c.body as Partial<MerInfo['shop']>),
    'POST /merchant/merchant/store_banner': (c) => {
      const body = c.body as { banner?: string | null; ad_banner?: string | null };
      const url = (ref: string | null | undefined, was: string | null) =>
        ref === undefined ? was : ref === null ? null : `/uploads/${ref}`;
      return saved({
        banner_url: url(body.banner, current.shop.banner_url),
        ad_banner_url: url(body.ad_banner, current.shop.ad_banner_url),
      });
    },
    ...extra,
  });
  return { ...api, me };
}
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('shop settings', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('/setting leads to the shop settings: the shop, its storefront page and three entries', async () => {
    shopApi();
    await renderApp('/setting');
    await user.click(await screen.findByRole('link', { name: 'Shop settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop settings' })).toBeInTheDocument();
    const preview = await screen.findByTestId('shop-preview');
    expect(preview).toHaveTextContent('Lotus Goods');
    expect(preview).toHaveTextContent('Welcome to Lotus Goods!');
    const storefront = within(preview).getByRole('link', { name: 'See your shop as buyers do' });
    expect(storefront).toHaveAttribute('href', '/s/42');
    expect(storefront).toHaveAttribute('target', '_blank');
    expect(storefront).toHaveAttribute('rel', 'noopener noreferrer');
    expect(storefront).toHaveAccessibleDescription('Opens your shop page in a new tab.');
    const menu = screen.getByRole('navigation', { name: 'Shop settings' });
    expect(within(menu).getByRole('link', { name: /Shop basic info/ })).toHaveAttribute('href', '/baseinfo');
    expect(within(menu).getByRole('link', { name: /Shop banners.*1 set/ })).toHaveAttribute(
      'href',
      '/uploadBanner',
    );
    expect(within(menu).getByRole('link', { name: /Social media links.*Not set/ })).toHaveAttribute(
      'href',
      '/socialmedia',
    );
  });

  it('basic info: filled in from the shop; the contract says what is wrong before anything is sent', async () => {
    const { calls } = shopApi();
    await renderApp('/baseinfo');
    const name = await screen.findByLabelText('Shop name');
    expect(name).toHaveValue('Lotus Goods');
    expect(name).toHaveAttribute('maxLength', '60');
    expect(name).toHaveAccessibleDescription('11 of 60 characters');
    expect(screen.getByLabelText('Introduction')).toHaveValue('Home things, shipped fast.');
    expect(screen.getByLabelText('Introduction')).toHaveAttribute('maxLength', '1000');
    // The current logo shows until another is uploaded.
    expect(document.querySelector(`img[src="${SHOP.logo_url}"]`)).not.toBeNull();

    await user.clear(name);
    await user.clear(screen.getByLabelText('Shop phone'));
    await user.type(screen.getByLabelText('Shop phone'), 'call me');
    await user.type(screen.getByLabelText('Customer-service link'), 'http://t.me/lotus');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Shop name')).toHaveAccessibleDescription('Required');
    expect(screen.getByLabelText('Shop phone')).toHaveAccessibleDescription(
      'Please enter a valid phone number',
    );
    expect(screen.getByLabelText('Customer-service link')).toHaveAccessibleDescription(
      'The link must start with https://',
    );
    await user.clear(screen.getByLabelText('Customer-service link'));
    await user.type(screen.getByLabelText('Customer-service link'), 'https://t.me/lotus goods');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Enter a full address like https://example.com/page, without spaces'),
    ).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);
  });

  it('basic info: saves, says so, refreshes the session merchant info and goes back to the settings', async () => {
    const { calls } = shopApi();
    await renderApp('/baseinfo');
    const name = await screen.findByLabelText('Shop name');
    await user.clear(name);
    await user.type(name, '  Lotus Goods & Co  ');
    const intro = screen.getByLabelText('Introduction');
    await user.clear(intro);
    await user.type(intro, '<b>Fresh</b> every day{Enter}Open 8–20');
    await user.type(screen.getByLabelText('Customer-service link'), 'https://t.me/lotus');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Saved');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop settings' })).toBeInTheDocument();
    // Only the basic info is sent (no logo: it stays), as the contract parsed it (trimmed).
    expect(posts(calls)).toEqual([
      [
        '/merchant/merchant/store',
        {
          name: 'Lotus Goods & Co',
          phone: '+84901234567',
          address: '12 Le Loi, District 1',
          intro: '<b>Fresh</b> every day\nOpen 8–20',
          welcome: 'Welcome to Lotus Goods!',
          service_link: 'https://t.me/lotus',
        },
      ],
    ]);
    expect(useSession.getState().merinfo?.shop).toMatchObject({
      name: 'Lotus Goods & Co',
      service_link: 'https://t.me/lotus',
    });
    // Shown as text wherever it appears.
    expect(await screen.findByTestId('shop-preview')).toHaveTextContent('Lotus Goods & Co');
  });

  it('basic info: a new logo is uploaded with progress and sent; a refusal shows at its field', async () => {
    const uploads = fakeUploads();
    const { calls } = shopApi(
      {},
      {
        'POST /merchant/merchant/store': () =>
          refusal('UPLOAD_INVALID', 'Please upload this image again', {
            fields: { logo: 'Please upload this image again' },
          }),
      },
    );
    await renderApp('/baseinfo');
    await user.upload(
      await screen.findByLabelText('Shop logo'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(uploads).toMatchObject({ kinds: ['logo'], progressSeen: true }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please upload this image again')).toBeInTheDocument();
    expect(posts(calls)[0]?.[1]).toMatchObject({ logo: `u_${'1'.padStart(22, 'a')}`, name: 'Lotus Goods' });
    expect(screen.getByRole('heading', { level: 1, name: 'Shop basic info' })).toBeInTheDocument();
  });

  it('social media: https only, in the server words; a valid pair is saved', async () => {
    const { calls } = shopApi();
    await renderApp('/socialmedia');
    const twitter = await screen.findByLabelText('Twitter link');
    const google = screen.getByLabelText('Google link');
    expect(twitter).toHaveAttribute('type', 'url');
    await user.type(twitter, 'javascript:alert(1)');
    await user.type(google, 'https://g.page/lotus goods');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText('Twitter link')).toHaveAccessibleDescription(
      'The link must start with https://',
    );
    expect(screen.getByLabelText('Google link')).toHaveAccessibleDescription(
      'Enter a full address like https://example.com/page, without spaces',
    );
    expect(posts(calls)).toEqual([]);

    await user.clear(twitter);
    await user.type(twitter, 'https://twitter.com/lotus');
    await user.clear(google);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectToast('Saved');
    expect(posts(calls)).toEqual([
      ['/merchant/merchant/store', { twitter: 'https://twitter.com/lotus', google: '' }],
    ]);
    const menu = await screen.findByRole('navigation', { name: 'Shop settings' });
    expect(within(menu).getByRole('link', { name: /Social media links.*1 set/ })).toBeInTheDocument();
  });

  it.each([
    ['/settingup', 'Shop settings'],
    ['/baseinfo', 'Shop basic info'],
    ['/socialmedia', 'Social media links'],
    ['/uploadBanner', 'Shop banners'],
  ])('a closed shop: %s says so, with the reason, instead of a form', async (path, title) => {
    const { calls } = shopApi({ status: 'closed', closed_reason: 'Counterfeit goods reported' });
    await renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const notice = await screen.findByTestId('shop-closed');
    expect(notice).toHaveRole('status');
    expect(notice).toHaveTextContent('The store is closed, please contact customer service');
    expect(notice).toHaveTextContent('Reason: Counterfeit goods reported');
    expect(within(notice).getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      '/service',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Shop settings' })).toBeNull();
    expect(posts(calls)).toEqual([]);
  });

  it('closed while the form was open: the refusal is said, and the screen turns to the notice', async () => {
    let closed = false;
    const me = logIn({ id: 42, shop: { ...SHOP } });
    mockApi({
      'GET /merchant/merchant/getMerInfo': () =>
        ok(closed ? { ...me, status: 'closed', closed_reason: 'Under review' } : me),
      'POST /merchant/merchant/store': () => {
        closed = true;
        return refusal('SHOP_CLOSED', 'The store is closed, please contact customer service');
      },
    });
    await renderApp('/socialmedia');
    await user.type(await screen.findByLabelText('Twitter link'), 'https://twitter.com/lotus');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('shop-closed')).toHaveTextContent('Reason: Under review');
    expect(screen.queryByLabelText('Twitter link')).toBeNull();
    expect(useSession.getState().merinfo?.status).toBe('closed');
  });

  describe('banners', () => {
    const image = () => new File([new Uint8Array(4096)], 'photo.png', { type: 'image/png' });

    it('crops the home banner to 3:1, uploads it with progress, and saves it', async () => {
      const uploads = fakeUploads();
      const { calls } = shopApi();
      await renderApp('/uploadBanner');
      const home = await screen.findByRole('group', { name: 'Home banner' });
      expect(home).toHaveAccessibleDescription('Cropped to 1200 × 400 pixels');
      expect(within(home).getByRole('img', { name: 'Current banner' })).toHaveAttribute(
        'src',
        SHOP.banner_url,
      );
      await user.upload(within(home).getByLabelText('Choose another image'), image());

      const cropper = await within(home).findByRole('group', { name: 'Crop area' });
      expect(cropper).toHaveAttribute('data-aspect', '3');
      expect(cropper).toHaveAccessibleDescription(/arrow keys/);
      expect(within(home).getByRole('slider', { name: 'Zoom' })).toHaveValue('1');
      await user.click(within(home).getByRole('button', { name: 'Use this crop' }));
      expect(await within(home).findByText('Ready: save to show it')).toBeInTheDocument();
      expect(uploads).toMatchObject({ kinds: ['banner'], progressSeen: true });
      expect(vi.mocked(cropImage)).toHaveBeenLastCalledWith(
        expect.stringMatching(/^blob:/),
        { x: 10, y: 20, width: 900, height: 300 },
        { width: 1200, height: 400 },
      );
      expect(within(home).getByRole('img', { name: 'New banner' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      );

      await user.click(screen.getByRole('button', { name: 'Save banners' }));
      await expectToast('Saved');
      expect(posts(calls)).toEqual([
        ['/merchant/merchant/store_banner', { banner: `u_${'1'.padStart(22, 'a')}` }],
      ]);
      expect(useSession.getState().merinfo?.shop.banner_url).toBe(`/uploads/u_${'1'.padStart(22, 'a')}`);
    });

    it('the advertisement banner is cropped to 4:1; nothing chosen is said; a banner can be removed', async () => {
      fakeUploads();
      const { calls } = shopApi();
      await renderApp('/uploadBanner');
      await user.click(await screen.findByRole('button', { name: 'Save banners' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Choose a new banner, or remove one, first');
      expect(posts(calls)).toEqual([]);

      const ad = screen.getByRole('group', { name: 'Advertisement banner' });
      expect(ad).toHaveTextContent('No banner yet');
      await user.upload(within(ad).getByLabelText('Choose an image'), image());
      expect(await within(ad).findByRole('group', { name: 'Crop area' })).toHaveAttribute('data-aspect', '4');
      // Cancelling the crop keeps things as they were.
      await user.click(within(ad).getByRole('button', { name: 'Cancel' }));
      expect(within(ad).getByText('No banner yet')).toBeInTheDocument();

      const home = screen.getByRole('group', { name: 'Home banner' });
      await user.click(within(home).getByRole('button', { name: 'Remove' }));
      expect(within(home).getByText('Removed when you save')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save banners' }));
      await expectToast('Saved');
      expect(posts(calls)).toEqual([['/merchant/merchant/store_banner', { banner: null }]]);
    });

    it('a file that is not an image is refused before any upload', async () => {
      const uploads = fakeUploads();
      shopApi();
      await renderApp('/uploadBanner');
      const home = await screen.findByRole('group', { name: 'Home banner' });
      await userEvent
        .setup({ pointerEventsCheck: 0, applyAccept: false })
        .upload(
          within(home).getByLabelText('Choose another image'),
          new File(['%PDF'], 'a.pdf', { type: 'application/pdf' }),
        );
      expect(await within(home).findByRole('alert')).toHaveTextContent('Please choose a photo');
      expect(uploads.kinds).toEqual([]);
    });
  });

  it('customer service shows what operators wrote beside the link, as text', async () => {
    logIn();
    mockApi({
      'GET /merchant/common/config': () =>
        ok(
          newConfig({
            service_url: 'https://wa.me/84900000000',
            service_text: 'Every day 8:00–20:00\n<b>no html</b>',
          }),
        ),
    });
    await renderApp('/service');
    const text = await screen.findByTestId('service-text');
    expect(text.textContent).toBe('Every day 8:00–20:00\n<b>no html</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: 'Contact customer service' })).toHaveAttribute(
      'href',
      'https://wa.me/84900000000',
    );
  });
});
