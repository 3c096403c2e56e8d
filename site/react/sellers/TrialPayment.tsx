// The payment tab of /sellers (docs/product.md §2, §10 "Seller plans", §8): the trial banner, the chosen plan
// with its price struck through and "$0 today", the shared card form, "Start 7-Day Free Trial". The flow of
// §10: a payment method from the card → POST /api/create-subscription → when it answers requiresAction with a
// client secret, the card's authentication on the client → 'Free Trial Started!'.
import { useState } from 'react';
import { mutate } from 'swr';
import type { SubscriptionResponse } from '#contracts/payments.ts';
import type { SellerApplicationView, SellerPlanView } from '#contracts/sellers.ts';
import type { SellerPlan } from '../../lib/content/types.ts';
import PaymentForm from '../../islands/PaymentForm.tsx';
import { CARD_ELEMENT_NOT_FOUND, type CardDriver } from '../../lib/payment/card-driver.ts';
import { TestCardHints } from '../payment/TestCardHints.tsx';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { USER_KEY } from '../../lib/auth.ts';
import { dollarsToCents, formatCents } from '../../lib/format.ts';
import { checkPayment, intentIdOf, usePaymentKey } from '../../lib/payments.ts';
import { toast } from '../../lib/toast.ts';
import { PLAN_KEY } from './SellerPlanSummary.tsx';
import { formatLongDate, trialEndDate } from '../../lib/sellers/trial.ts';

const PAYMENT_FAILED = 'There was an issue processing your payment.';

interface Props {
  plan: SellerPlan;
  application: SellerApplicationView;
  activePlan: SellerPlanView | null;
  onChangePlan: () => void;
}

export function TrialPayment({ plan, application, activePlan, onChangePlan }: Props) {
  const [trialEnd] = useState(() => trialEndDate());
  const key = usePaymentKey();
  if (activePlan) return <ActivePlan view={activePlan} />;

  const failed = (message: string | undefined) => {
    const description = message || PAYMENT_FAILED;
    if (description === CARD_ELEMENT_NOT_FOUND) toast({ title: CARD_ELEMENT_NOT_FOUND, variant: 'destructive' });
    else toast({ title: 'Payment Failed', description, variant: 'destructive' });
    return { error: description };
  };

  async function startTrial(card: CardDriver): Promise<void | { error?: string }> {
    const billing = { name: application.name, email: application.email };
    const method = await card.createPaymentMethod(billing);
    if (!method.ok) return failed(method.message);
    let subscription: SubscriptionResponse;
    try {
      subscription = await postJson<SubscriptionResponse>('/api/create-subscription', {
        paymentMethodId: method.paymentMethodId,
        priceId: plan.priceId,
        email: application.email,
      });
    } catch (error) {
      return failed(error instanceof ApiError ? error.message : undefined);
    }
    if (subscription.requiresAction && subscription.clientSecret) {
      const confirmed = await card.authenticate(subscription.clientSecret);
      if (!confirmed.ok) return failed(confirmed.message);
      // The server applies the card check itself too, so a late provider event never leaves the plan waiting.
      await checkPayment(intentIdOf(subscription.clientSecret), subscription.clientSecret).catch(() => undefined);
    }
    toast({
      title: 'Free Trial Started!',
      description: '7-day trial is active; billing begins on the trial end date',
      variant: 'success',
    });
    await Promise.all([mutate(PLAN_KEY), mutate(USER_KEY)]);
    // The tab now shows the (shorter) active plan: bring its top into view.
    window.scrollTo({ top: 0, behavior: 'instant' });
  }

  return (
    <div className="trial-payment">
      <h2>Start your free trial</h2>
      <section className="trial-banner" aria-labelledby="trial-banner-heading">
        <h3 id="trial-banner-heading">7-Day Free Trial</h3>
        <p>
          Your application is approved. Try every feature of your plan free for 7 days; cancel anytime during the trial.
        </p>
      </section>
      <PaymentForm
        label="Start your free trial"
        submitLabel="Start 7-Day Free Trial"
        busyLabel="Setting up your trial..."
        onSubmit={startTrial}
        systemErrorHref="/sellers"
        systemErrorLinkText="Back to seller onboarding"
      >
        <div className="trial-summary">
          <div>
            <strong>{plan.name} plan</strong>{' '}
            <s className="regular-price">
              <span className="visually-hidden">Regular price </span>
              {formatCents(dollarsToCents(plan.price))}
            </s>{' '}
            <small>{plan.periodLabel}</small>{' '}
            <button type="button" className="link-button" onClick={onChangePlan}>
              Change plan
            </button>
          </div>
          <div className="today">$0 today</div>
        </div>
      </PaymentForm>
      <p className="trial-footnote">
        No commitment • Cancel anytime during trial • No charges until {formatLongDate(trialEnd)}
      </p>
      {key && !key.isLive && <TestCardHints />}
    </div>
  );
}

function ActivePlan({ view }: { view: SellerPlanView }) {
  return (
    <div className="trial-payment">
      <h2>Your seller plan is active</h2>
      <p>
        {view.status === 'trialing' && view.trialEnd
          ? `Your free trial runs until ${formatLongDate(view.trialEnd)}. `
          : ''}
        {view.listingLimit === null
          ? 'You can list unlimited puppies'
          : `You can list up to ${view.listingLimit} puppies`}{' '}
        without a listing fee.
      </p>
      <p className="login-needed-actions">
        <a className="btn" href="/post-puppy">
          Post a Puppy
        </a>
        <a className="btn outline" href="/my-listings">
          My Listings
        </a>
      </p>
    </div>
  );
}
