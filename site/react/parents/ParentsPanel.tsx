// My Listings → Parents (decision 0121, docs/product.md §18): the seller's parent dogs (an outside stud
// too) with their health tests. Add or edit a parent, add a test, upload its proof (a picture or PDF of
// the certificate, seen only by the seller and our team), and see each test's check: waiting, verified
// (with the day) or rejected (with why). Plain labelled forms; the island posts them as JSON.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  HEALTH_TEST_KINDS,
  HEALTH_TESTS,
  PROOF_FIELD,
  type HealthTestView,
  type MyParentsResponse,
  type ParentView,
} from '#contracts/parents.ts';
import type { BreedView } from '#contracts/puppies.ts';
import { api, ApiError } from '../../lib/api-client.ts';
import { useApi } from '../../lib/swr.ts';
import { toast } from '../../lib/toast.ts';
import { MediaUploadError, uploadMedia } from '../../lib/upload.ts';
import { Field, RequiredNote } from '../Field.tsx';
import '../../styles/panel.css';
import './ParentsPanel.css';

const PROOF_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,application/pdf,.pdf';

type Errors = Record<string, string>;

function failure(error: unknown, fallback: string): { message: string; fields: Errors } {
  if (error instanceof ApiError) return { message: error.message, fields: error.fields };
  if (error instanceof MediaUploadError) return { message: 'The photo could not be uploaded.', fields: {} };
  return { message: fallback, fields: {} };
}

const formFields = (form: HTMLFormElement) => Object.fromEntries(new FormData(form)) as Record<string, string>;

