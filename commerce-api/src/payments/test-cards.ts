// Stripe's documented test cards (https://docs.stripe.com/testing) and what each does, with Stripe's own
// error codes and messages, so the local provider answers the way Stripe's test mode does.
import type { ProviderError } from './provider.ts';

export type CardOutcome =
  | { kind: 'success' }
  /** asks for authentication on every payment and on setup (3155 in Stripe's docs asks on-session) */
  | { kind: 'authenticate' }
  | { kind: 'decline'; error: ProviderError };

export interface TestCard {
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  outcome: CardOutcome;
  /** the payment succeeds, then the cardholder disputes it: Stripe refuses to refund a disputed charge */
  disputed?: true;
}

const decline = (declineCode: string, message: string, code = 'card_declined'): CardOutcome => ({
  kind: 'decline',
  error: { code, declineCode, message },
});

const CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', outcome: { kind: 'success' } },
  '4000056655665556': { brand: 'visa', outcome: { kind: 'success' } },
  '5555555555554444': { brand: 'mastercard', outcome: { kind: 'success' } },
  '2223003122003222': { brand: 'mastercard', outcome: { kind: 'success' } },
  '5200828282828210': { brand: 'mastercard', outcome: { kind: 'success' } },
  '378282246310005': { brand: 'amex', outcome: { kind: 'success' } },
  '371449635398431': { brand: 'amex', outcome: { kind: 'success' } },
  '6011111111111117': { brand: 'discover', outcome: { kind: 'success' } },
  '4000000000000259': { brand: 'visa', outcome: { kind: 'success' }, disputed: true },
  '4000002500003155': { brand: 'visa', outcome: { kind: 'authenticate' } },
  '4000002760003184': { brand: 'visa', outcome: { kind: 'authenticate' } },
  '4000000000003220': { brand: 'visa', outcome: { kind: 'authenticate' } },
  '4000000000000002': { brand: 'visa', outcome: decline('generic_decline', 'Your card was declined.') },
  '4000000000009995': { brand: 'visa', outcome: decline('insufficient_funds', 'Your card has insufficient funds.') },
  '4000000000009987': { brand: 'visa', outcome: decline('lost_card', 'Your card was declined.') },
  '4000000000009979': { brand: 'visa', outcome: decline('stolen_card', 'Your card was declined.') },
  '4000000000000069': { brand: 'visa', outcome: decline('expired_card', 'Your card has expired.', 'expired_card') },
  '4000000000000127': {
    brand: 'visa',
    outcome: decline('incorrect_cvc', "Your card's security code is incorrect.", 'incorrect_cvc'),
  },
  '4000000000000119': {
    brand: 'visa',
    outcome: decline(
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
      'processing_error',
    ),
  },
};

/** Stripe's test PaymentMethod ids (pm_card_visa, …) map to the same cards, for API clients and tests */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_createDispute: '4000000000000259',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

export const LIVE_CARD_IN_TEST_MODE: ProviderError = {
  code: 'card_declined',
  declineCode: 'test_mode_live_card',
  message:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://docs.stripe.com/testing.',
};

/** Stripe's answer to refunding a charge that was disputed (charged back) */
export const chargeDisputed = (intentId: string): ProviderError => ({
  code: 'charge_disputed',
  message: `Charge for ${intentId} has been charged back; cannot issue a refund.`,
});

export const AUTHENTICATION_FAILED: ProviderError = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export const SETUP_AUTHENTICATION_FAILED: ProviderError = {
  code: 'setup_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export function testCard(number: string): TestCard | undefined {
  return CARDS[number];
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export interface CheckedCard {
  number: string;
  brand: TestCard['brand'] | 'unknown';
  expMonth: number;
  expYear: number;
  outcome: CardOutcome;
}

/**
 * Checks card fields the way Stripe Elements does before anything is sent, then looks the number up
 * among the test cards: a real card in test mode is declined, as Stripe's test mode does.
 */
export function checkCard(
  input: { number: string; exp: string; cvc: string; zip: string },
  now: Date,
): CheckedCard | ProviderError {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(number)) return { code: 'invalid_number', message: 'Your card number is invalid.' };
  if (number.length < 13) return { code: 'incomplete_number', message: 'Your card number is incomplete.' };
  if (!luhnValid(number)) return { code: 'invalid_number', message: 'Your card number is invalid.' };

  const exp = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(input.exp);
  if (!exp) return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete." };
  const expMonth = Number(exp[1]);
  const expYear = exp[2]!.length === 2 ? 2000 + Number(exp[2]) : Number(exp[2]);
  if (expMonth < 1 || expMonth > 12)
    return { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid." };
  const thisYear = now.getUTCFullYear();
  if (expYear < thisYear)
    return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past." };
  if (expYear === thisYear && expMonth < now.getUTCMonth() + 1)
    return { code: 'invalid_expiry_month_past', message: "Your card's expiration date is in the past." };
  if (expYear > thisYear + 50)
    return { code: 'invalid_expiry_year', message: "Your card's expiration year is invalid." };

  const known = testCard(number);
  const cvcLength = known?.brand === 'amex' || /^3[47]/.test(number) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim()))
    return { code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  if (!/^\d{5}(-?\d{4})?$/.test(input.zip.trim()))
    return { code: 'incomplete_zip', message: 'Your ZIP is incomplete.' };

  if (!known) return LIVE_CARD_IN_TEST_MODE;
  return { number, brand: known.brand, expMonth, expYear, outcome: known.outcome };
}
