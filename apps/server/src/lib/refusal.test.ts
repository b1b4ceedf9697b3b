import { LANGUAGES, MIN_TOPUP_MINOR } from '@dropdesk/contract/constants';
import { ERROR_KEYS, FIELD_MESSAGE_KEYS, REFUSAL_VARS } from '@dropdesk/contract/errors';
import { formatMoney } from '@dropdesk/contract/money';
import { defineRoute } from '@dropdesk/contract/route';
import { walletRoutes } from '@dropdesk/contract/wallet';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/app';
import { newMerchant, newUpload } from '../../test/factories';
import { catalogues } from '../i18n/t';
import { errorsPlugin } from '../plugins/errors';
import { fieldRefusal, Refusal, refusal } from './refusal';
import { route } from './route';

const placeholders = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe('message variables', () => {
  it.each(LANGUAGES)(
    '%s: every {var} of a message is declared in RefusalVars for its key, and no more',
    (lang) => {
      const declared: Record<string, readonly string[]> = REFUSAL_VARS;
      for (const key of [...ERROR_KEYS, ...FIELD_MESSAGE_KEYS]) {
        expect(placeholders(catalogues[lang][key] ?? ''), `${lang} ${key}`).toEqual(
          [...(declared[key] ?? [])].sort(),
        );
      }
    },
  );

  it('types the variables of a refusal by its key (checked by tsc, never run)', () => {
    const compileOnly = () => {
      new Refusal('MIN_WITHDRAWAL', undefined, 200, { min: '10.00' });
      refusal('WRONG_PAY_PASSWORD', undefined, { attempts_left: 2 });
      refusal('INSUFFICIENT_BALANCE');
      // @ts-expect-error MIN_WITHDRAWAL's message needs {min}
      new Refusal('MIN_WITHDRAWAL', { fields: { amount: 'MIN_WITHDRAWAL' } });
      // @ts-expect-error the variable is `min`, not `minimum`
      new Refusal('MIN_WITHDRAWAL', undefined, 200, { minimum: '10.00' });
      // @ts-expect-error attempts_left is a number
      refusal('WRONG_PAY_PASSWORD', undefined, { attempts_left: '2' });
      // @ts-expect-error INSUFFICIENT_BALANCE's message names no variable
      refusal('INSUFFICIENT_BALANCE', undefined, { balance: '1.00' });
      // @ts-expect-error a field refusal takes no variables, so its key must need none
      fieldRefusal('PAY_PASSWORD_LOCKED', 'pay_password');
    };
    expect(compileOnly).toBeTypeOf('function');
  });
});

describe('a refusal the contract row does not list', () => {
  let app: FastifyInstance;
  const row = defineRoute({
    method: 'POST',
    path: '/merchant/test/refusals',
    auth: 'none',
    summary: 'test row',
    refusals: ['NOT_FOUND', 'MIN_WITHDRAWAL'],
    body: z.strictObject({ throw: z.enum(['declared', 'undeclared', 'unfilled']) }),
    data: z.null(),
  });

  beforeAll(async () => {
    app = Fastify({ logger: false });
    app.decorate('config', { rateLimitScale: 1 } as FastifyInstance['config']);
    app.addHook('onRequest', async (request) => {
      request.lang = 'en';
    });
    app.setValidatorCompiler(({ schema }) => (data) => ({ value: (schema as z.ZodType).parse(data) }));
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await app.register(errorsPlugin);
    route(app, row, (request) => {
      if (request.body.throw === 'declared') throw refusal('NOT_FOUND');
      if (request.body.throw === 'undeclared') throw refusal('KYC_REQUIRED');
      // A validation refusal whose schema forgot the message's variables.
      throw Refusal.fromValidation('MIN_WITHDRAWAL', { amount: 'MIN_WITHDRAWAL' }, undefined);
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const answer = async (which: string) =>
    (await app.inject({ method: 'POST', url: row.path, payload: { throw: which } })).json();

  it('answers a declared key as usual', async () => {
    expect(await answer('declared')).toMatchObject({ code: 0, error: 'NOT_FOUND' });
  });

  it('answers an undeclared key with 500 under test, naming the row and the key', async () => {
    const res = await answer('undeclared');
    expect(res.error).toBe('INTERNAL');
    expect(res.msg).toContain('KYC_REQUIRED');
    expect(res.msg).toContain(row.path);
  });

  it('answers a message with an unfilled {var} with 500 under test', async () => {
    const res = await answer('unfilled');
    expect(res.error).toBe('INTERNAL');
    expect(res.msg).toContain('{min}');
  });

  it('refuses to register a row without refusals', () => {
    const bare = Fastify();
    const { refusals: _, ...undeclared } = row;
    expect(() => route(bare, { ...undeclared, path: '/merchant/test/bare' }, () => null)).toThrow(/refusals/);
  });
});

describe('the minimum top-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('says the minimum in the message, from the contract, in the caller language', async () => {
    const m = await newMerchant(t);
    const voucher = await newUpload(t, m.id, 'voucher');
    const min = formatMoney(MIN_TOPUP_MINOR);
    const res = await m.client.call(
      walletRoutes.recharge,
      { method: 'manual', amount: '99.99', voucher },
      { lang: 'en' },
    );
    expect(res.error).toBe('MIN_TOPUP');
    expect(res.msg).toBe(`Minimum top-up ${min}`);
    expect(res.fields?.amount).toBe(`Minimum top-up ${min}`);
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  });
  afterAll(() => t.close());

  /** Every `enum` of `error` in a response schema, wherever it sits. */
  function errorEnums(schema: unknown): string[][] {
    if (!schema || typeof schema !== 'object') return [];
    const node = schema as Record<string, unknown>;
    const own = (node.properties as { error?: { enum?: string[] } } | undefined)?.error?.enum;
    return [...(own ? [own] : []), ...Object.values(node).flatMap(errorEnums)];
  }

  it('lists the refusal keys of POST /merchant/merchant/extract beside its success envelope', () => {
    const responses = doc.paths['/merchant/merchant/extract']?.post?.responses ?? {};
    const ok = JSON.stringify(responses['200']);
    expect(ok).toContain('"balance"');
    const [keys] = errorEnums(responses['200']);
    expect(keys).toEqual(
      expect.arrayContaining([
        'MIN_WITHDRAWAL',
        'CANNOT_EXCEED_BALANCE',
        'WRONG_PAY_PASSWORD',
        'PAY_PASSWORD_LOCKED',
        'KYC_REQUIRED',
        'SHOP_CLOSED',
        'IDEMPOTENCY_KEY_REQUIRED',
        'INVALID_INPUT',
      ]),
    );
    expect(keys).not.toContain('ALREADY_RESOLVED');
    expect(errorEnums(responses['401'])).toEqual([['UNAUTHORIZED']]);
    expect(errorEnums(responses['429'])).toEqual([['RATE_LIMITED']]);
    expect(errorEnums(responses['500'])).toEqual([['INTERNAL']]);
  });

  it('shows only the success envelope for a row that refuses nothing', () => {
    const responses = doc.paths['/merchant/common/config']?.get?.responses ?? {};
    expect(errorEnums(responses['200'])).toEqual([]);
    expect(responses['401']).toBeUndefined();
  });
});
