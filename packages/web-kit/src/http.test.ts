import { describe, expect, it, vi } from 'vitest';
import { exchange, fieldsOf, noAnswer, readReply, withQuery } from './http';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('readReply: the envelope protocol', () => {
  it('reads a success, with its data and words', () => {
    expect(readReply(200, { code: 1, msg: 'Saved', data: { id: 7 } })).toEqual({
      kind: 'ok',
      status: 200,
      code: 1,
      msg: 'Saved',
      key: undefined,
      data: { id: 7 },
    });
  });

  it('reads a refusal (HTTP 200, code 0) with its key and fields', () => {
    const reply = readReply(200, {
      code: 0,
      error: 'PASSWORDS_DO_NOT_MATCH',
      msg: 'Passwords do not match',
      data: { fields: { password_confirm: 'Passwords do not match' } },
    });
    expect(reply.kind).toBe('refused');
    expect(reply.key).toBe('PASSWORDS_DO_NOT_MATCH');
    expect(fieldsOf(reply.data)).toEqual({ password_confirm: 'Passwords do not match' });
  });

  it('reads a 401, by status or by code, as the end of the session', () => {
    expect(readReply(401, { code: 401, error: 'UNAUTHORIZED', msg: 'Expired' }).kind).toBe('unauthorized');
    expect(readReply(200, { code: 401, msg: 'Expired' }).kind).toBe('unauthorized');
    expect(readReply(401, null).kind).toBe('unauthorized');
  });

  it('tells a 5xx, a 4xx and an answer that is not ours apart', () => {
    expect(readReply(500, { code: 500, error: 'INTERNAL', msg: 'Oops' }).kind).toBe('server');
    const invalid = readReply(400, { code: 400, error: 'INVALID_INPUT', msg: 'Bad' });
    expect(invalid).toMatchObject({ kind: 'http', code: 400, key: 'INVALID_INPUT', msg: 'Bad' });
    expect(readReply(200, null)).toMatchObject({ kind: 'http', code: undefined, msg: '' });
    expect(readReply(200, { code: 'x', msg: 3 })).toMatchObject({ kind: 'http', msg: '' });
  });
});

describe('withQuery', () => {
  it('leaves undefined out, and null and empty text too when asked', () => {
    expect(withQuery('/a')).toBe('/a');
    expect(withQuery('/a', { p: 1, q: undefined, r: true })).toBe('/a?p=1&r=true');
    expect(withQuery('/a', { q: undefined })).toBe('/a');
    expect(withQuery('/a', { k: '', n: null })).toBe('/a?k=&n=null');
    expect(withQuery('/a', { k: '', n: null, p: 2 }, true)).toBe('/a?p=2');
  });
});

describe('exchange', () => {
  it('reads the answer, and a body that is not JSON as none', async () => {
    await expect(exchange(async () => json(200, { code: 1, msg: '', data: 5 }))).resolves.toMatchObject({
      kind: 'ok',
      data: 5,
    });
    await expect(exchange(async () => new Response('<html>', { status: 502 }))).resolves.toMatchObject({
      kind: 'server',
      status: 502,
    });
  });

  it('answers no answer as a Reply: network, or timeout when the time ran out', async () => {
    await expect(exchange(() => Promise.reject(new TypeError('offline')))).resolves.toEqual(
      noAnswer('network'),
    );
    const timeout = AbortSignal.abort();
    await expect(exchange(() => Promise.reject(new Error('timed out')), undefined, timeout)).resolves.toEqual(
      noAnswer('timeout'),
    );
  });

  it('reads a body cut off on the way as no answer, not as a 200 that says nothing', async () => {
    const cut = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"code":1,"msg":"","da'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200 },
      );
    await expect(exchange(async () => cut())).resolves.toEqual(noAnswer('network'));
    const timeout = AbortSignal.abort();
    await expect(exchange(async () => cut(), undefined, timeout)).resolves.toEqual(noAnswer('timeout'));
    // Whole but not JSON (a proxy's page): an answer, of the kind its status says.
    await expect(exchange(async () => new Response('<html>', { status: 200 }))).resolves.toMatchObject({
      kind: 'http',
      status: 200,
    });
  });

  it("throws the caller's own abort as it is", async () => {
    const caller = new AbortController();
    const abort = new DOMException('Aborted', 'AbortError');
    const send = vi.fn(() => {
      caller.abort(abort);
      return Promise.reject(abort);
    });
    await expect(exchange(send, caller.signal)).rejects.toBe(abort);
  });
});
