import { z } from 'zod';
import { isoTime, pageOf, pageQuery } from './envelope';
import * as securityPaths from './paths/security';
import { defineRoute } from './route';

/**
 * The merchant's security centre (docs/security.md): where the account is signed in, what happened
 * to it, and the means to end a session. Every figure comes from recorded sessions and events.
 */

/** What the security history records, each with the device and approximate place it came from. */
export const SECURITY_EVENT_KINDS = [
  // a sign-in; `sign_in_new_device` when the device had never signed in to this account
  'sign_in',
  'sign_in_new_device',
  'sign_out',
  // a session ended from the security centre (params: the session's device), or all the others
  'session_signed_out',
  'other_sessions_signed_out',
  'login_password_changed',
  'pay_password_set',
  'pay_password_changed',
  'bank_card_changed',
  'withdraw_address_changed',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/** Where a request came from, as a person can read it (never the whole address). */
export const origin = z.object({
  /** "Chrome 131 on Android", from the browser's user agent; null when it sent none. */
  device: z.string().nullable(),
  /** The country the address is registered in (ISO 3166 alpha-2), null when unknown or local. */
  country: z.string().nullable(),
  /** The address with its last part hidden: "203.0.113.x", "2001:db8:85a3::x". */
  ip_hint: z.string().nullable(),
});

export const sessionItem = origin.extend({
  id: z.number().int(),
  /** The session this request is made with. */
  current: z.boolean(),
  first_seen: isoTime,
  last_seen: isoTime,
});

export const securityEvent = origin.extend({
  id: z.number().int(),
  kind: z.enum(SECURITY_EVENT_KINDS),
  at: isoTime,
  /** What the kind needs to be worded (e.g. the signed-out session's device, how many). */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

export const securityRoutes = {
  sessions: defineRoute({
    ...securityPaths.sessions,
    summary:
      "The merchant's live sessions, the current one first then by last use: device, approximate place, first and last seen",
    refusals: [],
    data: z.object({ list: z.array(sessionItem) }),
  }),
  signOutSession: defineRoute({
    ...securityPaths.signOutSession,
    summary:
      'End one of the merchant’s other sessions (the current one signs out with logout); recorded in the history',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'SESSION_IS_CURRENT'],
    body: z
      .object({
        id: z
          .number({ error: 'FIELD_REQUIRED' })
          .int({ error: 'FIELD_INTEGER' })
          .min(1, { error: 'FIELD_INVALID' }),
      })
      .strict(),
    data: z.object({ signed_out: z.number().int() }),
  }),
  signOutOthers: defineRoute({
    ...securityPaths.signOutOthers,
    summary: 'End every session of the merchant but this one; recorded in the history',
    refusals: [],
    body: z.object({}).strict(),
    data: z.object({ signed_out: z.number().int() }),
  }),
  events: defineRoute({
    ...securityPaths.events,
    summary:
      "The account's security history, newest first: sign-ins, sessions ended, passwords, bank card and address changes",
    refusals: ['INVALID_INPUT'],
    query: z.object({ ...pageQuery }).strict(),
    data: pageOf(securityEvent),
  }),
};
