import { z } from 'zod';
import { MAX_AMOUNT_MINOR } from './constants';
import { formatMoney, moneyProblem, parseMoney } from './money';

/**
 * A wire amount: a string like "100" or "100.5" or "100.50", parsed to minor units. A refusal names
 * its problem (moneyProblem); FIELD_AMOUNT_TOO_BIG carries `{max}` for its message.
 */
export const moneyIn = z
  .string({ error: (issue) => (issue.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID') })
  .trim()
  .transform((text, ctx) => {
    const problem = moneyProblem(text);
    if (problem === 'FIELD_AMOUNT_TOO_BIG') {
      ctx.addIssue({ code: 'custom', message: problem, params: { max: formatMoney(MAX_AMOUNT_MINOR) } });
      return z.NEVER;
    }
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return parseMoney(text)!;
  });

/** An amount on the way out. */
export const moneyOut = z.string().regex(/^-?\d+\.\d{2}$/);