export function ParentsPanel() {
  const { data, error, mutate } = useApi<MyParentsResponse>('/api/parents');
  const { data: breeds } = useApi<BreedView[]>('/api/breeds');
  const [editing, setEditing] = useState<number | 'new' | null>(null);

  return (
    <section className="panel parents-panel" aria-labelledby="parents-title">
      <h2 id="parents-title">Parents</h2>
      <p className="hint">
        Your sires and dams, and any outside stud you used, with their health tests. Upload a picture or PDF of each
        certificate: our team checks it, and only you and our team can open it. Name the sire and dam on each listing.
      </p>
      {error && !data ? (
        <p role="alert">Your parent dogs could not be loaded. Please reload the page.</p>
      ) : !data || !breeds ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <>
          {data.parents.length === 0 && editing !== 'new' && <p>No parent dogs yet.</p>}
          <ul className="parent-list">
            {data.parents.map((parent) => (
              <li key={parent.id} className="parent-item">
                {editing === parent.id ? (
                  <ParentForm
                    breeds={breeds}
                    parent={parent}
                    onDone={async () => {
                      setEditing(null);
                      await mutate();
                    }}
                    onCancel={() => setEditing(null)}
                  />
                ) : (
                  <ParentSummary parent={parent} onEdit={() => setEditing(parent.id)} onChanged={() => void mutate()} />
                )}
              </li>
            ))}
          </ul>
          {editing === 'new' ? (
            <ParentForm
              breeds={breeds}
              onDone={async () => {
                setEditing(null);
                await mutate();
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <button type="button" onClick={() => setEditing('new')}>
              Add a parent
            </button>
          )}
        </>
      )}
    </section>
  );
}

function ParentSummary({
  parent,
  onEdit,
  onChanged,
}: {
  parent: ParentView;
  onEdit: () => void;
  onChanged: () => void;
}) {
  const [adding, setAdding] = useState(false);
  return (
    <article aria-labelledby={`parent-${parent.id}-name`}>
      <h3 id={`parent-${parent.id}-name`}>
        {parent.name} <small>({parent.sex === 'sire' ? 'Sire' : 'Dam'})</small>
      </h3>
      <p className="parent-line">
        {parent.breedName}
        {parent.registrationNumber && ` · ${parent.registry} ${parent.registrationNumber}`.replace('  ', ' ')}
        {parent.birthDate && ` · born ${parent.birthDate}`}
        {parent.outsideStud && ' · outside stud'}
      </p>
      {parent.photoUrls[0] && (
        <img className="parent-thumb" src={parent.photoUrls[0]} alt={parent.name} width={96} height={72} />
      )}
      <button type="button" className="secondary outline" onClick={onEdit}>
        Edit {parent.name}
      </button>
      <h4>Health tests</h4>
      {parent.tests.length === 0 ? (
        <p>No tests yet.</p>
      ) : (
        <ul className="parent-test-list">
          {parent.tests.map((test) => (
            <TestRow key={test.id} parent={parent} test={test} onChanged={onChanged} />
          ))}
        </ul>
      )}
      {adding ? (
        <TestForm
          parent={parent}
          onDone={() => {
            setAdding(false);
            onChanged();
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <button type="button" className="secondary" onClick={() => setAdding(true)}>
          Add a test for {parent.name}
        </button>
      )}
    </article>
  );
}

function TestRow({ parent, test, onChanged }: { parent: ParentView; test: HealthTestView; onChanged: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const onProof = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      await uploadProof(parent.id, test.id, file);
      toast({ title: 'Proof uploaded', description: 'Our team will check it.', variant: 'success' });
      onChanged();
    } catch (error) {
      toast({
        title: 'Upload Failed',
        description: failure(error, 'Please try again.').message,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="parent-test-row">
      <span className="test-title">
        {test.label}: {test.result} ({test.testedOn})
        {test.certificateNumber && ` · ${test.registry} ${test.certificateNumber}`}
      </span>
      <span className={`test-check ${test.status}`}>
        {test.status === 'verified'
          ? `Verified ${test.verifiedAt?.slice(0, 10) ?? ''}`
          : test.status === 'rejected'
            ? `Rejected: ${test.rejectedReason ?? ''}`
            : test.hasProof
              ? 'Waiting for our check'
              : 'Upload the certificate to have it checked'}
      </span>
      {test.proofUrl && (
        <a href={test.proofUrl} target="_blank" rel="noopener">
          View the proof<span className="visually-hidden"> of {test.label}</span>
        </a>
      )}
      <label htmlFor={`${id}-proof`} className="proof-label">
        {test.hasProof ? 'Replace the proof' : 'Upload the proof'} ({test.label})
      </label>
      <input id={`${id}-proof`} type="file" accept={PROOF_ACCEPT} onChange={onProof} disabled={busy} />
    </li>
  );
}

async function uploadProof(parentId: number, testId: number, file: File): Promise<HealthTestView> {
  const body = new FormData();
  body.append(PROOF_FIELD, file);
  return api<HealthTestView>('POST', `/api/parents/${parentId}/tests/${testId}/proof`, body);
}

function ParentForm({
  breeds,
  parent,
  onDone,
  onCancel,
}: {
  breeds: BreedView[];
  parent?: ParentView;
  onDone: () => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [photos, setPhotos] = useState<string[]>(parent?.photoUrls ?? []);
  const [busy, setBusy] = useState(false);
  const title = parent ? `Edit ${parent.name}` : 'Add a parent';

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      const url = await uploadMedia('image', file, () => {});
      setPhotos((current) => [...current, url].slice(0, 6));
    } catch (error) {
      toast({
        title: 'Upload Failed',
        description: failure(error, 'Please try again.').message,
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = formFields(event.currentTarget);
    const body = { ...fields, outsideStud: fields['outsideStud'] === 'on', photoUrls: photos };
    setBusy(true);
    try {
      await api(parent ? 'PUT' : 'POST', parent ? `/api/parents/${parent.id}` : '/api/parents', body);
      toast({ title: 'Saved', description: `${fields['name'] ?? 'The parent'} was saved.`, variant: 'success' });
      await onDone();
    } catch (error) {
      const { message, fields: wrong } = failure(error, 'The parent could not be saved. Please try again.');
      setErrors(wrong);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="parent-form" onSubmit={submit} noValidate aria-label={title}>
      <h3>{title}</h3>
      <RequiredNote />
      <div className="grid-2">
        <Field id={`${id}-name`} label="Name" required error={errors['name']}>
          {(control) => <input name="name" defaultValue={parent?.name} maxLength={80} {...control} />}
        </Field>
        <Field id={`${id}-sex`} label="Sire or dam" error={errors['sex']}>
          {(control) => (
            <select name="sex" defaultValue={parent?.sex ?? 'dam'} {...control}>
              <option value="sire">Sire (male)</option>
              <option value="dam">Dam (female)</option>
            </select>
          )}
        </Field>
        <Field id={`${id}-breed`} label="Breed" error={errors['breedId']}>
          {(control) => (
            <select name="breedId" defaultValue={parent ? String(parent.breedId) : ''} {...control}>
              <option value="">Choose a breed</option>
              {breeds.map((breed) => (
                <option key={breed.id} value={String(breed.id)}>
                  {breed.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${id}-birth`} label="Birth date" error={errors['birthDate']}>
          {(control) => <input type="date" name="birthDate" defaultValue={parent?.birthDate ?? ''} {...control} />}
        </Field>
        <Field id={`${id}-registry`} label="Registry" hint="AKC, UKC, CKC…" error={errors['registry']}>
          {(control) => <input name="registry" defaultValue={parent?.registry} maxLength={60} {...control} />}
        </Field>
        <Field id={`${id}-registration`} label="Registration number" error={errors['registrationNumber']}>
          {(control) => (
            <input name="registrationNumber" defaultValue={parent?.registrationNumber} maxLength={60} {...control} />
          )}
        </Field>
      </div>
      <Field kind="check" id={`${id}-stud`} label="Outside stud (another kennel's dog)" noMessage>
        {(control) => <input type="checkbox" name="outsideStud" defaultChecked={parent?.outsideStud} {...control} />}
      </Field>
      <Field id={`${id}-photo`} label="Add a photo" error={errors['photoUrls']}>
        {(control) => (
          <input type="file" accept="image/jpeg,image/png,image/webp,image/avif" onChange={onPhoto} {...control} />
        )}
      </Field>
      {photos.length > 0 && (
        <ul className="parent-photos">
          {photos.map((url) => (
            <li key={url}>
              <img src={url} alt="" width={72} height={54} />
              <button
                type="button"
                className="secondary outline"
                onClick={() => setPhotos((current) => current.filter((u) => u !== url))}
              >
                Remove this photo
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="form-actions">
        <button type="submit" disabled={busy} aria-busy={busy}>
          Save
        </button>
        <button type="button" className="secondary outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function TestForm({ parent, onDone, onCancel }: { parent: ParentView; onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = formFields(form);
    const proof = (form.elements.namedItem('proofFile') as HTMLInputElement | null)?.files?.[0];
    const { proofFile: _file, ...body } = fields;
    setBusy(true);
    try {
      const test = await api<HealthTestView>('POST', `/api/parents/${parent.id}/tests`, body);
      if (proof) await uploadProof(parent.id, test.id, proof);
      toast({
        title: 'Test added',
        description: proof ? 'Our team will check the proof.' : 'Upload its certificate to have it checked.',
        variant: 'success',
      });
      onDone();
    } catch (error) {
      const { message, fields: wrong } = failure(error, 'The test could not be saved. Please try again.');
      setErrors(wrong);
      toast({ title: 'Error', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="parent-form" onSubmit={submit} noValidate aria-label={`Add a test for ${parent.name}`}>
      <RequiredNote />
      <div className="grid-2">
        <Field id={`${id}-test`} label="Test" error={errors['test']}>
          {(control) => (
            <select name="test" defaultValue="hips" {...control}>
              {HEALTH_TEST_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {HEALTH_TESTS[kind]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id={`${id}-result`}
          label="Result"
          required
          hint="For example Good, Normal or Clear"
          error={errors['result']}
        >
          {(control) => <input name="result" maxLength={80} {...control} />}
        </Field>
        <Field id={`${id}-date`} label="Test date" required error={errors['testedOn']}>
          {(control) => <input type="date" name="testedOn" {...control} />}
        </Field>
        <Field
          id={`${id}-registry`}
          label="Registry or lab"
          hint="OFA, PennHIP, CAER, Embark…"
          error={errors['registry']}
        >
          {(control) => <input name="registry" maxLength={60} {...control} />}
        </Field>
        <Field
          id={`${id}-number`}
          label="Certificate or registry number"
          hint="An OFA number links to OFA's public record"
          error={errors['certificateNumber']}
        >
          {(control) => <input name="certificateNumber" maxLength={60} {...control} />}
        </Field>
        <Field
          id={`${id}-proof`}
          label="Proof (picture or PDF of the certificate)"
          hint="Only you and our team can open it."
          error={errors['proof']}
        >
          {(control) => <input type="file" name="proofFile" accept={PROOF_ACCEPT} {...control} />}
        </Field>
      </div>
      <div className="form-actions">
        <button type="submit" disabled={busy} aria-busy={busy}>
          Save the test
        </button>
        <button type="button" className="secondary outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
