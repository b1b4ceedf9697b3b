import { describe, expect, it } from 'vitest';
import { safeLink } from './links';

describe('safeLink', () => {
  it.each([
    ['https://twitter.com/lotus', 'https://twitter.com/lotus'],
    ['HTTPS://g.page/lotus?x=1', 'HTTPS://g.page/lotus?x=1'],
    ['', null],
    [null, null],
    ['http://twitter.com/lotus', null],
    ['javascript:alert(1)', null],
    ['JavaScript:alert(1)//https://x.com', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['//twitter.com/lotus', null],
    ['https://twitter.com/lotus goods', null],
    ['https://localhost/x', null],
  ])('%j → %j', (value, expected) => {
    expect(safeLink(value)).toBe(expected);
  });
});
