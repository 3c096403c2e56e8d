// The donation form of /donate (docs/product.md §2 Donate, §10 Donation, §5, §8): name, email, an amount (presets
// 10/25/50/100/250, default 25; a custom amount overrides the preset and choosing a preset clears it),
// a message, anonymous; the card; 'Donate $amount'. The server makes the intent for the donor's amount
// within its bounds; on success a thank-you toast and the form resets. Mounted in
// <section id="donation-form"> of site/pages/donate.astro with client:visible.
import { useId, useState } from 'react';
import { DONATION_AMOUNT_MESSAGE, type DonationIntentResponse } from '#contracts/payments.ts';
import { DEFAULT_DONATION, DONATION_PRESETS, MAX_DONATION, MIN_DONATION } from '#contracts/plans.ts';
import { postJson } from '../lib/api-client.ts';
import { checkPayment, newVisitId } from '../lib/payments.ts';
import { typedBeforeHydration, type TypedValue } from '../lib/forms.ts';
import { toast } from '../lib/toast.ts';
import PaymentForm, { type CardDriver } from './PaymentForm.tsx';
import { Field, RequiredNote } from '../react/Field.tsx';
import './DonationForm.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const FIELDS_ID = 'donation-fields';

const text = (value: TypedValue | undefined) => (typeof value === 'string' ? value : '');
/** a preset chosen before hydration, else the default */
const presetOf = (value: TypedValue | undefined) =>
  DONATION_PRESETS.find((preset) => String(preset) === value) ?? DEFAULT_DONATION;

/** 25 → "$25", 37.5 → "$37.50" */
function dollars(amount: number): string {
  return `$${Number.isInteger(amount) ? amount.toLocaleString('en-US') : amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export default function DonationForm() {
  const id = useId();
  // The form is in the page's HTML and hydrates when it scrolls into view: it starts from what the donor
  // typed and chose before that (site/lib/forms.ts).
  const [typed] = useState(() => typedBeforeHydration(FIELDS_ID) ?? {});
  const [name, setName] = useState(() => text(typed.donorName));
  const [email, setEmail] = useState(() => text(typed.donorEmail));
  // A custom amount overrides the preset while it is filled in; choosing a preset clears it.
  const [preset, setPreset] = useState<number>(() => presetOf(typed.preset));
  const [custom, setCustom] = useState(() => text(typed.customAmount));
  const [message, setMessage] = useState(() => text(typed.message));
  const [anonymous, setAnonymous] = useState(() => typed.isAnonymous === true);
  const [resetKey, setResetKey] = useState(0);
  const [visitId, setVisitId] = useState(newVisitId);

  const customAmount = custom.trim() === '' ? null : Number(custom);
  const amount = customAmount !== null ? (Number.isFinite(customAmount) ? customAmount : 0) : preset;

  const reset = () => {
    setName('');
    setEmail('');
    setPreset(DEFAULT_DONATION);
    setCustom('');
    setMessage('');
    setAnonymous(false);
    setResetKey((n) => n + 1);
    setVisitId(newVisitId());
  };

  const donate = async (card: CardDriver) => {
    if (!name.trim() || !email.trim() || !amount) {
      toast({
        title: 'Missing Information',
        description: 'Please fill in all required fields',
        variant: 'destructive',
      });
      return;
    }
    if (!EMAIL.test(email.trim())) {
      toast({
        title: 'Missing Information',
        description: 'Please enter a valid email address',
        variant: 'destructive',
      });
      return;
    }
    if (amount < MIN_DONATION || amount > MAX_DONATION || Math.abs(amount * 100 - Math.round(amount * 100)) > 1e-6) {
      toast({ title: 'Invalid Amount', description: DONATION_AMOUNT_MESSAGE, variant: 'destructive' });
      return { error: DONATION_AMOUNT_MESSAGE };
    }
    let intent: DonationIntentResponse;
    try {
      intent = await postJson<DonationIntentResponse>('/api/create-donation-intent', {
        donorName: name,
        donorEmail: email,
        amount,
        message,
        isAnonymous: anonymous,
        visitId,
      });
    } catch {
      toast({ title: 'Error', description: 'Failed to process donation. Please try again.', variant: 'destructive' });
      return;
    }
    const result = await card.confirm(intent.clientSecret, { name: name.trim(), email: email.trim() });
    if (!result.ok) {
      if (result.kind === 'card') {
        toast({ title: 'Donation Failed', description: result.message, variant: 'destructive' });
        return { error: result.message };
      }
      toast({ title: 'Error', description: 'Failed to process donation. Please try again.', variant: 'destructive' });
      return;
    }
    // Records the donation as succeeded now, whether or not the provider's event has arrived yet.
    await checkPayment(intent.intentId, intent.clientSecret).catch(() => null);
    toast({
      title: 'Thank You for Your Donation!',
      description: `Your gift of ${dollars(amount)} helps rescued puppies find loving homes.`,
      variant: 'success',
    });
    reset();
  };

  return (
    <PaymentForm
      label="Donation"
      submitLabel={`Donate ${dollars(amount)}`}
      onSubmit={donate}
      resetKey={resetKey}
      systemErrorHref="/"
      systemErrorLinkText="Back to Home"
    >
      <div className="donation-fields" id={FIELDS_ID}>
        <RequiredNote />
        <div className="grid">
          <Field label="Your name" id={`${id}-name`} required noMessage>
            {(control) => (
              <input
                {...control}
                name="donorName"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            )}
          </Field>
          <Field label="Email" id={`${id}-email`} required noMessage>
            {(control) => (
              <input
                {...control}
                name="donorEmail"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            )}
          </Field>
        </div>
        <Field kind="group" label="Donation amount" className="donation-amounts" noMessage>
          {() => (
            <>
              <div className="amount-presets">
                {DONATION_PRESETS.map((value) => (
                  <label key={value} className={preset === value && custom === '' ? 'selected' : ''}>
                    <input
                      type="radio"
                      name="preset"
                      value={value}
                      checked={preset === value && custom === ''}
                      onChange={() => {
                        setPreset(value);
                        setCustom('');
                      }}
                    />
                    ${value}
                  </label>
                ))}
              </div>
              <Field label="Custom amount ($)" id={`${id}-custom`} noMessage>
                {(control) => (
                  <input
                    {...control}
                    name="customAmount"
                    type="number"
                    inputMode="decimal"
                    min={MIN_DONATION}
                    max={MAX_DONATION}
                    step="0.01"
                    placeholder="Other amount"
                    value={custom}
                    onChange={(e) => setCustom(e.target.value)}
                  />
                )}
              </Field>
            </>
          )}
        </Field>
        <Field label="Message (optional)" id={`${id}-message`} noMessage>
          {(control) => (
            <textarea
              {...control}
              name="message"
              rows={3}
              maxLength={1000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          )}
        </Field>
        <Field kind="check" label="Make my donation anonymous" id={`${id}-anonymous`} noMessage>
          {(control) => (
            <input
              {...control}
              type="checkbox"
              role="switch"
              name="isAnonymous"
              checked={anonymous}
              onChange={(e) => setAnonymous(e.target.checked)}
            />
          )}
        </Field>
      </div>
    </PaymentForm>
  );
}
