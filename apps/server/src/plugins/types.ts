import type { Lang } from '@dropdesk/contract/constants';
import type { Auth, RouteDef } from '@dropdesk/contract/route';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { CaptchaMaker } from '../lib/captcha';
import type { Clock } from '../lib/clock';
import type { Mailer } from '../lib/mailer';
import type { SessionBuyer, SessionMerchant, SessionOperator } from '../lib/sessions';
import type { VisitorIds } from '../modules/store';
import type { Idempotency } from './idempotency';

export type { SessionBuyer, SessionMerchant, SessionOperator } from '../lib/sessions';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
    mailer: Mailer;
    captcha: CaptchaMaker;
    visitorIds: VisitorIds;
  }
  interface FastifyRequest {
    lang: Lang;
    merchant: SessionMerchant | null;
    operator: SessionOperator | null;
    buyer: SessionBuyer | null;
    idempotency: Idempotency | null;
  }
  interface FastifyContextConfig {
    auth?: Auth;
    writes?: boolean;
    idempotent?: boolean;
    route?: RouteDef;
  }
}
