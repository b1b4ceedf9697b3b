import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiError, createClient, type RequestOptions } from './client';
import { attachmentName, readReply } from './http';

interface Sent {
  url: string;
  init: RequestInit;
}

function stubFetch(answer: () => Response | Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(answer());
  });
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiError', () => {
  it("keeps the server's words, else the app's, and a 5xx's data out", () => {
    const refused = readReply(200, { code: 0, error: 'NOPE', msg: '', data: { fields: { a: 'Bad' } } });
    const error = apiError(refused, 'Refused');
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'refused', message: 'Refused', status: 200, key: 'NOPE' });
    expect(error.fields).toEqual({ a: 'Bad' });
    const server = apiError(
      readReply(500, { code: 500, msg: 'Trace', data: { x: 1 } }),
      'Server error',
      false,
    );
    expect(server).toMatchObject({ kind: 'server', message: 'Server error', data: undefined });
    expect(apiError(readReply(200, { code: 401, msg: 'Expired' }), '').status).toBe(401);
  });
});

describe('createClient', () => {
  function settle<T>(reply: ReturnType<typeof readReply>): T {
    if (reply.kind === 'ok') return reply.data as T;
    throw apiError(reply, reply.kind);
  }
  const answered = vi.fn();
  const client = createClient<RequestOptions>({
    base: '/merchant',
    timeoutMs: 5_000,
    headers: () => ({ lang: 'en', token: 'tok' }),
    answered,
    settle,
  });

  it("sends the app's headers under its base, and unwraps the envelope through the app's settle", async () => {
    const sent = stubFetch(() => new Response(JSON.stringify({ code: 1, msg: '', data: { id: 7 } })));
    await expect(client.request('GET', '/merchant/getMerInfo', { query: { a: 1 } })).resolves.toEqual({
      id: 7,
    });
    await client.request('POST', '/index/save', { body: { x: 1 }, idempotencyKey: 'k-1' });
    expect(sent[0]?.url).toBe('/merchant/getMerInfo?a=1');
    expect(sent[0]?.init).toMatchObject({ method: 'GET', body: undefined });
    expect(sent[0]?.init.headers).toEqual({ Accept: 'application/json', lang: 'en', token: 'tok' });
    expect(sent[1]?.url).toBe('/merchant/index/save');
    expect(sent[1]?.init.body).toBe('{"x":1}');
    expect(sent[1]?.init.headers).toEqual({
      Accept: 'application/json',
      lang: 'en',
      token: 'tok',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k-1',
    });
    expect(answered).toHaveBeenCalledTimes(2);
  });

  it("hands no answer to the app's settle, without telling the idle clock", async () => {
    answered.mockClear();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    await expect(client.request('GET', '/x')).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(answered).not.toHaveBeenCalled();
  });

  describe('download (a download row)', () => {
    let saved: { name: string; href: string }[] = [];
    const saving = () => {
      saved = [];
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: () => 'blob:file', revokeObjectURL: () => {} }),
      );
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, href: this.href });
      });
    };
    afterEach(() => vi.restoreAllMocks());

    it("saves an attachment under the server's name, with the app's headers, JSON or not", async () => {
      saving();
      const sent = stubFetch(
        () =>
          new Response('{"format":"dropdesk-statement-v1"}', {
            headers: {
              'content-type': 'application/json',
              'content-disposition': 'attachment; filename="s.json"',
            },
          }),
      );
      await expect(
        client.download({ method: 'GET', path: '/merchant/merchant/statement' }, {
          query: { from: '2026-11-01' },
        } as never),
      ).resolves.toBe('s.json');
      expect(sent[0]?.url).toBe('/merchant/merchant/statement?from=2026-11-01');
      expect(sent[0]?.init.headers).toEqual({ Accept: '*/*', lang: 'en', token: 'tok' });
      expect(saved).toEqual([{ name: 's.json', href: 'blob:file' }]);
    });

    it('settles a refusal as any call, and an ok envelope (no file) as a failure; nothing is saved', async () => {
      saving();
      stubFetch(
        () =>
          new Response(
            JSON.stringify({
              code: 0,
              error: 'INVALID_INPUT',
              msg: 'Check',
              data: { fields: { to: 'Too long' } },
            }),
          ),
      );
      const refused = await client.download({ method: 'GET', path: '/x' }).catch((e: ApiError) => e);
      expect(refused).toMatchObject({ kind: 'refused', key: 'INVALID_INPUT' });
      expect((refused as ApiError).fields).toEqual({ to: 'Too long' });
      stubFetch(() => new Response(JSON.stringify({ code: 1, msg: 'OK', data: {} })));
      await expect(client.download({ method: 'GET', path: '/x' })).rejects.toMatchObject({ kind: 'http' });
      vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
      await expect(client.download({ method: 'GET', path: '/x' })).rejects.toMatchObject({ kind: 'network' });
      expect(saved).toEqual([]);
    });
  });
});

/** A download row's answer is a file only when the server sends it as an attachment. */
describe('the name of a downloaded file', () => {
  it("is the attachment's name, quoted or not, or its UTF-8 form", () => {
    expect(attachmentName('attachment; filename="statement-2026-03-01-2026-03-15.pdf"')).toBe(
      'statement-2026-03-01-2026-03-15.pdf',
    );
    expect(attachmentName('attachment; filename=statement.csv')).toBe('statement.csv');
    expect(attachmentName('attachment; filename="a.pdf"; filename*=UTF-8\'\'sao%20k%C3%AA.pdf')).toBe(
      'sao kê.pdf',
    );
  });

  it('is none when the answer is not an attachment (an envelope, a page shown inline)', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('inline')).toBeNull();
    expect(attachmentName('inline; filename="a.pdf"')).toBeNull();
  });
});
