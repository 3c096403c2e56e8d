// /earnings/onboarding?link=… (decision 0101): the local test-mode provider's stand-in for Stripe's hosted
// onboarding. It shows whose account the single-use link sets up and Stripe's test values, and posts the
// bank account and the SSN's last four. "Save and finish later" keeps what was typed and leaves the
// account needing details, as leaving Stripe's page half way does. Either way the answer is where Stripe
// would send the seller back (/earnings?onboarding=done), and the browser goes there. An unknown, used or
// expired link says so and points back to /earnings, which makes a new one.
// The server checks the link and renders the form (`initial`), so it works before any script: posted by
// the browser itself it goes to the page's own address, which answers with the same redirect, or with
// the form again, what was typed and what is wrong (http/onboarding-page.ts).
import { useEffect, useState, type BaseSyntheticEvent } from 'react';
import type { FieldErrors } from 'react-hook-form';
import {
  LocalOnboardingSchema,
  PAYOUT_ACCOUNT_LABELS,
  TEST_ACCOUNT_NUMBER,
  TEST_ROUTING_NUMBER,
  TEST_SSN_LAST4_VERIFIED,
  type LocalOnboardingField,
  type LocalOnboardingInput,
  type LocalOnboardingPage,
  type LocalOnboardingResponse,
  type LocalOnboardingView,
} from '#contracts/payouts.ts';
import { ApiError, postJson } from '../lib/api-client.ts';
import { useSchemaForm } from '../lib/forms.ts';
import { useApi } from '../lib/swr.ts';
import { toast } from '../lib/toast.ts';
import { Field } from '../react/Field.tsx';
import '../styles/empty-state.css';
import '../styles/form-actions.css';
import '../styles/test-mode-notice.css';
import './PayoutOnboarding.css';
import { PageSpinner } from '../react/PageSpinner.tsx';

const FORM_ID = 'payout-onboarding-form';
const EMPTY: Record<LocalOnboardingField, string> = {
  legalName: '',
  routingNumber: '',
  accountNumber: '',
  ssnLast4: '',
};

export default function PayoutOnboarding({ initial }: { initial?: LocalOnboardingPage | undefined }) {
  if (!initial) return <CheckedHere />;
  if ('problem' in initial) return <LinkProblem message={initial.problem} />;
  return <OnboardingForm link={initial.link} view={initial.view} typed={initial.typed} serverErrors={initial.errors} />;
}

/** under `astro dev`, where the page has no server data: the island reads the link and checks it itself */
function CheckedHere() {
  // undefined until the address is read (after hydration)
  const [link, setLink] = useState<string | null | undefined>(undefined);
  useEffect(() => setLink(new URLSearchParams(window.location.search).get('link')), []);
  const { data, error } = useApi<LocalOnboardingView>(link ? `/api/local-connect/${encodeURIComponent(link)}` : null);

  if (link === null) return <LinkProblem message="This page needs the setup link PuppyNest made for you." />;
  if (error)
    return (
      <LinkProblem
        message={error instanceof ApiError ? error.message : 'The setup link could not be checked. Please try again.'}
      />
    );
  if (!data || !link) {
    return <PageSpinner label="Checking your setup link…" what="your payout setup" />;
  }
  return <OnboardingForm link={link} view={data} />;
}

function LinkProblem({ message }: { message: string }) {
  return (
    <div className="empty-state">
      <h2>This Setup Link Cannot Be Used</h2>
      <p>{message}</p>
      <p>A setup link works once and for a short while. Earnings makes a new one.</p>
      <a href="/earnings" className="btn">
        Back to Earnings
      </a>
    </div>
  );
}

function TestModeNotice() {
  return (
    <aside className="test-mode-notice" aria-labelledby="test-mode-title">
      <h2 id="test-mode-title">Test mode</h2>
      <p>No real bank account is connected and no money moves. Use Stripe&apos;s test bank account:</p>
      <ul>
        <li>
          Routing number <code>{TEST_ROUTING_NUMBER}</code>
        </li>
        <li>
          Account number <code>{TEST_ACCOUNT_NUMBER}</code>
        </li>
        <li>
          Last 4 digits of SSN: <code>{TEST_SSN_LAST4_VERIFIED}</code> verifies at once; any other last four leaves the
          account pending verification.
        </li>
      </ul>
    </aside>
  );
}

