import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, unsyncedWrite } from '../db/database';
import { idempotencyKeysRepository } from '../db/idempotency-keys';
import { sha256 } from '../lib/crypto';
import { Refusal } from '../lib/refusal';
import { successBody } from '../lib/route';

const KEY_RE = /^[A-Za-z0-9_.:-]{8,128}$/;
const WAIT_MS = 10_000;
/**
 * A key still pending this long after it was reserved belongs to a request whose server died (kill -9,
 * power loss): its effect never committed, since the effect and the key's answer commit together. A
 * retry takes the key over; the dead request could not commit any more even if it were only slow,
 * because complete() only marks the reservation it made.
 */
const LEASE_MS = 15_000;

/** A reserved Idempotency-Key of one request. */
export interface Idempotency {
  scope: string;
  key: string;
  /**
   * Marks the request done with its answer inside the service's own transaction, so the effect and
   * the record of it commit together: a crash can never leave one without the other.
   */
  complete(tx: Db, data: unknown): Promise<void>;
  /** When this request reserved the key; a retry may take over a reservation older than LEASE_MS. */
  reservedAt: number;
  /** Set by complete(): the answer was recorded in the effect's own transaction. */
  completed: boolean;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Money routes (marked `idempotent` in the route table) need an `Idempotency-Key`. The first request
 * with a key reserves it; a retry gets the first answer byte for byte; the same key with another
 * body is refused; a retry that arrives while the first is running waits for its answer.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
  const db = app.database.db;
  app.decorateRequest('idempotency', null);

  const reserveOrReplay = async (request: FastifyRequest, reply: FastifyReply) => {
    const { route } = request.routeOptions.config;
    if (!route) return;
    const raw = request.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key) throw new Refusal('IDEMPOTENCY_KEY_REQUIRED');
    if (!KEY_RE.test(key))
      throw new Refusal('INVALID_INPUT', { fields: { 'Idempotency-Key': 'FIELD_INVALID' } });
    const scope = request.merchant
      ? `m:${request.merchant.id}`
      : request.operator
        ? `o:${request.operator.id}`
        : request.buyer
          ? `b:${request.buyer.id}`
          : 'anon';
    const requestHash = sha256(`${request.method} ${route.path} ${canonical(request.body ?? null)}`);
    const reservedAt = app.clock.now();
    // A reservation a crash loses is one the retry would have to take over anyway: unsynced.
    const reservation = { scope, key, reservedAt };
    const reserve = () =>
      unsyncedWrite(app.database, (db) => idempotencyKeysRepository.reserve(db, reservation, requestHash));
    let inserted = await reserve();
    if (!inserted) {
      // Take over a reservation left pending by a server that died with the request in flight.
      const stale = await idempotencyKeysRepository.deleteStale(
        db,
        { scope, key },
        requestHash,
        reservedAt - LEASE_MS,
      );
      if (stale) inserted = await reserve();
    }
    if (inserted) {
      const lang = request.lang;
      request.idempotency = {
        scope,
        key,
        reservedAt,
        completed: false,
        async complete(tx, data) {
          const done = await idempotencyKeysRepository.complete(tx, reservation, {
            http_status: 200,
            response: successBody(route, lang, data as never),
          });
          // Taken over by a retry after LEASE_MS: roll this request's effect back.
          if (done !== 1) throw new Error(`Idempotency-Key ${key} lost its reservation`);
          this.completed = true;
        },
      };
      return;
    }
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const row = await idempotencyKeysRepository.byKey(db, { scope, key });
      if (!row) throw new Refusal('IDEMPOTENCY_IN_PROGRESS'); // the first attempt failed and let go
      if (row.request_hash !== requestHash) throw new Refusal('IDEMPOTENCY_KEY_REUSED');
      if (row.state === 'done' && row.response !== null) {
        reply
          .code(row.http_status ?? 200)
          .header('idempotent-replayed', 'true')
          .type('application/json; charset=utf-8')
          .serializer((x: unknown) => x as string);
        return reply.send(row.response);
      }
      if (Date.now() > deadline) throw new Refusal('IDEMPOTENCY_IN_PROGRESS');
      await sleep(25);
    }
  };

  // Record the answer of a reserved key when the service did not do it in its transaction
  // (refusals, which change nothing); forget the key after a crash so a retry can run again.
  const recordAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const idem = request.idempotency;
    if (!idem) return payload;
    if (reply.statusCode >= 500) {
      await idempotencyKeysRepository.forget(db, idem);
    } else if (typeof payload === 'string' && !idem.completed) {
      // A money route that succeeded must have recorded its answer inside its own transaction
      // (moneyTransaction does); recording it only now would leave a crash window between the two.
      if (reply.statusCode === 200 && payload.startsWith('{"code":1'))
        request.log.error(
          { route: request.routeOptions.url },
          'money route answered without moneyTransaction',
        );
      await idempotencyKeysRepository.complete(db, idem, {
        http_status: reply.statusCode,
        response: payload,
      });
    }
    return payload;
  };

  // Only money routes pay for these hooks: every other request skips them entirely.
  app.addHook('onRoute', (options) => {
    if (!options.config?.idempotent) return;
    options.preHandler = [...toArray(options.preHandler), reserveOrReplay];
    options.onSend = [...toArray(options.onSend), recordAnswer];
  });
});

function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}
