// My Listings' "Breeder profile" (decision 0118, docs/product.md §15 and §16): the seller's page at
// /breeders/{slug} as families see it (a link), the badges it shows, the badges an admin revoked with the
// reason, and the form that edits the profile. The form is checked with the API's own schema
// (BreederProfileSchema) and is a real form with the API's form post's method, action and field names:
// posted urlencoded (breeds as one line) the API answers 303 back to /my-listings?profile={code}, whose
// words come from PROFILE_FORM_OUTCOMES (decision 0108). The page is pre-rendered and the island draws
// the form, so it needs the script today (decision 0118's note of 2026-11-26). The photo is one of the seller's uploads, sent through the same upload seam as the
// puppy form's photos (lib/upload.ts → POST /api/upload/image).
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import type { FieldPath } from 'react-hook-form';
import {
  breederPath,
  BreederProfileSchema,
  profileFormOutcome,
  slugify,
  type BreederProfileInput,
  type MyBreederProfileView,
} from '#contracts/breeders.ts';
import type * as v from 'valibot';
import { ApiError, putJson } from '../../lib/api-client.ts';
import { formatOrderDate } from '../orders/OrderStatus.tsx';
import { useSchemaForm } from '../../lib/forms.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import { MediaUploadError, uploadMedia } from '../../lib/upload.ts';
import { BreederBadges } from '../BreederBadges.tsx';
import { Field } from '../Field.tsx';
import { PageSpinner } from '../PageSpinner.tsx';
import '../../styles/form-actions.css';
import '../../styles/alert-success.css';
import './BreederProfilePanel.css';

const MINE = '/api/breeders/mine';
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
type FormValues = v.InferInput<typeof BreederProfileSchema>;

export function BreederProfilePanel() {
  const { data, error, mutate } = useApi<MyBreederProfileView>(MINE);
  // the outcome of a form posted before the island woke up, from the address (once per visit)
  const [outcome, setOutcome] = useState<{ saved: boolean; text: string } | undefined>(undefined);
  useEffect(() => {
    const found = profileFormOutcome(new URLSearchParams(window.location.search).get('profile'));
    if (!found) return;
    setOutcome(found);
    // the page's HTML has no section yet when the browser looks for #breeder-profile
    requestAnimationFrame(() => document.getElementById('breeder-profile')?.scrollIntoView());
  }, []);
  // a seller from before breeder pages has none yet: the form then creates it
  const missing = error instanceof ApiError && error.status === 404;

  return (
    <section id="breeder-profile" className="panel breeder-profile" aria-labelledby="breeder-profile-title">
      <h2 id="breeder-profile-title">Breeder profile</h2>
      {outcome && (
        <p className={outcome.saved ? 'alert-success' : 'profile-refused'} role={outcome.saved ? 'status' : 'alert'}>
          {outcome.text}
        </p>
      )}
      {error && !missing ? (
        <p role="alert">Your breeder profile could not be loaded. Please reload the page.</p>
      ) : !data && !missing ? (
        <PageSpinner label="Loading your breeder profile…" what="your breeder profile" />
      ) : (
        <>
          {data && <ProfileSummary profile={data} />}
          <ProfileForm profile={data ?? null} onSaved={(saved) => void mutate(saved, { revalidate: false })} />
        </>
      )}
    </section>
  );
}

/** the page families see, its badges, and what an admin took away and why */
function ProfileSummary({ profile }: { profile: MyBreederProfileView }) {
  return (
    <div className="profile-summary">
      <p className="profile-link">
        <a href={breederPath(profile.slug)}>See your breeder page</a>{' '}
        <span className="profile-address">at {breederPath(profile.slug)}</span>
      </p>
      {profile.badges.length > 0 ? (
        <>
          <p className="profile-badges-lead">Badges on your page:</p>
          <BreederBadges badges={profile.badges} />
        </>
      ) : (
        <p className="hint">
          No badges on your page yet. Badges are earned, never typed in: <a href="/trust#badges">how to earn them</a>.
        </p>
      )}
      {profile.revoked.length > 0 && (
        <div className="profile-revoked" role="note" aria-labelledby="revoked-title">
          <h3 id="revoked-title">Badges removed by PuppyNest</h3>
          <ul>
            {profile.revoked.map((r) => (
              <li key={r.id}>
                <strong>{r.label}</strong> (removed {formatOrderDate(r.revokedAt)}): <span>{r.reason}</span>
              </li>
            ))}
          </ul>
          <p>
            Families do not see these badges. Write to us through the <a href="/contact">contact page</a> if you think
            this is a mistake.
          </p>
        </div>
      )}
    </div>
  );
}

function defaultsOf(profile: MyBreederProfileView | null): FormValues {
  return {
    kennelName: profile?.kennelName ?? '',
    about: profile?.about ?? '',
    town: profile?.town ?? '',
    state: profile?.state ?? '',
    breeds: profile?.breeds.join(', ') ?? '',
    photoUrl: profile?.photoUrl ?? '',
  };
}

