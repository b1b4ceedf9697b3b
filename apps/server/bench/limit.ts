import { createHash } from 'node:crypto';
import path from 'node:path';
import helmet from '@fastify/helmet';
import SQLite from 'better-sqlite3';
import Fastify from 'fastify';
import { SECURITY_HEADERS } from '../src/lib/security-headers';
import { type MerInfoRow, merInfoView } from '../src/modules/account/merinfo';

/**
 * The limit route: what an authenticated read of getMerInfo costs with nothing of ours in the way.
 * A bare Fastify app with the product's security headers and request log (pino at info, to a
 * file), which hashes the token and reads the same rows from the same SQLite file the real server
 * uses with two prepared statements. The bench compares getMerInfo to it.
 */
const dataDir = process.env.DATA_DIR as string;
const sqlite = new SQLite(path.join(dataDir, 'dropdesk.sqlite'));
sqlite.pragma('journal_mode = WAL');
sqlite.pragma('busy_timeout = 5000');

const sessionOf = sqlite.prepare(
  `select s.id, s.subject_id, s.last_seen_at, s.expires_at, s.revoked_at, m.status
     from sessions s join merchants m on m.id = s.subject_id
    where s.token_hash = ? and s.subject_type = 'merchant'`,
);
const merInfoOf = sqlite.prepare(
  `select m.id, m.phone, m.email, m.real_name, m.country, m.time_zone, m.lang, m.invite_code, m.status,
          m.closed_reason, m.pay_password_hash, m.kyc_status, m.created_at, s.name, s.logo, s.address,
          s.phone as shop_phone, s.intro, s.welcome, s.service_link, s.banner, s.ad_banner, s.twitter, s.google,
          a.balance, l.id as level_id, l.name as level_name
     from merchants m join shops s on s.merchant_id = m.id
     left join accounts a on a.key = ?
     left join merchant_levels ml on ml.merchant_id = m.id
     left join levels l on l.id = ml.level_id
    where m.id = ?`,
);

type SessionRow = {
  id: number;
  subject_id: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  status: string;
};

const app = Fastify({ logger: { level: 'info', file: path.join(dataDir, 'limit.log') } });
// The same options as app.ts: the headers are part of the cost (the bench checks they match).
await app.register(helmet, SECURITY_HEADERS);

const IDLE_MS = 7 * 24 * 3_600_000;
const publicUrl = process.env.PUBLIC_URL ?? 'http://localhost';

app.get('/limit', async (request, reply) => {
  const token = request.headers.token;
  const now = Date.now();
  const session =
    typeof token === 'string'
      ? (sessionOf.get(createHash('sha256').update(token).digest('hex')) as SessionRow | undefined)
      : undefined;
  if (
    !session ||
    session.revoked_at !== null ||
    session.expires_at <= now ||
    session.last_seen_at + IDLE_MS <= now
  ) {
    reply.code(401);
    return { code: 401, error: 'UNAUTHORIZED', msg: 'Please log in' };
  }
  const row = merInfoOf.get(`wallet:${session.subject_id}`, session.subject_id) as MerInfoRow;
  return { code: 1, msg: 'OK', data: merInfoView(row, publicUrl) };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Exit normally on SIGTERM, so a --cpu-prof profile is written.
process.on('SIGTERM', () => process.exit(0));
