import { keyFingerprint, type VerifiableStatement } from '@dropdesk/ledger-proof';
import {
  buildLedger,
  checkpointOf,
  copy,
  makeStatement,
  OTHER_SECRET,
  POSTINGS,
  TEST_KEY,
} from '@dropdesk/ledger-proof/fixture';
import { mockApi, ok } from '@dropdesk/test-kit/fake-api';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { newConfig } from '../../../test/factories';
import { logOut, renderApp } from '../../../test/render';
import { LEDGER_KEY_STORAGE } from '../api/get-ledger-key';

const user = userEvent.setup({ pointerEventsCheck: 0 });

/** Amounts are written with the platform's currency, from the public config. */
const config = { 'GET /merchant/common/config': () => ok(newConfig()) };
/** The platform publishes its key (GET /ledger/key). */
const platformKey = {
  'GET /ledger/key': () => ok({ key: TEST_KEY, fingerprint: keyFingerprint(TEST_KEY), algorithm: 'ed25519' }),
};
const offline = { 'GET /ledger/key': () => 'network-error' as const };

const genuine = makeStatement();
/** An amount changed after the fact: wallet:12's entry #3, 600.00 → 700.00. */
const tampered = copy(genuine);
tampered.accounts[0]!.postings[1]!.amount = 70_000;

const asFile = (doc: unknown, name = 'statement.json') =>
  new File([typeof doc === 'string' ? doc : JSON.stringify(doc)], name, { type: 'application/json' });

async function pick(statement: VerifiableStatement | string) {
  await user.upload(await screen.findByLabelText('Statement file (.json)'), asFile(statement));
}

const verdict = () => screen.findByTestId('verdict');
const accountCard = (name: string) =>
  screen.getAllByTestId('verified-account').find((li) => within(li).queryByRole('heading', { name }))!;

