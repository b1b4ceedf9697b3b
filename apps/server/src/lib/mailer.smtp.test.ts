import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app';
import { Client } from '../../test/client';
import { newMerchant } from '../../test/factories';

interface Received {
  from: string;
  to: string[];
  headers: Record<string, string>;
  text: string;
}

/** The text body of a single-part mail, decoded from the transfer encoding nodemailer chose. */
function parse(raw: string, from: string, to: string[]): Received {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = raw.slice(split + 4);
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { from, to, headers, text };
}

/** A real SMTP server on a local port (plain, no login): what a deployment's relay receives. */
async function startSmtp() {
  const inbox: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push(
          parse(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { inbox, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mail through a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("the reset code arrives in the inbox in the merchant's language, and it resets the password", async () => {
    const m = await newMerchant(t);
    expect((await m.client.get('/merchant/merchant/set_language', { lang: 'ja' })).code).toBe(1);

    // Asked from a device that sends no language (the API's default is vi): the mail still
    // follows the language the merchant chose.
    const sent = await new Client(t.app).post('/merchant/merchant/send_code', { account: m.email });
    expect(sent.data).toEqual({ sent: true });

    const mails = smtp.inbox.filter((mail) => mail.to.includes(m.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('no-reply@dropdesk.local');
    expect(mail.headers.subject).toBe('Dropdesk');
    expect(mail.text).toMatch(/^Dropdesk の確認コードは \d{6} です。10分間有効です。/);
    const code = /(\d{6})/.exec(mail.text)![1]!;

    // Delivered: the outbox keeps the record but not the code.
    const row = await t.database.db
      .selectFrom('outbox')
      .select(['body', 'sent_at', 'error'])
      .where('recipient', '=', m.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ body: '(delivered)', error: null });
    expect(row.sent_at).not.toBeNull();

    const anon = new Client(t.app);
    const reset = await anon.post('/merchant/merchant/resetpwd', {
      account: m.email,
      code,
      password: 'Newpass#456',
      password_confirm: 'Newpass#456',
    });
    expect(reset.code).toBe(1);
    expect(
      (await anon.post('/merchant/merchant/login', { account: m.email, password: 'Newpass#456' })).code,
    ).toBe(1);
    expect(
      (await anon.post('/merchant/merchant/login', { account: m.email, password: m.password })).error,
    ).toBe('INVALID_CREDENTIALS');
  });
});
