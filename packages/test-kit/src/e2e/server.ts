/**
 * The real server the browser tests run against (the merchant app's, the storefront's and the
 * console's), and small API helpers for specs that need data the UI would take long to make (a
 * merchant, an operator session, a review). Each app's own screen helpers stay in its e2e/support
 * (apps/web's `signIn`, apps/admin's `signInConsole`).
 *
 * Every helper speaks the envelope `{ code, msg, data, error? }` and returns it as is; `ok()` throws
 * on a refusal so a test stops at the step that failed, with the server's message.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UploadKind } from '@dropdesk/contract/constants';
import type { Envelope as ContractEnvelope } from '@dropdesk/contract/envelope';
import { Secret, TOTP } from 'otpauth';
import { E2E_SECRET } from './secret';

export const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

/** Seeded on the empty database (SEED_DEMO=true): see README. */
export const DEMO = {
  inviteCode: 'DROPDESK',
  merchant: { account: 'demo@dropdesk.local', password: 'Demo@2026', payPassword: '123456' },
  operator: { username: 'admin', password: 'Admin@2026' },
} as const;

/** The server's reply: `{ code: 1, msg, data }` or a refusal `{ code, error, msg, data? }` (the contract's). */
export type Envelope<T = unknown> = ContractEnvelope<T>;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number>;
  /** A merchant or operator token (both travel in the `token` header). */
  token?: string | null;
  lang?: string;
  headers?: Record<string, string>;
}

export async function api<T = unknown>(path: string, opts: ApiOptions = {}): Promise<Envelope<T>> {
  const url = new URL(path, baseURL);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v));
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.token = opts.token;
  if (opts.lang) headers.lang = opts.lang;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(url, { method, headers, body });
  return (await res.json()) as Envelope<T>;
}

/** The data of a successful reply; throws with the server's key and message otherwise. */
export function ok<T>(env: Envelope<T>): T {
  if (!isOk(env)) throw new Error(`API refused: ${env.error ?? env.code} ${env.msg}`);
  return env.data;
}

/** A successful reply (a refusal's `code` is any other number). */
export function isOk<T>(env: Envelope<T>): env is Extract<Envelope<T>, { code: 1 }> {
  return env.code === 1;
}

/** A 16×16 blue PNG: small, and a real image for the server's re-encoding. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWMwTvtPEmIY1ZA2GkrGwzVpAAAboJgQNBzlkgAAAABJRU5ErkJggg==',
  'base64',
);

/** POST /merchant/common/upload (`image`: a PNG, the small one unless given); returns the reference (`u_…`) other bodies take. */
export async function uploadImage(
  kind: UploadKind,
  token?: string | null,
  image: Buffer = PNG,
): Promise<string> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'e2e.png');
  return ok(await api<{ id: string }>('/merchant/common/upload', { body: form, token })).id;
}

export { E2E_SECRET } from './secret';

/** A third-party handoff `data` as a partner site makes it (see apps/server auth/handoff.ts). */
export async function signHandoff(uid: string, mer?: string): Promise<string> {
  // Signed at the server's time: an earlier spec may have moved its test clock days ahead
  // (figures.spec.ts), and a handoff older than its window is refused as expired.
  const payload = { uid, nonce: randomUUID(), iat: await serverNow(), ...(mer ? { mer } : {}) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', E2E_SECRET).update(body).digest('base64url')}`;
}

let seq = 0;
/** Unique, valid registration details (each test makes its own merchant). */
export function newMerchantDetails(overrides: Partial<MerchantDetails> = {}): MerchantDetails {
  seq += 1;
  const n = `${Date.now().toString().slice(-7)}${process.pid % 100}${seq}`;
  return {
    storeName: `E2E Shop ${n}`,
    storeAddress: '12 Nguyen Hue, District 1, Ho Chi Minh City',
    country: 'VN',
    phone: `+849${n.slice(-8).padStart(8, '0')}`,
    realName: 'Nguyen Van E2E',
    email: `e2e-${n}@example.test`,
    password: 'E2e@Pass2026',
    inviteCode: DEMO.inviteCode,
    ...overrides,
  };
}

export interface MerchantDetails {
  storeName: string;
  storeAddress: string;
  country: string;
  phone: string;
  realName: string;
  email: string;
  password: string;
  inviteCode: string;
}

export interface MerInfoLike {
  id: number;
  email: string;
  phone: string;
  invite_code: string;
  token: string;
  [key: string]: unknown;
}

export interface TestMerchant extends MerchantDetails {
  token: string;
  merinfo: MerInfoLike;
}

/**
 * Registers a merchant through the API (uploads included) and returns it logged in. `idPhotos`: the
 * three ID photos as given (photo-sized pictures for screenshots) instead of the small PNG.
 */
export async function registerMerchant(
  overrides: Partial<MerchantDetails> = {},
  opts: { handoffData?: string; idPhotos?: [Buffer, Buffer, Buffer] } = {},
): Promise<TestMerchant> {
  const d = newMerchantDetails(overrides);
  const [logo, front, back, hand, license] = await Promise.all([
    uploadImage('logo'),
    uploadImage('id_card', null, opts.idPhotos?.[0]),
    uploadImage('id_card', null, opts.idPhotos?.[1]),
    uploadImage('id_card', null, opts.idPhotos?.[2]),
    uploadImage('license'),
  ]);
  const { merinfo } = ok(
    await api<{ merinfo: MerInfoLike }>(
      opts.handoffData ? '/merchant/merchant/tkregister' : '/merchant/merchant/register',
      {
        body: {
          ...(opts.handoffData ? { data: opts.handoffData } : {}),
          store_logo: logo,
          store_name: d.storeName,
          store_address: d.storeAddress,
          country: d.country,
          phone: d.phone,
          real_name: d.realName,
          id_card_front: front,
          id_card_back: back,
          id_card_hand: hand,
          email: d.email,
          password: d.password,
          password_confirm: d.password,
          invite_code: d.inviteCode,
          business_license: license,
          time_zone: 'Asia/Ho_Chi_Minh',
        },
      },
    ),
  );
  return { ...d, token: merinfo.token, merinfo };
}

/** POST /merchant/merchant/login; returns the new token. */
export async function loginMerchant(account: string, password: string): Promise<string> {
  return ok(await api<{ merinfo: MerInfoLike }>('/merchant/merchant/login', { body: { account, password } }))
    .merinfo.token;
}

/**
 * What the helpers remember of each operator they sign in, across spec files and restarted
 * workers, in the run's data folder: its authenticator secret (the demo admin enrols at its first
 * login, which the first call here makes), the last 30-second step whose code was used (a code is
 * accepted once) and the last token (reused while the server still takes it).
 */
interface OperatorState {
  secret: string;
  lastStep: number;
  token: string | null;
}
const STATE_FILE = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'e2e-operators.json');
const TOTP_PERIOD_MS = 30_000;

