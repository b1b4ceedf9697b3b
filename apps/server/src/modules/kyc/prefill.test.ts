import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app';
import { Client, expectRefusal } from '../../../test/client';
import { newMerchant, newOperator, registrationBody } from '../../../test/factories';

/**
 * Identity verification asks only for what registration did not take: the real
 * name and the three ID photos of the registration come back as a prefill while the merchant is
 * unverified, and `submitIdcard` accepts those photos (the merchant's own id_card uploads).
 */
const IDCARD = '/merchant/merchant/idcard';
const REGISTER = '/merchant/merchant/register';

describe(`identity prefill (${process.env.DATABASE_URL ? 'postgres' : 'sqlite'})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** Registers through the API and keeps the body, to know the photo references it sent. */
  async function registered() {
    const body = await registrationBody(t);
    const res = await new Client(t.app).post(REGISTER, body);
    if (res.code !== 1) throw new Error(`register failed: ${res.raw}`);
    return { body, id: res.data.merinfo.id as number, client: new Client(t.app, res.data.merinfo.token) };
  }

  it('an unverified merchant gets the name and photos of its registration, and can submit them with an ID number', async () => {
    const { body, client } = await registered();
    const info = await client.get(IDCARD);
    expect(info.code, info.raw).toBe(1);
    expect(info.data.status).toBe('unverified');
    expect(info.data.prefill).toEqual({
      real_name: body.real_name,
      id_card_front: body.id_card_front,
      id_card_back: body.id_card_back,
      id_card_hand: body.id_card_hand,
      // Links signed for this merchant's session (uploads/private-files.test.ts)
      id_card_front_url: expect.stringMatching(new RegExp(`^/uploads/${body.id_card_front}\\?v=`)),
      id_card_back_url: expect.stringMatching(new RegExp(`^/uploads/${body.id_card_back}\\?v=`)),
      id_card_hand_url: expect.stringMatching(new RegExp(`^/uploads/${body.id_card_hand}\\?v=`)),
    });
    // The owner's page opens the photos the prefill points at, with no header (an image element).
    const photo = await t.app.inject({ url: info.data.prefill.id_card_front_url });
    expect(photo.statusCode).toBe(200);

    const { real_name, id_card_front, id_card_back, id_card_hand } = info.data.prefill;
    const sent = await client.post(IDCARD, {
      real_name,
      id_number: '079123456789',
      id_card_front,
      id_card_back,
      id_card_hand,
    });
    expect(sent.code, sent.raw).toBe(1);
    expect(sent.data).toMatchObject({ status: 'pending', real_name: body.real_name, prefill: null });
  });

  it('another merchant cannot submit the registration photos of someone else', async () => {
    const a = await registered();
    const b = await newMerchant(t);
    const res = await b.client.post(IDCARD, {
      real_name: 'Nguyen Van B',
      id_number: '079123456789',
      id_card_front: a.body.id_card_front,
      id_card_back: a.body.id_card_back,
      id_card_hand: a.body.id_card_hand,
    });
    expectRefusal(res, 'UPLOAD_INVALID', 'id_card_front');
    expect((await b.client.get(IDCARD)).data.status).toBe('unverified');
  });

  it('a merchant registered without photos gets the name alone; no prefill once submitted or decided', async () => {
    const bare = await newMerchant(t);
    expect((await bare.client.get(IDCARD)).data.prefill).toEqual({
      real_name: 'Nguyen Van A',
      id_card_front: null,
      id_card_back: null,
      id_card_hand: null,
      id_card_front_url: null,
      id_card_back_url: null,
      id_card_hand_url: null,
    });
    for (const kyc of ['pending', 'verified', 'rejected'] as const) {
      const m = await newMerchant(t, { kyc });
      const info = await m.client.get(IDCARD);
      expect(info.data.status, kyc).toBe(kyc);
      expect(info.data.prefill, kyc).toBeNull();
    }
  });

  it('refuses a 5,000-character name at registration and at identity verification, with its message', async () => {
    const long = 'A'.repeat(5000);
    const reg = await new Client(t.app).post(REGISTER, await registrationBody(t, { real_name: long }), {
      lang: 'en',
    });
    expectRefusal(reg, 'INVALID_INPUT', 'real_name');
    expect(reg.fields?.real_name).toBe('Too long');
    const { body, client } = await registered();
    const res = await client.post(
      IDCARD,
      {
        real_name: long,
        id_number: '079123456789',
        id_card_front: body.id_card_front,
        id_card_back: body.id_card_back,
        id_card_hand: body.id_card_hand,
      },
      { lang: 'en' },
    );
    expectRefusal(res, 'INVALID_INPUT', 'real_name');
    expect(res.fields?.real_name).toBe('Too long');
    expect((await client.get(IDCARD)).data.status).toBe('unverified');
  });

  it('needs a merchant session: none, or an operator session, is 401', async () => {
    const op = await newOperator(t, 'admin');
    expect((await new Client(t.app).get(IDCARD)).status).toBe(401);
    expect((await op.get(IDCARD)).status).toBe(401);
  });
});
