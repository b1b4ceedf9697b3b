import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDef } from './route';
import {
  adminShopRoutes,
  isHttpsLink,
  linkProblem,
  shopBasicBody,
  shopRoutes,
  shopSocialBody,
  storeBody,
} from './shop';

describe('linkProblem: https links only, empty for none', () => {
  it.each([
    ['', null],
    ['https://twitter.com/lotus', null],
    ['HTTPS://Example.COM/a?b=c#d', null],
    ['https://wa.me/84901234567', null],
    ['https://xn--80ak6aa92e.com/', null],
    ['http://twitter.com/lotus', 'FIELD_HTTPS'],
    ['javascript:alert(1)', 'FIELD_HTTPS'],
    ['data:text/html,<script>alert(1)</script>', 'FIELD_HTTPS'],
    ['twitter.com/lotus', 'FIELD_HTTPS'],
    ['//twitter.com/lotus', 'FIELD_HTTPS'],
    ['https:twitter.com', 'FIELD_HTTPS'],
    ['https:\\\\twitter.com', 'FIELD_HTTPS'],
    ['ftp://files.example.com', 'FIELD_HTTPS'],
    ['https://twitter.com/lotus goods', 'FIELD_URL'],
    ['https://twitter.com/\tx', 'FIELD_URL'],
    ['https://exa\u00a0mple.com', 'FIELD_URL'],
    ['https://', 'FIELD_URL'],
    ['https://localhost:8080/', 'FIELD_URL'],
    ['https://.com', 'FIELD_URL'],
    ['https://user:pass@example.com', 'FIELD_URL'],
    ['https://user@example.com', 'FIELD_URL'],
    ['https://exa[mple.com', 'FIELD_URL'],
  ])('%j → %s', (value, problem) => {
    expect(linkProblem(value)).toBe(problem);
    expect(isHttpsLink(value)).toBe(value !== '' && problem === null);
  });
});

describe('shop bodies', () => {
  it('refuses 5,000 characters in every field of every shop row', () => {
    const long = 'A'.repeat(5000);
    const accepted: string[] = [];
    for (const [name, row] of Object.entries({ ...shopRoutes, ...adminShopRoutes }) as [string, RouteDef][]) {
      for (const schema of [row.body, row.query]) {
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
          properties?: Record<string, unknown>;
        };
        for (const field of Object.keys(json.properties ?? {})) {
          const result = schema.safeParse({ [field]: long });
          if (!(!result.success && result.error.issues.some((i) => i.path[0] === field)))
            accepted.push(`${name}.${field}`);
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it('the two screens each send a whole form; merchant/store takes any part of both', () => {
    const basic = {
      name: ' Lotus ',
      phone: '+84 901 234 567',
      address: '12 Le Loi',
      intro: '',
      welcome: '',
      service_link: '',
    };
    expect(shopBasicBody.parse(basic)).toEqual({ ...basic, name: 'Lotus', phone: '+84901234567' });
    expect(shopBasicBody.safeParse({ ...basic, twitter: '' }).success).toBe(false);
    expect(shopSocialBody.parse({ twitter: '', google: ' https://g.page/x ' })).toEqual({
      twitter: '',
      google: 'https://g.page/x',
    });
    expect(storeBody.parse({})).toEqual({});
    expect(storeBody.parse({ google: '' })).toEqual({ google: '' });
    expect(storeBody.safeParse({ banner: 'u_x' }).success).toBe(false);
  });
});
