// The seller application (spec §3, §5, §8): react-hook-form with the contract schema, the verification box
// and the plan choice. Valid and verified → stored on the server (approved at once); nobody logged in →
// asked to log in or register first, with what they typed kept (draft.ts).
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
import { clearDraft, loadDraft, saveDraft } from './draft.ts';
import { TextArea, TextField } from './fields.tsx';
import { PlanChoice } from './PlanChoice.tsx';
import { VerificationBox } from './VerificationBox.tsx';

export const STATUS_KEY = '/api/verification-status';

const EMPTY: SellerApplicationFormInput = { name: '', email: '', phone: '', location: '', experience: '', breedSpecialty: '', termsAgreed: false };

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

export function ApplicationForm({ plans, plan, onPlanChange, user, userLoading, stored, smsAvailable, onResume, onSubmitted }: Props) {
  const { register, handleSubmit, formState, watch, getValues, reset, setError, setValue } = useSchemaForm(SellerApplicationFormSchema, EMPTY);
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
      hadDraft.current = true;
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
      if (restored.current) saveDraft({ values: values as Partial<SellerApplicationFormInput>, method, plan, resume: false });
    });
    return () => subscription.unsubscribe();
  }, [watch, method, plan]);

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
      saveDraft({ values: getValues(), method, plan, resume: true });
      setNeedsLogin(true);
      return;
    }
    try {
      const saved = await postJson<{ application: SellerApplicationView; user: UserView }>('/api/seller-applications', { ...values, plan });
      await mutate(USER_KEY, saved.user, { revalidate: false });
      clearDraft();
      onSubmitted(saved.application);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        saveDraft({ values: getValues(), method, plan, resume: true });
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
      toast({ title: 'Submission Failed', description: 'There was a problem submitting your application. Please try again.', variant: 'destructive' });
    }
  });

  return (
    <form method="post" onSubmit={submit} noValidate aria-labelledby="apply-heading" className="seller-application">
      <h2 id="apply-heading">Seller Application</h2>
      <p>Tell families who you are. Fields marked * are required.</p>
      <div className="grid-2">
        <TextField label="Name (full name or kennel name) *" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField label="Location *" autoComplete="address-level2" placeholder="City, State" error={errors.location?.message} {...register('location')} />
        <TextField label="Email *" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField label="Phone *" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
      </div>

      <VerificationBox
        method={method}
        onMethodChange={setMethod}
        smsAvailable={smsAvailable === true}
        target={(m) => getValues(m === 'email' ? 'email' : 'phone') ?? ''}
        verified={verified}
        onVerified={() => mutate(STATUS_KEY)}
      />

      <TextArea
        label="Breeding experience *"
        rows={4}
        hint="How long you have bred, health testing of the parents, how your puppies are raised."
        error={errors.experience?.message}
        {...register('experience')}
      />
      <TextField label="Breed specialties *" placeholder="e.g. Golden Retriever, Labrador Retriever" error={errors.breedSpecialty?.message} {...register('breedSpecialty')} />

      <PlanChoice plans={plans} value={plan} onChange={onPlanChange} />

      <label>
        <input
          type="checkbox"
          aria-invalid={errors.termsAgreed ? true : undefined}
          aria-describedby={errors.termsAgreed ? 'termsAgreed-error' : undefined}
          {...register('termsAgreed')}
        />{' '}
        I agree to the <a href="/terms-of-service">terms and conditions</a> *
      </label>
      {errors.termsAgreed && (
        <small id="termsAgreed-error" className="field-error">
          {errors.termsAgreed.message}
        </small>
      )}

      {needsLogin && !user && (
        <div className="login-needed" role="alert">
          <strong>Please log in or register to submit your application.</strong>
          <p>What you typed is kept: you come back to this page afterwards to submit it.</p>
          <p className="login-needed-actions">
            <a className="btn" href="/auth?next=%2Fsellers">Login</a>
            <a className="btn outline" href="/auth?tab=register&next=%2Fsellers">Register</a>
          </p>
        </div>
      )}

      <button type="submit" disabled={isSubmitting || userLoading} aria-busy={isSubmitting}>
        {isSubmitting ? 'Submitting…' : 'Submit Application'}
      </button>
    </form>
  );
}
