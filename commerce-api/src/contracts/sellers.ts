// Seller onboarding (docs/product.md §3 Seller application and Verification state, §5, §7): the application form and
// the verification calls validate with these schemas in the browser and on the server.
import * as v from 'valibot';
import { PLAN_IDS, type PlanId } from './plans.ts';

/** a verification code: 6 digits, sent by email or SMS */
export const CODE_LENGTH = 6;
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_SECONDS = 60;

export const VERIFICATION_METHODS = ['email', 'phone'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** a string field: a missing key gets the field's own message, not valibot's "Invalid key" */
const text = (message: string) => v.optional(v.string(message), '');
const required = (message: string, max: number) =>
  v.pipe(text(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `Please keep it under ${max} characters`));

const PHONE_MESSAGE = 'Phone number must be at least 10 digits';
const email = v.pipe(
  text('Invalid email address'),
  v.trim(),
  v.nonEmpty('Invalid email address'),
  v.email('Invalid email address'),
  v.maxLength(254, 'Invalid email address'),
);
/** "(555) 010-2000", "+1 555 010 2000": at least 10 digits, only the characters phone numbers are written with */
const phone = v.pipe(
  text(PHONE_MESSAGE),
  v.trim(),
  v.check((s) => digitsOf(s).length >= 10, PHONE_MESSAGE),
  v.maxLength(30, 'Please enter a valid phone number'),
  v.regex(/^\+?[\d\s().-]+$/, 'Please enter a valid phone number'),
);

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** the form a seller types into (docs/product.md §3 Seller application, messages of §5) */
export const SellerApplicationFormSchema = v.object({
  name: required('Name is required', 120),
  email,
  phone,
  location: required('Location is required', 120),
  experience: required('Please describe your breeding experience', 5000),
  breedSpecialty: required('Please list your breed specialties', 500),
  termsAgreed: v.pipe(
    v.optional(v.boolean('You must agree to the terms and conditions'), false),
    v.check((agreed) => agreed, 'You must agree to the terms and conditions'),
  ),
});
export type SellerApplicationFormInput = v.InferInput<typeof SellerApplicationFormSchema>;

/** POST /api/seller-applications: the form plus the plan chosen beside it (monthly by default) */
export const SellerApplicationSchema = v.object({
  ...SellerApplicationFormSchema.entries,
  plan: v.optional(v.picklist(PLAN_IDS, 'Choose a plan'), 'monthly'),
});
export type SellerApplicationInput = v.InferOutput<typeof SellerApplicationSchema>;

const method = <M extends VerificationMethod>(m: M) => v.literal(m, 'Choose email or phone verification');
const CODE_MESSAGE = 'Please enter your verification code.';

/** POST /api/send-verification-code: {email, method:"email"} or {phone, method:"phone"} */
export const SendCodeSchema = v.variant(
  'method',
  [v.object({ method: method('email'), email }), v.object({ method: method('phone'), phone })],
  'Choose email or phone verification',
);
export type SendCodeInput = v.InferOutput<typeof SendCodeSchema>;

const code = v.pipe(
  text(CODE_MESSAGE),
  v.trim(),
  v.nonEmpty(CODE_MESSAGE),
  v.regex(/^\d{6}$/, 'Invalid verification code.'),
);

/** POST /api/verify-code: the same target and method, plus the code */
export const VerifyCodeSchema = v.variant(
  'method',
  [v.object({ method: method('email'), email, code }), v.object({ method: method('phone'), phone, code })],
  'Choose email or phone verification',
);
export type VerifyCodeInput = v.InferOutput<typeof VerifyCodeSchema>;

/** the form in which an email or phone is remembered as verified (so "A@x.com " matches "a@x.com") */
export function normaliseTarget(method: VerificationMethod, target: string): string {
  if (method === 'email') return target.trim().toLowerCase();
  const trimmed = target.trim();
  return (trimmed.startsWith('+') ? '+' : '') + digitsOf(trimmed);
}

export interface SmsAvailability {
  available: boolean;
}

export interface SendCodeResponse {
  message: string;
  /** when the code stops working */
  expiresAt: string;
}

export interface VerifyCodeResponse {
  verified: true;
  method: VerificationMethod;
  /** the normalised email or phone now verified */
  target: string;
}

/** GET /api/verification-status: the normalised emails and phones the account or this browser's verification session verified */
export interface VerificationStatus {
  emails: string[];
  phones: string[];
}

export interface SellerApplicationView {
  id: number;
  name: string;
  email: string;
  phone: string;
  location: string;
  experience: string;
  breedSpecialty: string;
  plan: PlanId;
  status: 'approved';
  createdAt: string;
}

/** GET /api/seller/plan: the seller's trialing or active plan, or null */
export interface SellerPlanView {
  plan: PlanId;
  status: 'trialing' | 'active' | 'incomplete' | 'past_due' | 'canceled';
  trialEnd: string | null;
  currentPeriodEnd: string | null;
  /** null is unlimited */
  listingLimit: number | null;
  liveListings: number;
}
