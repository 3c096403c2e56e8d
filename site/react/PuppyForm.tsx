// The post and edit form of a puppy (docs/product.md §2 "Post puppy" / "Edit puppy", §5, §8). react-hook-form with
// the contract schemas, so every message is the API's. Pictures upload as soon as they are chosen (with a
// progress bar) and the form keeps their URLs; a video uploads when the form is saved. Editing can swap the
// main image with an additional one, and mark the video for deletion (undo possible) until saved.
import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { DefaultValues, FieldPath } from 'react-hook-form';
import {
  COAT_COLORS,
  GENDERS,
  MAX_ADDITIONAL_IMAGES,
  PUPPY_STATUSES,
  PuppyCreateSchema,
  PuppyUpdateSchema,
  TOO_MANY_IMAGES_MESSAGE,
  VIDEO_MAX_BYTES,
  type BreedView,
  type CoatColor,
  type PuppyCreatedView,
  type PuppyFormValues,
  type PuppyView,
} from '#contracts/puppies.ts';
import type { ListingParentsView, MyParentsResponse } from '#contracts/parents.ts';
import { api, ApiError } from '../lib/api-client.ts';
import { useApi } from '../lib/swr.ts';
import { capitalise } from '../lib/format.ts';
import { useSchemaForm } from '../lib/forms.ts';
import { toast, toastAcrossNavigation } from '../lib/toast.ts';
import { Field, RequiredNote } from './Field.tsx';
import { PuppyImage } from './PuppyImage.tsx';
import { MediaUploadError, uploadMedia, type MediaKind } from '../lib/upload.ts';
import './PuppyForm.css';
import '../styles/form-actions.css';

interface Props {
  mode: 'create' | 'edit';
  breeds: BreedView[];
  /** the listing being edited (its page's view: with its sire and dam, decision 0121) */
  puppy?: PuppyView & { parents?: ListingParentsView | null };
}

interface Progress {
  label: string;
  percent: number;
}

const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';
const VIDEO_ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm';

const FAILURE_TEXT: Record<'image' | 'additional' | 'video', string> = {
  image: 'Failed to upload image. Please try again.',
  additional: 'Failed to upload additional image. Please try again.',
  video: 'Failed to upload video. Please try again.',
};

function defaultsOf(puppy: Props['puppy']): DefaultValues<PuppyFormValues> {
  if (!puppy)
    return {
      name: '',
      breedId: '',
      age: '',
      weight: '',
      price: '',
      colors: [],
      description: '',
      location: '',
      zip: '',
      imageUrl: '',
      imageUrls: [],
      videoUrl: '',
      status: 'available',
      sireId: '',
      damId: '',
    };
  return {
    name: puppy.name,
    breedId: String(puppy.breedId),
    gender: puppy.gender,
    age: String(puppy.age),
    weight: String(puppy.weight),
    price: String(puppy.price),
    colors: puppy.colors.filter((color): color is CoatColor => (COAT_COLORS as readonly string[]).includes(color)),
    description: puppy.description,
    location: puppy.location,
    zip: puppy.zip ?? '',
    imageUrl: puppy.imageUrl,
    imageUrls: [...puppy.imageUrls],
    videoUrl: '',
    status: puppy.status,
    sireId: puppy.parents?.sire ? String(puppy.parents.sire.id) : '',
    damId: puppy.parents?.dam ? String(puppy.parents.dam.id) : '',
  };
}

function uploadFailure(error: unknown, which: keyof typeof FAILURE_TEXT): void {
  if (error instanceof MediaUploadError) {
    toast({ title: 'Upload Failed', description: 'Media upload failed', variant: 'destructive' });
    return;
  }
  const detail = error instanceof ApiError && error.status < 500 ? error.message : FAILURE_TEXT[which];
  toast({ title: 'Upload Failed', description: detail, variant: 'destructive' });
}

