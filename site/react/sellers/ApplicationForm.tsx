// The seller application (docs/product.md §3, §5, §8): react-hook-form with the contract schema, the verification box
// and the plan choice. Valid and verified → stored on the server (approved at once). A logged-out visitor
// is told at the top that submitting needs an account, and asked again on submit; either way what they
// typed and the plan they chose are kept through the trip to /auth (draft.ts).
import { useEffect, useRef, useState } from 'react';
import { mutate } from 'swr';
import type { PlanId } from '#contracts/plans.ts';
import type { UserView } from '#contracts/auth.ts';
import {
  normaliseTarget,
  SellerApplicationFormSchema,
  type SellerApplicationFormInput,
  type SellerApplicationView,
  type VerificationMethod,
  type VerificationStatus,
} from '#contracts/sellers.ts';
import type { SellerPlan } from '../../lib/content/types.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { USER_KEY } from '../../lib/auth.ts';
import { useSchemaForm } from '../../lib/forms.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import { clearDraft, loadDraft, saveDraft } from '../../lib/sellers/draft.ts';
import { Field, RequiredNote } from '../Field.tsx';
import { PlanChoice } from './PlanChoice.tsx';
import { VerificationBox } from './VerificationBox.tsx';

export const STATUS_KEY = '/api/verification-status';

const LOGIN_HREF = '/auth?next=%2Fsellers';
const REGISTER_HREF = '/auth?tab=register&next=%2Fsellers';

const FORM_ID = 'seller-application';
const EMPTY: SellerApplicationFormInput = {
  name: '',
  email: '',
  phone: '',
  location: '',
  experience: '',
  breedSpecialty: '',
  termsAgreed: false,
};

interface Props {
  plans: SellerPlan[];
  plan: PlanId;
  onPlanChange: (plan: PlanId) => void;
  user: UserView | null;
  userLoading: boolean;
  /** the account's stored application: the form starts from it when there is no draft */
  stored: SellerApplicationView | null;
  /** undefined while the server has not said yet */
  smsAvailable: boolean | undefined;
  /** the page was reopened after /auth: the Apply tab shows again */
  onResume: () => void;
  onSubmitted: (application: SellerApplicationView) => void;
}