describe('verify a statement (/verify)', () => {
  beforeEach(() => logOut());
  afterEach(() => vi.unstubAllGlobals());

  it('a genuine statement, without logging in: verified, each account, the checkpoint and its signer', async () => {
    mockApi({ ...config, ...platformKey });
    const { router } = await renderApp('/verify');
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a statement' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verify');
    // The platform's key is read once and remembered, its fingerprint shown before any statement.
    const fingerprint = keyFingerprint(TEST_KEY);
    await waitFor(() => expect(screen.getByTestId('platform-key')).toHaveTextContent(fingerprint));
    expect(screen.getByTestId('platform-key')).toHaveTextContent('Read from the platform just now');
    expect(JSON.parse(localStorage.getItem(LEDGER_KEY_STORAGE) ?? '{}')).toMatchObject({ key: TEST_KEY });

    await pick(genuine);
    expect(await verdict()).toHaveTextContent('Verified');
    expect(await verdict()).toHaveTextContent('Every entry is intact and leads to what the platform signed.');
    expect(screen.queryByTestId('problems')).toBeNull();

    const checkpoint = screen.getByTestId('checkpoint');
    expect(within(checkpoint).getByRole('heading', { name: 'Checkpoint #42' })).toBeInTheDocument();
    expect(checkpoint).toHaveTextContent('Signature valid');
    expect(checkpoint).toHaveTextContent(fingerprint);
    expect(checkpoint).toHaveTextContent("Signed with the platform's key");
    expect(checkpoint.querySelector('time')).toHaveAttribute('dateTime', '2026-11-08T12:00:00.000Z');

    const wallet = accountCard('Wallet (wallet:12)');
    expect(wallet).toHaveTextContent('5 entries verified');
    await waitFor(() => expect(wallet).toHaveTextContent('Balance $1,000.00 → $905.00'));
    expect(wallet).toHaveTextContent('Covered by checkpoint #42');
    expect(wallet).toHaveTextContent(
      '1 entry newer than the last checkpoint: chained to it, not signed yet. Download again after the next hourly checkpoint.',
    );
    const hold = accountCard('Withdrawal hold (withdraw_hold:12)');
    expect(hold).toHaveTextContent('3 entries verified');
    expect(hold).toHaveTextContent('Balance $0.00 → $100.00');
    expect(hold).not.toHaveTextContent('newer');

    expect(screen.getByRole('link', { name: 'Download dropdesk-verify.mjs' })).toHaveAttribute(
      'href',
      '/dropdesk-verify.mjs',
    );
  });

  it('a changed amount: NOT verified, and what is wrong in sentences', async () => {
    mockApi({ ...config, ...platformKey });
    await renderApp('/verify');
    await pick(tampered);
    expect(await verdict()).toHaveTextContent('NOT verified');
    const problems = within(screen.getByTestId('problems')).getAllByRole('listitem');
    expect(problems.map((li) => li.textContent)).toEqual([
      'Wallet (wallet:12), entry #3: the balance after it is not the balance before it plus its amount.',
      'Wallet (wallet:12), entry #3: its content does not match the hash recorded for it. It was changed, removed or moved after it was recorded.',
    ]);
    expect(screen.getByText(/download the statement again/)).toBeInTheDocument();
    expect(accountCard('Wallet (wallet:12)')).toHaveTextContent(
      '5 entries checked, with problems (see above)',
    );
    expect(accountCard('Withdrawal hold (withdraw_hold:12)')).toHaveTextContent('3 entries verified');
  });

  it('in Thai: the verdict and the problem sentence', async () => {
    mockApi({ ...config, ...platformKey });
    await renderApp('/verify');
    await act(() => switchLanguage('th'));
    await user.upload(await screen.findByLabelText('ไฟล์ใบแจ้งยอด (.json)'), asFile(genuine));
    expect(await verdict()).toHaveTextContent('ตรวจสอบแล้ว ถูกต้อง');
    await waitFor(() =>
      expect(accountCard('กระเป๋าเงิน (wallet:12)')).toHaveTextContent('ตรวจสอบแล้ว 5 รายการ'),
    );
    expect(screen.getByTestId('checkpoint')).toHaveTextContent('ลงนามด้วยคีย์ของแพลตฟอร์ม');

    await user.upload(screen.getByLabelText('ไฟล์ใบแจ้งยอด (.json)'), asFile(tampered));
    await waitFor(async () => expect(await verdict()).toHaveTextContent('ตรวจสอบไม่ผ่าน'));
    expect(screen.getByTestId('problems')).toHaveTextContent(
      'กระเป๋าเงิน (wallet:12) รายการ #3: เนื้อหาไม่ตรงกับค่าแฮชที่บันทึกไว้ รายการถูกแก้ไข ลบ หรือย้ายหลังจากบันทึกแล้ว',
    );
  });

  it('offline, with the key remembered from before: a checkpoint signed by another key is caught', async () => {
    localStorage.setItem(
      LEDGER_KEY_STORAGE,
      JSON.stringify({ key: TEST_KEY, checkedAt: Date.UTC(2026, 10, 1) }),
    );
    mockApi({ ...config, ...offline });
    await renderApp('/verify');
    const ledger = buildLedger();
    await pick(makeStatement({ ledger, signed: checkpointOf(ledger, { secret: OTHER_SECRET }) }));
    expect(await verdict()).toHaveTextContent('NOT verified');
    const other = screen.getByTestId('checkpoint').querySelector('code')?.textContent;
    expect(screen.getByTestId('problems')).toHaveTextContent(
      `The checkpoint was signed by key ${other}, not by the platform's key ${keyFingerprint(TEST_KEY)}.`,
    );
    expect(screen.getByTestId('checkpoint')).toHaveTextContent("NOT signed with the platform's key");
    expect(screen.getByTestId('platform-key')).toHaveTextContent(keyFingerprint(TEST_KEY));
    expect(screen.getByTestId('platform-key')).toHaveTextContent('Remembered on this device since');
  });

  it('offline and never online: checked all the same, the signer left for the reader to compare', async () => {
    mockApi({ ...config, ...offline });
    await renderApp('/verify');
    await pick(genuine);
    expect(await verdict()).toHaveTextContent('Verified');
    expect(screen.getByTestId('checkpoint')).toHaveTextContent(
      "Not compared with the platform's key, which this device does not know yet",
    );
    expect(screen.getByTestId('platform-key')).toHaveTextContent('Not known on this device yet');
  });

  it('pasted, with a checkpoint kept from before that the platform has since published differently', async () => {
    mockApi({ ...config, ...platformKey });
    await renderApp('/verify');
    // The merchant kept last month's statement; its checkpoint #42 is not the one published now.
    await user.upload(
      await screen.findByLabelText('Checkpoint kept from before (optional)'),
      asFile(makeStatement(), 'old-statement.json'),
    );
    expect(await screen.findByText('Kept: 1 checkpoint')).toBeInTheDocument();
    const rewritten = buildLedger(
      POSTINGS.map((p) => (p.journal === 5 ? { ...p, amount: -p.amount * 10 } : p)),
    );
    fireEvent.change(screen.getByLabelText('Or paste the statement'), {
      target: { value: JSON.stringify(makeStatement({ ledger: rewritten })) },
    });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await verdict()).toHaveTextContent('NOT verified');
    expect(screen.getByTestId('problems')).toHaveTextContent(
      'Checkpoint #42 is not the one you kept: the platform published two different versions of it, so history was rewritten after you kept it.',
    );
    expect(screen.getByTestId('checkpoint')).toHaveTextContent('Different from the checkpoint #42 you kept');
  });

  it('a file that is not JSON is said to be none, and no verdict is given', async () => {
    mockApi({ ...config, ...platformKey });
    await renderApp('/verify');
    await pick('%PDF-1.7 not a statement');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This is not a JSON file, so it is not a Dropdesk statement.',
    );
    expect(screen.queryByTestId('verdict')).toBeNull();
  });
});