interface FormProps {
  link: string;
  view: LocalOnboardingView;
  /** what a form posted without script held when the server refused it */
  typed?: Record<LocalOnboardingField, string> | undefined;
  serverErrors?: Partial<Record<LocalOnboardingField, string>> | undefined;
}

function OnboardingForm({ link, view, typed, serverErrors }: FormProps) {
  // The server's refusal as the form's first errors: one object for the form's life, since useForm sets
  // its errors again whenever this prop changes.
  const [errorsFromServer] = useState<FieldErrors<LocalOnboardingInput> | undefined>(() =>
    serverErrors
      ? Object.fromEntries(Object.entries(serverErrors).map(([name, message]) => [name, { type: 'server', message }]))
      : undefined,
  );
  const { register, handleSubmit, setError, formState } = useSchemaForm(
    LocalOnboardingSchema,
    { ...EMPTY, ...typed },
    FORM_ID,
    errorsFromServer,
  );
  const { errors, isSubmitting } = formState;
  const [leaving, setLeaving] = useState(false);

  const send = async (values: LocalOnboardingInput, event?: BaseSyntheticEvent) => {
    // which of the two submit buttons was pressed
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
    const finishLater = submitter?.getAttribute('value') === 'later';
    try {
      const answer = await postJson<LocalOnboardingResponse>(`/api/local-connect/${encodeURIComponent(link)}`, {
        ...values,
        finishLater,
      });
      setLeaving(true);
      window.location.assign(answer.returnUrl);
    } catch (error) {
      // the fields at fault say so under each; anything else (an expired link) in a toast
      const fields = error instanceof ApiError ? Object.entries(error.fields).filter(([name]) => name in EMPTY) : [];
      for (const [name, message] of fields) setError(name as LocalOnboardingField, { message });
      if (fields.length === 0) {
        toast({
          title: 'Not Saved',
          description: error instanceof ApiError ? error.message : 'Your details could not be saved. Please try again.',
          variant: 'destructive',
        });
      }
    }
  };

  const busy = isSubmitting || leaving;
  return (
    <>
      <p>
        Setting up payouts for <strong>{view.email}</strong>. Account status:{' '}
        <strong>{PAYOUT_ACCOUNT_LABELS[view.status]}</strong>.
      </p>
      <TestModeNotice />
      {/* without script the browser posts the form to this page's own address (the link included) */}
      <form
        method="post"
        action={`/earnings/onboarding?link=${encodeURIComponent(link)}`}
        id={FORM_ID}
        className="payout-onboarding-form"
        onSubmit={handleSubmit(send)}
        noValidate
        aria-label="Payout account details"
      >
        <Field label="Legal name" error={errors.legalName?.message}>
          {(control) => (
            <input autoComplete="name" defaultValue={typed?.legalName} {...control} {...register('legalName')} />
          )}
        </Field>
        <Field label="Routing number" error={errors.routingNumber?.message}>
          {(control) => (
            <input
              inputMode="numeric"
              autoComplete="off"
              maxLength={9}
              defaultValue={typed?.routingNumber}
              {...control}
              {...register('routingNumber')}
            />
          )}
        </Field>
        <Field label="Account number" error={errors.accountNumber?.message}>
          {(control) => (
            <input
              inputMode="numeric"
              autoComplete="off"
              maxLength={17}
              defaultValue={typed?.accountNumber}
              {...control}
              {...register('accountNumber')}
            />
          )}
        </Field>
        <Field label="Last 4 digits of SSN" error={errors.ssnLast4?.message}>
          {(control) => (
            <input
              inputMode="numeric"
              autoComplete="off"
              maxLength={4}
              className="ssn-input"
              defaultValue={typed?.ssnLast4}
              {...control}
              {...register('ssnLast4')}
            />
          )}
        </Field>
        <div className="form-actions">
          <button type="submit" name="intent" value="submit" disabled={busy} aria-busy={busy || undefined}>
            Submit
          </button>
          <button type="submit" name="intent" value="later" className="secondary outline" disabled={busy}>
            Save and finish later
          </button>
        </div>
      </form>
    </>
  );
}
