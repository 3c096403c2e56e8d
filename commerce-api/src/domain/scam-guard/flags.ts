// What the scam guard can find, and the kind of request each finding is (decision 0117). The flags
// are stored on the message; its recipient is shown the advice of each kind (SCAM_ADVICE). The first
// eight names are decision 0091's: messages flagged before stay readable as payment requests.
import { SCAM_KINDS, type ScamKind } from '#contracts/conversations.ts';

const FLAG_KINDS = {
  // a payment outside PuppyNest checkout
  wire_transfer: 'payment',
  zelle: 'payment',
  cash_app: 'payment',
  venmo: 'payment',
  gift_card: 'payment',
  western_union: 'payment',
  crypto: 'payment',
  deposit_before_visit: 'payment',
  paypal: 'payment',
  apple_pay: 'payment',
  google_pay: 'payment',
  chime: 'payment',
  money_order: 'payment',
  moneygram: 'payment',
  money_transfer_service: 'payment',
  cash_in_hand: 'payment',
  after_sale_fee: 'payment',
  pay_outside: 'payment',
  // the conversation carried off PuppyNest
  phone_number: 'off_platform',
  email_address: 'off_platform',
  messaging_app: 'off_platform',
  social_profile: 'off_platform',
  outside_link: 'off_platform',
  contact_request: 'off_platform',
  leave_site: 'off_platform',
} as const satisfies Record<string, ScamKind>;

export type ScamFlag = keyof typeof FLAG_KINDS;

/** every flag, in the order a message's flags are listed */
export const SCAM_FLAGS = Object.keys(FLAG_KINDS) as ScamFlag[];

/**
 * The kinds among stored flags, in SCAM_KINDS order. A name this version does not know (none today)
 * reads as a payment request: the guard flagged nothing else before decision 0117.
 */
export function scamKinds(flags: readonly string[]): ScamKind[] {
  const found = new Set(
    flags.map((flag) => (Object.hasOwn(FLAG_KINDS, flag) ? FLAG_KINDS[flag as ScamFlag] : 'payment')),
  );
  return SCAM_KINDS.filter((kind) => found.has(kind));
}
