import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { categoriesReply, newAdminProduct, page } from '../../test/factories';
import { loaded, meRoute, renderConsole, shows, signInAs } from '../../test/render';

describe('the catalogue', () => {
  it('pages and searches products on the server, and edits one through the contract body', async () => {
    const user = userEvent.setup();
    signInAs('catalogue');
    const lamp = newAdminProduct();
    const { calls } = mockApi({
      ...meRoute('catalogue'),
      'GET /admin/catalogue/categories': () => ok(categoriesReply),
      'GET /admin/catalogue/products': (c) =>
        ok({ ...page([lamp], 45), page: Number(c.query.get('page') ?? 1), limit: 20 }),
      'POST /admin/catalogue/products/update': (c) => ok({ ...lamp, ...(c.body as object) }),
    });
    const { router } = await renderConsole('/catalogue/products');
    await shows(lamp.texts[0]!.title);
    await user.type(screen.getByRole('searchbox', { name: 'Search titles in any language' }), 'lamp{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=lamp'));
    await waitFor(() => expect(calls.at(-1)?.query.get('keyword')).toBe('lamp'));
    expect(calls.at(-1)?.query.get('limit')).toBe('20');
    // The search's page has arrived: the table is no longer loading (its overlay takes the clicks).
    await loaded();
    await user.click(screen.getByRole('button', { name: `Edit product ${lamp.id}` }));
    const drawer = await screen.findByRole('dialog');
    const cost = within(drawer).getByLabelText('Cost');
    await user.clear(cost);
    await user.type(cost, '0');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await shows('Cannot be zero');
    expect(calls.some((c) => c.path === '/admin/catalogue/products/update')).toBe(false);
    await user.clear(cost);
    await user.type(cost, '14.20');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/admin/catalogue/products/update')).toBe(true));
    const body = calls.find((c) => c.path === '/admin/catalogue/products/update')!.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      id: lamp.id,
      cost: '14.20',
      texts: [{ lang: 'en', title: lamp.texts[0]!.title }],
    });
  });

  it('imports a CSV and shows the per-row report', async () => {
    const user = userEvent.setup();
    signInAs('catalogue');
    const { calls } = mockApi({
      ...meRoute('catalogue'),
      'POST /admin/catalogue/products/import': () =>
        ok({
          imported: 0,
          rows: 3,
          dry_run: true,
          problems: [
            { row: 2, field: 'cost', message: 'Cannot be zero' },
            { row: 3, field: 'category', message: 'No such category' },
          ],
        }),
    });
    await renderConsole('/catalogue/import');
    await shows('Choose a CSV file');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    // rc-upload reads the input's change event (user-event's upload does not reach it in happy-dom).
    fireEvent.change(input, {
      target: { files: [new File(['category,main_lang,cost\n'], 'products.csv', { type: 'text/csv' })] },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check the file' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/admin/catalogue/products/import')).toBe(true));
    await shows('2 problems in 3 rows: nothing was imported. Fix them and try again.');
    expect(screen.getByText('No such category')).toBeInTheDocument();
  });
});