function readStates(): Record<string, OperatorState> {
  try {
    return JSON.parse(readFileSync(STATE_FILE, 'utf8')) as Record<string, OperatorState>;
  } catch {
    return {};
  }
}

function saveState(username: string, state: OperatorState): void {
  writeFileSync(STATE_FILE, JSON.stringify({ ...readStates(), [username]: state }));
}

/** The server's time (its clock moves with POST /__test/clock), as the authenticator app would read it. */
async function serverNow(): Promise<number> {
  const res = await api<{ now_ms: number }>('/__test/clock');
  return isOk(res) ? res.data.now_ms : Date.now();
}

const LOCK_DIR = `${STATE_FILE}.lock`;

/**
 * Runs `fn` holding the run's operator lock, so that two workers never sign the same operator in at
 * once (both would compute the same code, which the server takes once, and both would enrol the demo
 * admin). A directory is the lock: its creation is atomic. One left by a killed worker is taken
 * over after a minute, longer than a sign-in waits for its 30-second step.
 */
async function withOperatorLock<T>(fn: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch {
      const age = (() => {
        try {
          return Date.now() - statSync(LOCK_DIR).mtimeMs;
        } catch {
          return 0;
        }
      })();
      if (age > 60_000) rmSync(LOCK_DIR, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/**
 * An operator session of the demo admin (or given credentials), signed in as a person would:
 * password, then the 6-digit code of the authenticator app (computed here with the same library the
 * server uses, at the server's time). The first call enrols the demo admin's second factor. A live
 * session from an earlier call is reused; a new code waits for its own 30-second step when the last
 * one was used (the server accepts each code once). One sign-in at a time across the run's workers.
 */
export function operatorLogin(
  username: string = DEMO.operator.username,
  password: string = DEMO.operator.password,
): Promise<string> {
  return withOperatorLock(() => signOperatorIn(username, password));
}

async function signOperatorIn(username: string, password: string): Promise<string> {
  const known = readStates()[username];
  if (known?.token && isOk(await api('/admin/me', { token: known.token }))) return known.token;
  const first = ok(
    await api<{ step: 'totp' | 'enroll'; ticket: string; secret?: string }>('/admin/login', {
      body: { username, password },
    }),
  );
  const secret = first.step === 'enroll' ? first.secret : known?.secret;
  if (!secret) throw new Error(`no authenticator secret is known for operator ${username}`);
  const now = await serverNow();
  const current = Math.floor(now / TOTP_PERIOD_MS);
  const lastStep = first.step === 'enroll' ? -1 : (known?.lastStep ?? -1);
  // The first unused step: this one, or the next one (a phone a little ahead shows it and the
  // server takes it); a step further is only taken once the server's time gets a step closer.
  const target = Math.max(current, lastStep + 1);
  if (target > current + 1)
    await new Promise((resolve) => setTimeout(resolve, (target - 1) * TOTP_PERIOD_MS - now + 50));
  const at = Math.max(now, target * TOTP_PERIOD_MS);
  const code = new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp: at,
  });
  const { token } = ok(
    await api<{ token: string }>('/admin/login/totp', { body: { ticket: first.ticket, code } }),
  );
  saveState(username, { secret, lastStep: Math.floor(at / TOTP_PERIOD_MS), token });
  return token;
}

/** Calls the operator API with an operator token: `admin(token, '/admin/…', { body })`. */
export function admin<T = unknown>(token: string, path: string, opts: Omit<ApiOptions, 'token'> = {}) {
  return api<T>(path, { ...opts, token });
}