export function ApplicationForm({
  plans,
  plan,
  onPlanChange,
  user,
  userLoading,
  stored,
  smsAvailable,
  onResume,
  onSubmitted,
}: Props) {
  const { register, handleSubmit, formState, watch, getValues, reset, setError, setValue } = useSchemaForm(
    SellerApplicationFormSchema,
    EMPTY,
    FORM_ID,
  );
  const { errors, isSubmitting, isDirty } = formState;
  const [method, setMethod] = useState<VerificationMethod>('email');
  const [needsLogin, setNeedsLogin] = useState(false);
  const restored = useRef(false);
  const hadDraft = useRef(false);
  const { data: status } = useApi<VerificationStatus>(STATUS_KEY);

  // Restore a draft once (after hydration, so the server HTML and the first render agree).
  useEffect(() => {
    const draft = loadDraft();
    if (draft) {
      // A draft saved on the way to /auth before anything was typed only carries the plan and the tab.
      hadDraft.current = Object.values(draft.values).some(Boolean);
      reset({ ...EMPTY, ...draft.values });
      setMethod(draft.method);
      onPlanChange(draft.plan);
      if (draft.resume) onResume();
    }
    restored.current = true;
  }, []);

  // Without a draft, the form starts from the stored application, or else from the account's email.
  useEffect(() => {
    if (!restored.current || hadDraft.current || isDirty) return;
    if (stored) {
      const { name, email, phone, location, experience, breedSpecialty } = stored;
      reset({ name, email, phone, location, experience, breedSpecialty, termsAgreed: true });
    } else if (user && !getValues('email')) {
      setValue('email', user.email);
    }
  }, [user, stored, isDirty, getValues, setValue, reset]);

  useEffect(() => {
    if (smsAvailable === false && method === 'phone') setMethod('email');
  }, [smsAvailable, method]);

  // Keep what is typed, so a trip to /auth (or a reload) loses nothing.
  useEffect(() => {
    const subscription = watch((values) => {
      if (restored.current)
        saveDraft({ values: values as Partial<SellerApplicationFormInput>, method, plan, resume: false });
    });
    return () => subscription.unsubscribe();
  }, [watch, method, plan]);

  const choosePlan = (next: PlanId) => {
    onPlanChange(next);
    saveDraft({ values: getValues(), method, plan: next, resume: false });
  };
  // Leaving for /auth: come back to the Apply tab with everything as it was.
  const keepForLogin = () => saveDraft({ values: getValues(), method, plan, resume: true });

  const email = watch('email') ?? '';
  const phone = watch('phone') ?? '';
  const verified: Record<VerificationMethod, boolean> = {
    email: Boolean(email.trim()) && (status?.emails ?? []).includes(normaliseTarget('email', email)),
    phone: Boolean(phone.trim()) && (status?.phones ?? []).includes(normaliseTarget('phone', phone)),
  };

  const submit = handleSubmit(async (values) => {
    if (!verified[method]) {
      toast({
        title: 'Verification Required',
        description: `Please verify your ${method === 'email' ? 'email address' : 'phone number'} before submitting your application.`,
        variant: 'destructive',
      });
      return;
    }
    if (!user) {
      keepForLogin();
      setNeedsLogin(true);
      return;
    }
    try {
      const saved = await postJson<{ application: SellerApplicationView; user: UserView }>('/api/seller-applications', {
        ...values,
        plan,
      });
      await mutate(USER_KEY, saved.user, { revalidate: false });
      clearDraft();
      onSubmitted(saved.application);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        keepForLogin();
        setNeedsLogin(true);
        return;
      }
      if (error instanceof ApiError && error.code === 'verification_required') {
        toast({ title: 'Verification Required', description: error.message, variant: 'destructive' });
        return;
      }
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in EMPTY) setError(name as keyof SellerApplicationFormInput, { message });
        }
      }
      toast({
        title: 'Submission Failed',
        description: 'There was a problem submitting your application. Please try again.',
        variant: 'destructive',
      });
    }
  });

  return (
    <>
      {!user && !userLoading && (
        <div className="login-notice">
          <p>
            <strong>Log in before you submit.</strong> Applying needs a PuppyNest account. You can fill in the form
            first: what you type and the plan you choose are kept while you log in or register.
          </p>
          <p className="login-needed-actions">
            <a className="btn" href={LOGIN_HREF} onClick={keepForLogin}>
              Log in
            </a>
            <a className="btn outline" href={REGISTER_HREF} onClick={keepForLogin}>
              Register
            </a>
          </p>
        </div>
      )}
      <form
        method="post"
        id={FORM_ID}
        onSubmit={submit}
        noValidate
        aria-labelledby="apply-heading"
        className="seller-application"
      >
        <h2 id="apply-heading">Seller Application</h2>
        <p>Tell families who you are.</p>
        <RequiredNote />
        <div className="grid-2">
          <Field label="Name (full name or kennel name)" required error={errors.name?.message}>
            {(control) => <input autoComplete="name" {...control} {...register('name')} />}
          </Field>
          <Field label="Location" required error={errors.location?.message}>
            {(control) => (
              <input autoComplete="address-level2" placeholder="City, State" {...control} {...register('location')} />
            )}
          </Field>
          <Field label="Email" required error={errors.email?.message}>
            {(control) => <input type="email" autoComplete="email" {...control} {...register('email')} />}
          </Field>
          <Field label="Phone" required error={errors.phone?.message}>
            {(control) => <input type="tel" autoComplete="tel" {...control} {...register('phone')} />}
          </Field>
        </div>

        <VerificationBox
          method={method}
          onMethodChange={setMethod}
          smsAvailable={smsAvailable === true}
          target={(m) => getValues(m === 'email' ? 'email' : 'phone') ?? ''}
          verified={verified}
          onVerified={() => mutate(STATUS_KEY)}
        />

        <Field
          label="Breeding experience"
          required
          hint="How long you have bred, health testing of the parents, how your puppies are raised."
          error={errors.experience?.message}
        >
          {(control) => <textarea rows={4} {...control} {...register('experience')} />}
        </Field>
        <Field label="Breed specialties" required error={errors.breedSpecialty?.message}>
          {(control) => (
            <input
              placeholder="e.g. Golden Retriever, Labrador Retriever"
              {...control}
              {...register('breedSpecialty')}
            />
          )}
        </Field>

        <PlanChoice plans={plans} value={plan} onChange={choosePlan} />

        <Field
          kind="check"
          required
          label={
            <>
              I agree to the <a href="/terms-of-service">terms and conditions</a>
            </>
          }
          error={errors.termsAgreed?.message}
        >
          {(control) => <input type="checkbox" {...control} {...register('termsAgreed')} />}
        </Field>

        {needsLogin && !user && (
          <div className="login-needed" role="alert">
            <strong>Please log in or register to submit your application.</strong>
            <p>What you typed is kept: you come back to this page afterwards to submit it.</p>
            <p className="login-needed-actions">
              <a className="btn" href={LOGIN_HREF}>
                Login
              </a>
              <a className="btn outline" href={REGISTER_HREF}>
                Register
              </a>
            </p>
          </div>
        )}

        <button type="submit" disabled={isSubmitting || userLoading} aria-busy={isSubmitting}>
          {isSubmitting ? 'Submitting…' : 'Submit Application'}
        </button>
      </form>
    </>
  );
}
