// /sellers (docs/product.md §2 "Seller onboarding", §4): tabs benefits (initial), requirements, apply and payment, the
// last disabled until an application is submitted. The page scrolls to the top on load and on every tab
// change. Benefits and requirements are static HTML passed in as slots; the island only shows or hides them.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PlanId } from '#contracts/plans.ts';
import type { SellerApplicationView, SellerPlanView, SmsAvailability } from '#contracts/sellers.ts';
import type { SellerPlan } from '../lib/content/types.ts';
import { useCurrentUser } from '../lib/auth.ts';
import { useApi } from '../lib/swr.ts';
import { ApplicationForm } from '../react/sellers/ApplicationForm.tsx';
import { TrialPayment } from '../react/sellers/TrialPayment.tsx';
import { planFromQuery } from '../lib/sellers/plan-query.ts';
import { Tabs } from '../react/Tabs.tsx';
import './SellerOnboarding.css';

type Tab = 'benefits' | 'requirements' | 'apply' | 'payment';
const TABS: { id: Tab; label: string }[] = [
  { id: 'benefits', label: 'Benefits' },
  { id: 'requirements', label: 'Requirements' },
  { id: 'apply', label: 'Apply' },
  { id: 'payment', label: 'Payment' },
];

interface Props {
  plans: SellerPlan[];
  /** static slots from sellers.astro */
  benefits?: ReactNode;
  requirements?: ReactNode;
}

export default function SellerOnboarding({ plans, benefits, requirements }: Props) {
  const [tab, setTab] = useState<Tab>('benefits');
  const [plan, setPlan] = useState<PlanId>('monthly');
  const [submitted, setSubmitted] = useState<SellerApplicationView | null>(null);
  const { user, isLoading: userLoading } = useCurrentUser();
  const { data: sms } = useApi<SmsAvailability>('/api/sms-available');
  const { data: stored } = useApi<SellerApplicationView | null>(user ? '/api/seller-applications/mine' : null);
  const { data: activePlan } = useApi<SellerPlanView | null>(user ? '/api/seller/plan' : null);
  const application = submitted ?? stored ?? null;
  const paymentOpen = application !== null;
  const firstRender = useRef(true);

  // Scroll to the top on load and whenever the tab changes (docs/product.md §2).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      window.scrollTo(0, 0);
      return;
    }
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [tab]);

  // A stored application brings its plan along, unless this visit already chose one.
  const planChosen = useRef(false);
  useEffect(() => {
    if (stored && !planChosen.current) setPlan(stored.plan);
  }, [stored]);
  const choosePlan = (next: PlanId) => {
    planChosen.current = true;
    setPlan(next);
  };

  // The plan named in the address (the home page's plan buttons) wins over a kept draft: this effect runs
  // after ApplicationForm's draft restore. Read after hydration, so the server HTML and first render agree.
  useEffect(() => {
    const asked = planFromQuery(window.location.search);
    if (asked) choosePlan(asked);
  }, []);

  const enabled = (id: Tab) => id !== 'payment' || paymentOpen;
  const select = (id: Tab) => {
    if (enabled(id)) setTab(id);
  };

  const selectedPlan = plans.find((p) => p.planId === plan) ?? plans[0];

  return (
    <div className="seller-onboarding">
      <Tabs
        tabs={TABS.map((t) => ({
          ...t,
          disabled: !enabled(t.id),
          title: enabled(t.id) ? undefined : 'Submit your application first',
        }))}
        selected={tab}
        onSelect={select}
        tabId={(id) => `seller-tab-${id}`}
        controls={(id) => `seller-panel-${id}`}
        label="Seller onboarding"
        className="seller-tabs"
        idleClassName="outline"
      />

      <section
        role="tabpanel"
        id="seller-panel-benefits"
        aria-labelledby="seller-tab-benefits"
        hidden={tab !== 'benefits'}
      >
        {benefits}
        <button type="button" onClick={() => setTab('requirements')}>
          See the requirements
        </button>
      </section>

      <section
        role="tabpanel"
        id="seller-panel-requirements"
        aria-labelledby="seller-tab-requirements"
        hidden={tab !== 'requirements'}
      >
        {requirements}
        <button type="button" onClick={() => setTab('apply')}>
          Apply now
        </button>
      </section>

      <section role="tabpanel" id="seller-panel-apply" aria-labelledby="seller-tab-apply" hidden={tab !== 'apply'}>
        {application && !submitted && (
          <p className="application-on-file" role="status">
            Your application is approved. You can update it below, or go on to the{' '}
            <button type="button" className="link-button" onClick={() => setTab('payment')}>
              payment
            </button>
            .
          </p>
        )}
        <ApplicationForm
          plans={plans}
          plan={plan}
          onPlanChange={choosePlan}
          user={user}
          userLoading={userLoading}
          stored={stored ?? null}
          smsAvailable={sms?.available}
          onResume={() => setTab('apply')}
          onSubmitted={(saved) => {
            setSubmitted(saved);
            setTab('payment');
          }}
        />
      </section>

      <section
        role="tabpanel"
        id="seller-panel-payment"
        aria-labelledby="seller-tab-payment"
        hidden={tab !== 'payment'}
      >
        {paymentOpen && selectedPlan && (
          <TrialPayment
            plan={selectedPlan}
            application={application}
            activePlan={activePlan ?? null}
            onChangePlan={() => setTab('apply')}
          />
        )}
      </section>
    </div>
  );
}