function ProfileForm({
  profile,
  onSaved,
}: {
  profile: MyBreederProfileView | null;
  onSaved: (saved: MyBreederProfileView) => void;
}) {
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const { register, handleSubmit, formState, setValue, watch, setError, reset } = useSchemaForm(
    BreederProfileSchema,
    defaultsOf(profile),
  );
  const { errors, isSubmitting } = formState;
  const [uploading, setUploading] = useState<number | null>(null);
  const photoUrl = (watch('photoUrl') as string | null | undefined) ?? '';
  const slug = slugify((watch('kennelName') as string | undefined) ?? '');
  const busy = isSubmitting || uploading !== null;

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(0);
    try {
      const url = await uploadMedia('image', file, setUploading);
      setValue('photoUrl', url, { shouldDirty: true });
    } catch (error) {
      const detail =
        error instanceof ApiError && error.status < 500 && !(error instanceof MediaUploadError)
          ? error.message
          : 'Failed to upload the photo. Please try again.';
      toast({ title: 'Upload Failed', description: detail, variant: 'destructive' });
    } finally {
      setUploading(null);
    }
  };

  const submit = handleSubmit(async (values: BreederProfileInput) => {
    try {
      const saved = await putJson<MyBreederProfileView>('/api/breeders/mine', values);
      onSaved(saved);
      reset(defaultsOf(saved));
      toast({
        title: 'Profile Saved',
        description: `Your breeder page is at ${breederPath(saved.slug)}.`,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) setError(field as FieldPath<FormValues>, { message });
        }
      }
      toast({
        title: 'Profile Not Saved',
        description:
          error instanceof ApiError && error.status < 500
            ? error.message
            : 'Your breeder profile could not be saved. Please try again.',
        variant: 'destructive',
      });
    }
  });

  const renamed = profile !== null && slug !== '' && slug !== profile.slug;
  return (
    <form
      method="post"
      action="/api/breeders/mine"
      className="breeder-profile-form"
      onSubmit={submit}
      noValidate
      aria-label="Breeder profile"
    >
      <Field
        id={fieldId('kennelName')}
        label="Kennel name"
        hint={
          <>
            Your page&apos;s address follows the name: <strong>{breederPath(slug || '…')}</strong>.{' '}
            {renamed
              ? `Renaming moves your page: ${breederPath(profile.slug)} will stop working and another kennel may take it.`
              : 'If you rename your kennel, the old address stops working and another kennel may take it.'}
          </>
        }
        error={errors.kennelName?.message}
      >
        {(control) => <input {...register('kennelName')} autoComplete="organization" maxLength={80} {...control} />}
      </Field>

      <Field
        id={fieldId('about')}
        label="About your kennel"
        hint="Shown on your page as your own words: how you raise your puppies, your experience, what families can expect."
        error={errors.about?.message}
      >
        {(control) => <textarea rows={5} maxLength={3000} {...register('about')} {...control} />}
      </Field>

      <div className="profile-place">
        <Field id={fieldId('town')} label="Town" error={errors.town?.message}>
          {(control) => <input {...register('town')} autoComplete="address-level2" maxLength={80} {...control} />}
        </Field>
        <Field id={fieldId('state')} label="State" hint="Two letters, e.g. TX" error={errors.state?.message}>
          {(control) => (
            <input
              {...register('state')}
              autoComplete="address-level1"
              maxLength={2}
              className="profile-state"
              {...control}
            />
          )}
        </Field>
      </div>

      <Field
        id={fieldId('breeds')}
        label="Breeds"
        hint="Separate breeds with commas, up to 10."
        error={errors.breeds?.message}
      >
        {(control) => <input {...register('breeds')} autoComplete="off" {...control} />}
      </Field>

      <fieldset className="profile-photo">
        <legend>Photo or logo</legend>
        <input type="hidden" {...register('photoUrl')} />
        {photoUrl ? (
          <div className="profile-photo-preview">
            <img src={photoUrl} alt="Your kennel's photo" width={96} height={96} />
            <button
              type="button"
              className="secondary outline"
              disabled={busy}
              onClick={() => setValue('photoUrl', '', { shouldDirty: true })}
            >
              Remove photo
            </button>
          </div>
        ) : (
          <p className="hint">No photo yet: your page shows your kennel name alone.</p>
        )}
        <Field
          id={fieldId('photo')}
          label={photoUrl ? 'Replace the picture' : 'Upload a picture'}
          hint="JPEG, PNG, WebP or AVIF, up to 10MB. Shown round on your page."
          error={errors.photoUrl?.message}
        >
          {(control) => <input type="file" accept={IMAGE_ACCEPT} onChange={onPhoto} disabled={busy} {...control} />}
        </Field>
        {uploading !== null && (
          <div className="upload-progress" role="status">
            <progress value={uploading} max={100} aria-label="Uploading the photo" />
            <span>Uploading… {uploading}%</span>
          </div>
        )}
      </fieldset>

      <div className="form-actions">
        <button type="submit" aria-busy={isSubmitting} disabled={busy}>
          {isSubmitting ? 'Saving…' : 'Save profile'}
        </button>
      </div>
    </form>
  );
}
