import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import type { Clock } from './clock';

export interface Message {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(message: Message): Promise<void>;
}

/**
 * Every message is written to the outbox table first (so nothing is lost and operators can see
 * what was sent). Email goes out through SMTP when SMTP_URL is set; without it, and for SMS (no
 * provider yet), the outbox is the delivery: `npm run ops -- outbox` shows it, and so do the logs.
 */
export function createMailer(options: {
  db: Db;
  clock: Clock;
  smtpUrl: string | undefined;
  from: string;
  log: (msg: string) => void;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(message) {
      const row = await options.db
        .insertInto('outbox')
        .values({
          channel: message.channel,
          recipient: message.to,
          subject: message.subject,
          body: message.body,
          created_at: options.clock.now(),
          sent_at: null,
          error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport || message.channel !== 'email') {
        options.log(
          `outbox #${row.id}: ${message.channel} to ${message.to} (no transport; see npm run ops -- outbox)`,
        );
        return;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.body,
        });
        // Delivered: keep the record, not the secret it carried.
        await options.db
          .updateTable('outbox')
          .set({ sent_at: options.clock.now(), body: '(delivered)' })
          .where('id', '=', row.id)
          .execute();
      } catch (error) {
        await options.db
          .updateTable('outbox')
          .set({ error: String(error).slice(0, 500) })
          .where('id', '=', row.id)
          .execute();
        options.log(`outbox #${row.id}: SMTP delivery failed: ${String(error)}`);
      }
    },
  };
}
