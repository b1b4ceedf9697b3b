import type { serviceContact, serviceContactBody } from '@dropdesk/contract/shop';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { type Clock, iso } from '../../lib/clock';
import { audit } from '../audit';
import { serviceContactRepository } from './service-contact.repository';

type ServiceContact = z.infer<typeof serviceContact>;

/**
 * The platform's customer-service contact (the app's /service screen, and what a closed shop is told
 * to use): the row an admin set, or, until one is set, the deployment's SERVICE_URL with no text.
 * So a deployment that had SERVICE_URL keeps its contact through migration 010.
 */
export async function serviceContactOf(db: Db, fallbackUrl: string): Promise<ServiceContact> {
  const row = await serviceContactRepository.serviceContact(db);
  if (!row) return { url: fallbackUrl, text: '', source: 'env', updated_at: null };
  return { url: row.url, text: row.text, source: 'setting', updated_at: iso(row.updated_at) };
}

export class ServiceContacts {
  constructor(private readonly deps: { db: Db; clock: Clock; fallbackUrl: string }) {}

  get(): Promise<ServiceContact> {
    return serviceContactOf(this.deps.db, this.deps.fallbackUrl);
  }

  /** An admin sets the contact; the audit entry keeps what it was before. */
  async set(operatorId: number, body: z.output<typeof serviceContactBody>): Promise<ServiceContact> {
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (tx) => {
      const before = await serviceContactOf(tx, this.deps.fallbackUrl);
      await serviceContactRepository.setServiceContact(tx, {
        url: body.url,
        text: body.text,
        operatorId,
        at: now,
      });
      await audit(
        tx,
        {
          operatorId,
          action: 'settings.service_contact',
          targetType: 'platform',
          targetId: 'service_contact',
          before: { url: before.url, text: before.text },
          after: { url: body.url, text: body.text },
        },
        now,
      );
    });
    return this.get();
  }
}
