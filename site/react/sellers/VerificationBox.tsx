// Email or phone verification inside the application (docs/product.md §4 "Seller verification", §5, §8 toasts):
// send a 6-digit code to the address typed in the form, then type it here.
import { useState } from 'react';
import type { SendCodeResponse, VerificationMethod } from '#contracts/sellers.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { Field } from '../Field.tsx';

interface Props {
  method: VerificationMethod;
  onMethodChange: (method: VerificationMethod) => void;
  /** false while unknown or when the server has no SMS channel */
  smsAvailable: boolean;
  /** the email or phone currently typed in the form */
  target: (method: VerificationMethod) => string;
  /** whether the typed email / phone is verified */
  verified: Record<VerificationMethod, boolean>;
  onVerified: () => Promise<unknown>;
}

const WORDS = {
  email: { field: 'email address', where: 'email', required: 'Email Required', label: 'Email' },
  phone: { field: 'phone number', where: 'phone', required: 'Phone Required', label: 'Phone' },
} as const;

export function VerificationBox({ method, onMethodChange, smsAvailable, target, verified, onVerified }: Props) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const [sent, setSent] = useState<{ method: VerificationMethod; to: string } | null>(null);
  const sentTo = sent?.method === method ? sent.to : null;
  const words = WORDS[method];

  async function send() {
    const value = target(method).trim();
    if (!value) {
      toast({ title: words.required, description: `Please enter your ${words.field} first.`, variant: 'destructive' });
      return;
    }
    setBusy('send');
    try {
      await postJson<SendCodeResponse>(
        '/api/send-verification-code',
        method === 'email' ? { email: value, method } : { phone: value, method },
      );
      setSent({ method, to: value });
      toast({
        title: 'Verification Code Sent',
        description: `Please check your ${words.where} for the verification code.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Failed to Send Code',
        description: error instanceof ApiError ? error.message : 'Please try again later.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  async function verify() {
    if (!code.trim()) {
      toast({
        title: 'Missing Information',
        description: 'Please enter your verification code.',
        variant: 'destructive',
      });
      return;
    }
    const value = target(method).trim();
    if (!value) {
      toast({ title: words.required, description: `Please enter your ${words.field}.`, variant: 'destructive' });
      return;
    }
    setBusy('verify');
    try {
      await postJson(
        '/api/verify-code',
        method === 'email' ? { email: value, code: code.trim(), method } : { phone: value, code: code.trim(), method },
      );
      await onVerified();
      setCode('');
      setSent(null);
      toast({
        title: 'Verification Successful',
        description: `Your ${words.where} has been verified.`,
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Verification Failed',
        description: error instanceof ApiError ? error.message : 'Invalid verification code.',
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="verification-box">
      <legend>Verify your email or phone</legend>
      <p>We send a 6-digit code to the email address or phone number above. It is valid for 10 minutes.</p>
      <div role="radiogroup" aria-label="Verification method" className="verification-methods">
        <label>
          <input
            type="radio"
            name="verificationMethod"
            value="email"
            checked={method === 'email'}
            onChange={() => onMethodChange('email')}
          />{' '}
          Email
        </label>
        <label>
          <input
            type="radio"
            name="verificationMethod"
            value="phone"
            checked={method === 'phone'}
            disabled={!smsAvailable}
            aria-describedby={smsAvailable ? undefined : 'sms-unavailable'}
            onChange={() => onMethodChange('phone')}
          />{' '}
          Phone
        </label>
      </div>
      {!smsAvailable && (
        <small id="sms-unavailable" className="verification-note">
          Phone verification is not available right now. Please verify by email.
        </small>
      )}
      {verified[method] ? (
        <p className="verified-badge" role="status">
          <span aria-hidden="true">✓ </span>Your {words.field} is verified.
        </p>
      ) : (
        <>
          <button
            type="button"
            className="secondary"
            onClick={send}
            disabled={busy !== null}
            aria-busy={busy === 'send'}
          >
            {busy === 'send' ? 'Sending code…' : sentTo ? 'Resend Code' : 'Send Verification Code'}
          </button>
          <div className="verification-code">
            <Field label="Verification code" noMessage>
              {(control) => (
                <input
                  {...control}
                  name="verificationCode"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  pattern="[0-9]*"
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      void verify();
                    }
                  }}
                />
              )}
            </Field>
            <button type="button" onClick={verify} disabled={busy !== null} aria-busy={busy === 'verify'}>
              {busy === 'verify' ? 'Verifying…' : 'Verify Code'}
            </button>
          </div>
          {sentTo && <small role="status">Code sent to {sentTo}.</small>}
        </>
      )}
    </fieldset>
  );
}
