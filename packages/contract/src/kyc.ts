import { z } from 'zod';
import { kycStatus, PAY_PASSWORD_CHECK_REFUSALS, payPasswordField, uploadRef } from './account';
import { isoTime, pageOf, pageQuery } from './envelope';
import * as adminKycPaths from './paths/admin-kyc';
import * as kycPaths from './paths/kyc';
import { defineRoute, REVIEWERS } from './route';
import { text } from './text';
import { idField, maskedBank, rejectBodyOf } from './wallet';

// ---------------------------------------------------------------- fields

const requiredText = (max: number) =>
  text({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, { error: 'FIELD_REQUIRED' })
    .max(max, { error: 'FIELD_TOO_LONG' });

/** Letters, digits and dashes, 4 to 32: ID cards and passports across the markets we serve. */
export const idNumberField = text({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, { error: 'FIELD_REQUIRED' })
  .regex(/^[A-Za-z0-9-]{4,32}$/, { error: 'ID_NUMBER_INVALID' })
  .transform((s) => s.toUpperCase());

/** 6 to 34 digits (IBANs with letters too); spaces and dashes as typed are dropped. */
export const accountNumberField = text({ error: 'FIELD_REQUIRED' })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: 'FIELD_REQUIRED' })
      .regex(/^[A-Za-z0-9]{6,34}$/, { error: 'ACCOUNT_NUMBER_INVALID' }),
  );

// ---------------------------------------------------------------- shapes

export const kycInfo = z.object({
  status: kycStatus,
  real_name: z.string().nullable(),
  /** Masked: only the last 4 characters. */
  id_number: z.string().nullable(),
  reason: z.string().nullable(),
  id_card_front_url: z.string().nullable(),
  id_card_back_url: z.string().nullable(),
  id_card_hand_url: z.string().nullable(),
  submitted_at: isoTime.nullable(),
  reviewed_at: isoTime.nullable(),
  /**
   * While unverified: what registration already took (the real name, and the three ID photos when
   * it has them), so the screen asks only for the ID number. The photo references go back as they
   * are in `submitIdcard`. Null in every other status.
   */
  prefill: z
    .object({
      real_name: z.string(),
      id_card_front: z.string().nullable(),
      id_card_back: z.string().nullable(),
      id_card_hand: z.string().nullable(),
      id_card_front_url: z.string().nullable(),
      id_card_back_url: z.string().nullable(),
      id_card_hand_url: z.string().nullable(),
    })
    .nullable(),
});

export const idcardBody = z.strictObject({
  real_name: requiredText(60),
  id_number: idNumberField,
  id_card_front: uploadRef,
  id_card_back: uploadRef,
  id_card_hand: uploadRef,
});

export const changeBankBody = z.strictObject({
  holder_name: requiredText(60),
  bank_name: requiredText(100),
  account_number: accountNumberField,
  pay_password: payPasswordField,
});

/** An identity submission: in review, verified or rejected by an operator. */
export const kycSubmissionStatus = z.enum(['pending', 'verified', 'rejected']);
export type KycSubmissionStatus = z.infer<typeof kycSubmissionStatus>;

const kycSubmission = z.object({
  id: z.number().int(),
  merchant: z.object({
    id: z.number().int(),
    phone: z.string(),
    shop_name: z.string(),
    /** The name and country given at registration, to compare with the typed fields. */
    registered_name: z.string(),
    country: z.string(),
    /** The merchant's identity submissions rejected before this one. */
    rejected_before: z.number().int(),
  }),
  real_name: z.string(),
  /** In full, for the operator. */
  id_number: z.string(),
  id_card_front_url: z.string(),
  id_card_back_url: z.string(),
  id_card_hand_url: z.string(),
  status: kycSubmissionStatus,
  reason: z.string().nullable(),
  created_at: isoTime,
  reviewed_at: isoTime.nullable(),
});

// ---------------------------------------------------------------- routes

export const kycRoutes = {
  idcard: defineRoute({
    ...kycPaths.idcard,
    summary: 'Identity verification status and the last submission',
    refusals: [],
    data: kycInfo,
  }),
  submitIdcard: defineRoute({
    ...kycPaths.submitIdcard,
    writes: true,
    summary: 'Submit identity documents for review (when unverified or rejected)',
    refusals: [
      'INVALID_INPUT',
      'ID_NUMBER_INVALID',
      'UPLOAD_INVALID',
      'KYC_IN_PROGRESS',
      'KYC_ALREADY_VERIFIED',
    ],
    body: idcardBody,
    data: kycInfo,
  }),
  bank: defineRoute({
    ...kycPaths.bank,
    summary: 'The saved bank card, masked',
    refusals: [],
    data: z.object({ bank: maskedBank.nullable() }),
  }),
  changeBank: defineRoute({
    ...kycPaths.changeBank,
    writes: true,
    summary: 'Save the bank card withdrawals are paid to (payment password)',
    refusals: [
      'INVALID_INPUT',
      'ACCOUNT_NUMBER_INVALID',
      'PAY_PASSWORD_REQUIRED',
      'PAY_PASSWORD_FORMAT',
      ...PAY_PASSWORD_CHECK_REFUSALS,
    ],
    body: changeBankBody,
    data: z.object({ bank: maskedBank }),
  }),
} as const;

export const adminKycRoutes = {
  list: defineRoute({
    ...adminKycPaths.list,
    roles: REVIEWERS,
    summary: 'Identity submissions (pending by default), oldest first',
    refusals: ['INVALID_INPUT'],
    query: z.object({
      ...pageQuery,
      status: z.enum(kycSubmissionStatus.options, { error: 'FIELD_INVALID' }).default('pending'),
    }),
    data: pageOf(kycSubmission),
  }),
  approve: defineRoute({
    ...adminKycPaths.approve,
    roles: REVIEWERS,
    summary: 'Verify an identity submission',
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED'],
    body: z.strictObject({ id: idField }),
    data: kycSubmission,
  }),
  reject: defineRoute({
    ...adminKycPaths.reject,
    roles: REVIEWERS,
    summary:
      "Reject an identity submission with a reason the merchant reads: typed (`reason`) or preset (`reason_code`, stored in the merchant's language)",
    refusals: ['INVALID_INPUT', 'NOT_FOUND', 'ALREADY_RESOLVED'],
    body: rejectBodyOf('kyc'),
    data: kycSubmission,
  }),
} as const;
