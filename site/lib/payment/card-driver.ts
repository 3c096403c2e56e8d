// The one confirm/result interface of both card forms (Stripe Elements and the local test-mode form),
// so the pages never care which provider takes the payment. PaymentForm hands a CardDriver to the page's
// onSubmit; the page creates a payment method and/or confirms the client secret the server gave it.

export interface Billing {
  name?: string;
  email?: string;
}

/** 'card': the card or its fields were refused (show "Payment Failed"); 'system': anything else */
export type FailureKind = 'card' | 'system';

export type ConfirmResult =
  | { ok: true; intentId: string; status: 'succeeded' | 'requires_capture' | 'processing' }
  | { ok: false; message: string; code?: string; kind: FailureKind };

export type PaymentMethodResult =
  { ok: true; paymentMethodId: string } | { ok: false; message: string; code?: string; kind: FailureKind };

export interface CardDriver {
  readonly provider: 'stripe' | 'local';
  /**
   * Turns the entered card into a payment method (pm_…), with billing name and email.
   * (Seller plans: POST /api/create-subscription takes its id.)
   */
  createPaymentMethod(billing?: Billing): Promise<PaymentMethodResult>;
  /**
   * Confirms a PaymentIntent (pi_…_secret_…) or a SetupIntent (seti_…_secret_…) with the entered card,
   * including the card's authentication step when it asks for one.
   */
  confirm(clientSecret: string, billing?: Billing): Promise<ConfirmResult>;
  /**
   * Completes the authentication a server-side confirmation asked for (an intent in requires_action,
   * e.g. the SetupIntent of POST /api/create-subscription when requiresAction is true).
   */
  authenticate(clientSecret: string): Promise<ConfirmResult>;
}

export const CARD_ELEMENT_NOT_FOUND = 'Card element not found';
