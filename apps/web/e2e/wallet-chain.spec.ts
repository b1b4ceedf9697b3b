import { admin, api, ok, operatorLogin, registerMerchant } from '@dropdesk/test-kit/e2e/server';
import { shot } from '@dropdesk/test-kit/e2e/shot';
import { expect, test } from '@playwright/test';
import type { Address } from 'viem';
import { type Anvil, Chain, erc20Network, startAnvil } from '../../server/test/chain/anvil';
import { signIn } from './support/app';
import { fmt, type Lang, msg } from './support/locales';

/**
 * A chain top-up credited by the chain, in a real browser against the real server and a real EVM
 * node (Anvil, mined block by block): the merchant opens /blockchainRecharge and sees its own
 * address; a transfer is sent there; the record shows it pending at 1 of 2 confirmations, then
 * credited; the balance and the funds records show it. In vi, en and th at 390 px, with a picture
 * of each step. Alone in its project: it switches the platform's ERC20 network on (and off again).
 */

const LANGS = ['vi', 'en', 'th'] satisfies Lang[];

let op: string;
let anvil: Anvil;
let chain: Chain;
let usdt: Address;

const network = (enabled: boolean, start: number) => erc20Network(anvil.url, usdt, start, { enabled });

test.beforeAll(async () => {
  op = await operatorLogin();
  anvil = await startAnvil();
  chain = new Chain(anvil.url);
  usdt = await chain.deployToken('USDT', 6);
  ok(await admin(op, '/admin/chain/networks', { body: network(true, await chain.head()) }));
});

test.afterAll(async () => {
  // Every other spec sees the platform as it was: no watched network.
  ok(await admin(op, '/admin/chain/networks', { body: network(false, 0) }));
  await anvil?.close();
});

/** The merchant's top-up records as the server has them (the watcher runs every second here). */
async function recordsOf(token: string) {
  return ok(
    await api<{ list: { status: string; chain: { confirmations: number } | null }[] }>(
      '/merchant/merchant/recharge_log',
      { token },
    ),
  ).list;
}

for (const lang of LANGS) {
  test(`${lang}: a transfer to the merchant's own address is pending at 1 of 2 confirmations, then credited`, async ({
    page,
  }, testInfo) => {
    const m = await registerMerchant();
    await signIn(page, m, '/blockchainRecharge', lang);
    const address = page.getByTestId('deposit-address');
    await expect(address).toHaveText(/^0x[0-9a-fA-F]{40}$/);
    await expect(page.getByTestId('credited-by-chain')).toContainText(
      fmt(lang, 'wallet.autoCredit', { count: 2 }).slice(0, 12),
    );
    // No form: nothing to fill in on the merchant's own address.
    await expect(page.getByRole('button', { name: msg(lang, 'wallet.submitTopup') })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, testInfo, `${lang}-1-own-address`);

    // Someone sends 150.5 USDT to it; one block holds it.
    await chain.mint(usdt, (await address.textContent()) as Address, '150.5');
    await chain.mine();
    await expect
      .poll(async () => (await recordsOf(m.token))[0]?.chain?.confirmations, { timeout: 15_000 })
      .toBe(1);
    await page.getByRole('link', { name: msg(lang, 'wallet.followRecords') }).click();
    await expect(page).toHaveURL(/\/rechargeRecord/);
    const record = page.getByTestId('record').first();
    await expect(record.getByTestId('chain-progress')).toHaveText(
      fmt(lang, 'wallet.chainConfirmations', { done: 1, count: 2 }),
    );
    await expect(record).toContainText(msg(lang, 'wallet.chainStatus.pending'));
    await shot(page, testInfo, `${lang}-2-pending-1-of-2`);

    // The next block is its 2nd confirmation: the record turns credited on its own (it reloads
    // while a transfer is counting), and the balance has it.
    await chain.mine();
    await expect(record).toContainText(msg(lang, 'wallet.chainStatus.approved'), { timeout: 20_000 });
    await expect(record.getByTestId('chain-progress')).toHaveCount(0);
    await shot(page, testInfo, `${lang}-3-credited`);
    expect(
      ok(await api<{ balance: string }>('/merchant/merchant/getMerInfo', { token: m.token })).balance,
    ).toBe('150.50');

    await page.goto('/fundsRecords');
    const posting = page.getByTestId('bill-row').first();
    await expect(posting).toContainText(/150[.,]50/);
    await shot(page, testInfo, `${lang}-4-funds-records`);
  });
}
