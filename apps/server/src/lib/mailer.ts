import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { outboxRepository } from '../db/outbox';
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
      const row = await outboxRepository.insert(options.db, {
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
        created_at: options.clock.now(),
        sent_at: null,
        error: null,
      });
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
        await outboxRepository.markDelivered(options.db, row.id, options.clock.now(), '(delivered)');
      } catch (error) {
        await outboxRepository.markFailed(options.db, row.id, String(error).slice(0, 500));
        options.log(`outbox #${row.id}: SMTP delivery failed: ${String(error)}`);
      }
    },
  };
}
