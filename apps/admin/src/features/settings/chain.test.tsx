import type { ChainAlertItem, ChainNetworkItem } from '@dropdesk/contract/chain';
import { mockApi, ok, refusal } from '@dropdesk/test-kit/fake-api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { newChainAlert, newChainNetwork, page, USDT_ERC20, XPUB } from '../../test/factories';
import { loaded, meRoute, renderConsole, shows, signInAs } from '../../test/render';

const XPUB_LOCKED = "Merchants already have addresses from this key; it can't be changed";

describe('the chain deposit networks', () => {
  it("shows an admin each network's settings and health; the key is locked once merchants have addresses", async () => {
    const user = userEvent.setup();
    signInAs('admin');
    let network = newChainNetwork({ addresses: 3 });
    const { of } = mockApi({
      ...meRoute('admin'),
      'GET /admin/chain/networks': () => ok({ list: [network] }),
      'POST /admin/chain/networks': (c) => {
        network = { ...network, ...(c.body as Partial<ChainNetworkItem>) };
        return ok(network);
      },
    });
    await renderConsole('/settings/chain');
    await shows('3 merchant addresses');
    expect(screen.getByRole('heading', { name: 'Chain deposits' })).toBeInTheDocument();
    expect(screen.getByText('Block 19,000,118 of 19,000,120')).toBeInTheDocument();
    expect(screen.getByText('2 blocks behind')).toBeInTheDocument();
    // A network that can't be watched here is said so, and can't be set up.
    expect(screen.getByText(/TRC20: no watcher on this platform yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up a network' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit ERC20' }));
    const dialog = await screen.findByRole('dialog');
    const xpub = within(dialog).getByLabelText('Extended public key (xpub)');
    expect(xpub).toBeDisabled();
    expect(xpub).toHaveValue(XPUB);
    expect(
      within(dialog).getByText(
        "Locked: 3 merchants already have addresses from this key, so it can't change.",
      ),
    ).toBeInTheDocument();
    // One line each on what the key, the confirmations and the first block are.
    expect(within(dialog).getByText(/its own included/)).toBeInTheDocument();
    expect(within(dialog).getByText(/older blocks are never read/)).toBeInTheDocument();

    const confirmations = within(dialog).getByLabelText('Confirmations');
    await user.clear(confirmations);
    await user.type(confirmations, '6');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await shows('Saved');
    expect(of('POST /admin/chain/networks')[0]?.body).toEqual({
      network: 'ERC20',
      rpc_url: 'https://eth.node.example/rpc',
      token_contract: USDT_ERC20,
      token_decimals: 6,
      confirmations: 6,
      xpub: XPUB,
      start_block: 19_000_000,
      enabled: true,
    });
    // The list is read again after the change.
    await waitFor(() => expect(of('GET /admin/chain/networks').length).toBeGreaterThan(1));
  });

  it('sets up a first network: the key is checked by the contract’s rule, a refusal is told in the server’s words', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const { of } = mockApi({
      ...meRoute('admin'),
      'GET /admin/chain/networks': () => ok({ list: [] }),
      // Meanwhile another admin set ERC20 and a merchant has an address from its key.
      'POST /admin/chain/networks': () => refusal('XPUB_LOCKED', XPUB_LOCKED),
    });
    await renderConsole('/settings/chain');
    await shows('No network is watched yet: chain top-ups are declared with a voucher and credited by hand.');
    await user.click(screen.getByRole('button', { name: 'Set up a network' }));
    const dialog = await screen.findByRole('dialog');
    // What the key is, and that no private key goes here.
    expect(within(dialog).getByText(/m\/44'\/60'\/0' for Ethereum/)).toHaveTextContent(
      'no private key is ever entered here',
    );
    await user.type(within(dialog).getByLabelText('RPC node'), 'https://eth.node.example/rpc');
    await user.type(within(dialog).getByLabelText('Token contract'), USDT_ERC20);
    await user.type(within(dialog).getByLabelText('Extended public key (xpub)'), 'xprv-secret');
    await user.type(within(dialog).getByLabelText('Start block'), '19000000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await shows('Enter an extended public key (xpub…)');
    expect(of('POST /admin/chain/networks')).toHaveLength(0);

    const xpub = within(dialog).getByLabelText('Extended public key (xpub)');
    await user.clear(xpub);
    await user.type(xpub, XPUB);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(XPUB_LOCKED));
    expect(of('POST /admin/chain/networks')[0]?.body).toMatchObject({
      network: 'ERC20',
      xpub: XPUB,
      confirmations: 2,
      token_decimals: 6,
      start_block: 19_000_000,
      enabled: true,
    });
  });

  it('lets a reviewer read the networks, not change them', async () => {
    signInAs('reviewer');
    mockApi({
      ...meRoute('reviewer'),
      'GET /admin/chain/networks': () => ok({ list: [newChainNetwork({ health: null })] }),
    });
    await renderConsole('/settings/chain');
    await shows('Only an admin can change these settings.');
    await shows('Not run yet');
    expect(screen.getByRole('menuitem', { name: 'Chain deposits' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit ERC20' })).not.toBeInTheDocument();
  });
});

describe("the chain watcher's alerts", () => {
  it('lists open alerts before resolved ones; an admin resolves one with what was done, which is required', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const open = newChainAlert({
      order_no: 'R9001',
      detail: { block: 19_000_050, hash_then: `0x${'11'.repeat(32)}`, hash_now: null, head: 19_000_060 },
    });
    const done = newChainAlert({
      order_no: 'R9000',
      resolved_at: new Date().toISOString(),
      resolved_by: 7,
      resolution: 'The transfer is in block 19,000,051; nothing to correct.',
    });
    let list: ChainAlertItem[] = [open, done];
    const { of } = mockApi({
      ...meRoute('admin'),
      'GET /admin/chain/networks': () => ok({ list: [newChainNetwork()] }),
      'GET /admin/chain/alerts': () => ok(page(list)),
      'POST /admin/chain/alerts/resolve': (c) => {
        const body = c.body as { id: number; resolution: string };
        const resolved = {
          ...open,
          resolved_at: new Date().toISOString(),
          resolved_by: 7,
          resolution: body.resolution,
        };
        list = [resolved, done];
        return ok(resolved);
      },
    });
    await renderConsole('/settings/chain?tab=alerts');
    await shows('R9001');
    await loaded();
    expect(screen.getByText('The chain has no block there now')).toBeInTheDocument();
    expect(screen.getByText('The transfer is in block 19,000,051; nothing to correct.')).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('R9001');
    expect(rows[1]).toHaveTextContent('R9000');
    // Only the open one can be resolved.
    expect(screen.getAllByRole('button', { name: 'Resolve' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Resolve the alert on top-up R9001');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(of('POST /admin/chain/alerts/resolve')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('What was done'), 'Debited 250.00 by adjustment 41.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await shows('Alert resolved');
    expect(of('POST /admin/chain/alerts/resolve')[0]?.body).toEqual({
      id: open.id,
      resolution: 'Debited 250.00 by adjustment 41.',
    });
    await shows('Debited 250.00 by adjustment 41.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument());
  });

  it('keeps the dialog open with the server’s words when another admin resolved the alert first, and filters open ones', async () => {
    const user = userEvent.setup();
    signInAs('admin');
    const open = newChainAlert();
    const { of } = mockApi({
      ...meRoute('admin'),
      'GET /admin/chain/networks': () => ok({ list: [newChainNetwork()] }),
      'GET /admin/chain/alerts': () => ok(page([open])),
      'POST /admin/chain/alerts/resolve': () =>
        refusal('ALREADY_RESOLVED', 'This request has already been processed'),
    });
    await renderConsole('/settings/chain');
    await user.click(await screen.findByRole('tab', { name: 'Alerts' }));
    await shows(open.order_no);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByText('Open', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(of('GET /admin/chain/alerts').at(-1)?.query.get('open')).toBe('1'));
    await loaded();

    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('What was done'), 'Checked the block.');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('This request has already been processed'),
    );
  });
});