export function PuppyForm({ mode, breeds, puppy }: Props) {
  const id = useId();
  // Every field is on the edit form too, so the edit schema sees a complete payload ("full edit payload").
  const schema = (mode === 'edit' ? PuppyUpdateSchema : PuppyCreateSchema) as typeof PuppyCreateSchema;
  // a new listing cannot go without these (docs/product.md §5); an edit changes only what it names
  const creating = mode === 'create';
  const form = useSchemaForm(schema, defaultsOf(puppy));
  const { register, handleSubmit, formState, setValue, watch, setError, clearErrors } = form;
  const { errors, isSubmitting, isSubmitted } = formState;

  const [progress, setProgress] = useState<Progress | null>(null);
  const [mediaMessage, setMediaMessage] = useState<string | null>(null);
  const [videoFile, setVideoFile] = useState<File | null>(null);
  const [videoFileError, setVideoFileError] = useState<string | null>(null);
  const [deleteVideo, setDeleteVideo] = useState(false);
  const videoInput = useRef<HTMLInputElement>(null);
  const currentVideo = puppy?.videoUrl ?? null;
  // the seller's parent dogs for the Sire and Dam selects (decision 0121)
  const { data: myParents } = useApi<MyParentsResponse>('/api/parents');

  const imageUrl = watch('imageUrl') ?? '';
  const imageUrls = (watch('imageUrls') ?? []) as string[];
  const busy = isSubmitting || progress !== null;

  const upload = async (kind: MediaKind, file: File, label: string): Promise<string> => {
    setProgress({ label, percent: 0 });
    try {
      return await uploadMedia(kind, file, (percent) => setProgress({ label, percent }));
    } finally {
      setProgress(null);
    }
  };

  const setImages = (main: string, more: string[]) => {
    setValue('imageUrl', main, { shouldDirty: true, shouldValidate: isSubmitted });
    setValue('imageUrls', more, { shouldDirty: true, shouldValidate: isSubmitted });
  };

  const onMainImage = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const url = await upload('image', file, `Uploading ${file.name}`);
      setValue('imageUrl', url, { shouldDirty: true });
      clearErrors('imageUrl');
    } catch (error) {
      uploadFailure(error, 'image');
    }
  };

  const onMoreImages = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    if (imageUrls.length + files.length > MAX_ADDITIONAL_IMAGES) {
      setMediaMessage(TOO_MANY_IMAGES_MESSAGE);
      return;
    }
    setMediaMessage(null);
    let more = imageUrls;
    for (const [index, file] of files.entries()) {
      try {
        const url = await upload('image', file, `Uploading ${file.name} (${index + 1} of ${files.length})`);
        more = [...more, url];
        setValue('imageUrls', more, { shouldDirty: true, shouldValidate: isSubmitted });
      } catch (error) {
        uploadFailure(error, 'additional');
        return;
      }
    }
  };

  const onVideoFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (file && file.size > VIDEO_MAX_BYTES) {
      setVideoFileError('This video is larger than 50MB. Please choose a smaller one.');
      setVideoFile(null);
      event.target.value = '';
      return;
    }
    setVideoFileError(null);
    setVideoFile(file);
  };

  const submit = handleSubmit(async (values) => {
    let videoUrl: string | null = values.videoUrl ?? null;
    if (videoFile) {
      try {
        videoUrl = await upload('video', videoFile, `Uploading ${videoFile.name}`);
      } catch (error) {
        uploadFailure(error, 'video');
        return;
      }
    } else if (!videoUrl && mode === 'edit' && currentVideo && !deleteVideo) {
      videoUrl = currentVideo;
    }
    const payload = { ...values, videoUrl };
    try {
      if (mode === 'create') {
        const created = await api<PuppyCreatedView>('POST', '/api/puppies', payload);
        toastAcrossNavigation(
          created.needsListingFee
            ? {
                title: 'Puppy Listed!',
                description: `${created.name} is saved as a draft. Pay the listing fee to show it to buyers.`,
                variant: 'success',
              }
            : { title: 'Puppy Listed!', description: `${created.name} is now visible to buyers.`, variant: 'success' },
        );
        window.location.assign(created.needsListingFee ? `/listing-payment/${created.id}` : '/my-listings');
      } else {
        const saved = await api<PuppyView>('PUT', `/api/puppies/${puppy!.id}`, payload);
        toastAcrossNavigation({
          title: 'Listing Updated',
          description: `Your changes to ${saved.name} were saved.`,
          variant: 'success',
        });
        window.location.assign('/my-listings');
      }
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in values) setError(field as FieldPath<PuppyFormValues>, { message });
        }
      }
      const fallback =
        mode === 'create'
          ? 'There was a problem posting your puppy. Please try again.'
          : 'Failed to update puppy listing. Please try again.';
      toast({
        title: 'Error',
        description: error instanceof ApiError && error.status === 403 ? error.message : fallback,
        variant: 'destructive',
      });
    }
  });

  /** a field's id (its message and hint ids derive from it) */
  const fieldId = (name: string) => `${id}-${name}`;
  // The additional images' message: a refused upload or the limit, else the schema's.
  const moreImagesMessage =
    mediaMessage ?? (imageUrls.length >= MAX_ADDITIONAL_IMAGES ? TOO_MANY_IMAGES_MESSAGE : errors.imageUrls?.message);

  return (
    <form
      method="post"
      className="puppy-form"
      onSubmit={submit}
      noValidate
      aria-label={mode === 'create' ? 'Post a Puppy' : 'Edit Puppy'}
    >
      {creating && <RequiredNote />}
      <Field id={fieldId('name')} label="Name" required={creating} error={errors.name?.message}>
        {(control) => <input {...register('name')} autoComplete="off" maxLength={60} {...control} />}
      </Field>

      <div className="grid-2">
        <Field id={fieldId('breed')} label="Breed" required={creating} error={errors.breedId?.message}>
          {(control) => (
            <select {...register('breedId')} {...control}>
              <option value="">Select a breed</option>
              {breeds.map((breed) => (
                <option key={breed.id} value={breed.id}>
                  {breed.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field kind="group" id={fieldId('gender')} label="Gender" required={creating} error={errors.gender?.message}>
          {(control) => (
            <div className="radio-row">
              {GENDERS.map((gender) => (
                <label key={gender}>
                  <input type="radio" value={gender} {...register('gender')} {...control} />
                  {gender}
                </label>
              ))}
            </div>
          )}
        </Field>
      </div>

      <div className="grid-3">
        <Field id={fieldId('age')} label="Age (weeks)" required={creating} error={errors.age?.message}>
          {(control) => <input type="number" inputMode="numeric" min={1} step={1} {...register('age')} {...control} />}
        </Field>
        <Field id={fieldId('weight')} label="Weight (lbs)" required={creating} error={errors.weight?.message}>
          {(control) => (
            <input type="number" inputMode="decimal" min={0.1} step={0.1} {...register('weight')} {...control} />
          )}
        </Field>
        <Field id={fieldId('price')} label="Price ($)" required={creating} error={errors.price?.message}>
          {(control) => (
            <input type="number" inputMode="numeric" min={1} step={1} {...register('price')} {...control} />
          )}
        </Field>
      </div>

      <Field kind="group" id={fieldId('colors')} label="Colors" error={errors.colors?.message}>
        {() => (
          <div className="color-choices">
            {COAT_COLORS.map((color) => (
              <label key={color}>
                <input type="checkbox" value={color} {...register('colors')} />
                {color}
              </label>
            ))}
          </div>
        )}
      </Field>

      <Field id={fieldId('description')} label="Description" required={creating} error={errors.description?.message}>
        {(control) => <textarea rows={5} {...register('description')} maxLength={5000} {...control} />}
      </Field>

      <div className="grid-2">
        <Field id={fieldId('location')} label="Location" required={creating} error={errors.location?.message}>
          {(control) => (
            <input
              {...register('location')}
              placeholder="City, State (e.g. Portland, OR)"
              autoComplete="address-level2"
              maxLength={120}
              {...control}
            />
          )}
        </Field>
        {/* where families searching near them find the puppy (decision 0129): never a street address */}
        <Field id={fieldId('zip')} label="ZIP code" required={creating} error={errors.zip?.message}>
          {(control) => (
            <input
              {...register('zip')}
              placeholder="e.g. 97201"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={5}
              {...control}
            />
          )}
        </Field>
      </div>
      <div className="grid-2">
        <Field id={fieldId('status')} label="Status">
          {(control) => (
            <select {...register('status')} {...control}>
              {PUPPY_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {capitalise(status)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>

      {myParents && (
        <div className="grid-2">
          {(['sire', 'dam'] as const).map((sex) => {
            const name = sex === 'sire' ? 'sireId' : 'damId';
            return (
              <Field
                key={sex}
                id={fieldId(name)}
                label={sex === 'sire' ? 'Sire' : 'Dam'}
                hint="Your parent dogs, with their health tests: add them under Parents in My Listings."
                error={errors[name]?.message}
              >
                {(control) => (
                  <select {...register(name)} {...control}>
                    <option value="">Not named</option>
                    {myParents.parents
                      .filter((parent) => parent.sex === sex)
                      .map((parent) => (
                        <option key={parent.id} value={String(parent.id)}>
                          {parent.name}
                          {parent.outsideStud ? ' (outside stud)' : ''}
                        </option>
                      ))}
                  </select>
                )}
              </Field>
            );
          })}
        </div>
      )}

      <fieldset className="media-box">
        <legend>Photos</legend>
        {imageUrl && (
          <figure className="main-preview">
            <PuppyImage src={imageUrl} alt="Main photo preview" sizes="14rem" width={640} height={480} />
            <figcaption>Main photo</figcaption>
          </figure>
        )}
        <Field
          id={fieldId('imageUrl')}
          label={imageUrl ? 'Replace the main photo' : 'Primary image'}
          required={creating && !imageUrl}
          hint={`JPEG, PNG, WebP or AVIF, up to 10MB each. Up to ${MAX_ADDITIONAL_IMAGES} additional images (${imageUrls.length} of ${MAX_ADDITIONAL_IMAGES} used).`}
          error={errors.imageUrl?.message}
        >
          {(control) => <input type="file" accept={IMAGE_ACCEPT} onChange={onMainImage} disabled={busy} {...control} />}
        </Field>
        {imageUrls.length > 0 && (
          <ul className="thumb-row photo-frame" aria-label="Additional images">
            {imageUrls.map((url, index) => (
              <li key={`${url}-${index}`}>
                <PuppyImage src={url} alt={`Additional image ${index + 1}`} sizes="9rem" width={320} height={240} />
                <button
                  type="button"
                  className="secondary outline"
                  aria-label={`Make main photo from additional image ${index + 1}`}
                  disabled={busy || !imageUrl}
                  onClick={() => {
                    const more = [...imageUrls];
                    more[index] = imageUrl;
                    setImages(url, more);
                  }}
                >
                  Make main
                </button>
                <button
                  type="button"
                  className="secondary outline"
                  aria-label={`Remove additional image ${index + 1}`}
                  disabled={busy}
                  onClick={() => {
                    setMediaMessage(null);
                    setImages(
                      imageUrl,
                      imageUrls.filter((_, i) => i !== index),
                    );
                  }}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <Field id={fieldId('imageUrls')} label="Add additional images" error={moreImagesMessage ?? undefined} alert>
          {(control) => (
            <input
              type="file"
              accept={IMAGE_ACCEPT}
              multiple
              onChange={onMoreImages}
              disabled={busy || imageUrls.length >= MAX_ADDITIONAL_IMAGES}
              {...control}
            />
          )}
        </Field>
      </fieldset>

      <fieldset className="media-box">
        <legend>Video (optional)</legend>
        {currentVideo && (
          <CurrentVideo
            url={currentVideo}
            deleted={deleteVideo}
            onDelete={() => setDeleteVideo(true)}
            onUndo={() => setDeleteVideo(false)}
            disabled={busy}
          />
        )}
        <Field
          id={fieldId('videoFile')}
          label={currentVideo ? 'Replace with a video file' : 'Upload a video'}
          hint="Videos under 50MB. Formats: MP4, MOV, WEBM."
          error={videoFileError ?? undefined}
        >
          {(control) => (
            <input
              ref={videoInput}
              type="file"
              accept={VIDEO_ACCEPT}
              onChange={onVideoFile}
              disabled={busy}
              {...control}
            />
          )}
        </Field>
        {videoFile && (
          <p className="hint">
            {videoFile.name} will upload when you save.{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setVideoFile(null);
                if (videoInput.current) videoInput.current.value = '';
              }}
            >
              Clear
            </button>
          </p>
        )}
        <Field
          id={fieldId('videoUrl')}
          label={currentVideo ? 'Or a new video URL' : 'Or a video URL'}
          hint="YouTube and Vimeo videos play on the listing; other addresses are shown as a link."
          error={errors.videoUrl?.message}
        >
          {(control) => (
            <input
              type="url"
              inputMode="url"
              placeholder="https://www.youtube.com/watch?v=…"
              {...register('videoUrl')}
              {...control}
            />
          )}
        </Field>
      </fieldset>

      {progress && (
        <div className="upload-progress" role="status">
          <progress value={progress.percent} max={100} aria-label={progress.label} />
          <span>
            {progress.label}… {progress.percent}%
          </span>
        </div>
      )}

      <div className="form-actions">
        <button type="submit" aria-busy={isSubmitting} disabled={busy}>
          {isSubmitting
            ? mode === 'create'
              ? 'Posting…'
              : 'Saving…'
            : mode === 'create'
              ? 'Post Puppy'
              : 'Save Changes'}
        </button>
        <a href="/my-listings" className="btn secondary outline">
          Cancel
        </a>
      </div>
    </form>
  );
}

function CurrentVideo({
  url,
  deleted,
  onDelete,
  onUndo,
  disabled,
}: {
  url: string;
  deleted: boolean;
  onDelete: () => void;
  onUndo: () => void;
  disabled: boolean;
}): ReactNode {
  if (deleted) {
    return (
      <div className="video-pending-delete" role="status">
        <p>The video will be removed when you save.</p>
        <button type="button" className="secondary" onClick={onUndo} disabled={disabled}>
          Undo
        </button>
      </div>
    );
  }
  return (
    <div className="current-video">
      <p>
        Current video:{' '}
        <a href={url} target="_blank" rel="noopener noreferrer">
          {url.startsWith('/uploads/') ? 'uploaded video' : url}
        </a>
      </p>
      <button type="button" className="secondary outline" onClick={onDelete} disabled={disabled}>
        Delete video
      </button>
    </div>
  );
}
