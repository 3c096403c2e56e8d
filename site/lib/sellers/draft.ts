// What a visitor typed into the seller application survives a trip to /auth (log in or register first,
// then come back to /sellers): the draft lives in sessionStorage, in this tab only.
import type { PlanId } from '#contracts/plans.ts';
import type { SellerApplicationFormInput, VerificationMethod } from '#contracts/sellers.ts';

const KEY = 'pn:seller-application';

export interface ApplicationDraft {
  values: Partial<SellerApplicationFormInput>;
  method: VerificationMethod;
  plan: PlanId;
  /** set when the visitor was sent to log in: the page reopens the Apply tab */
  resume: boolean;
}

export function loadDraft(): ApplicationDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<ApplicationDraft>;
    if (typeof draft !== 'object' || draft === null || typeof draft.values !== 'object' || draft.values === null)
      return null;
    return {
      values: draft.values,
      method: draft.method === 'phone' ? 'phone' : 'email',
      plan: draft.plan === 'biannual' || draft.plan === 'annual' ? draft.plan : 'monthly',
      resume: draft.resume === true,
    };
  } catch {
    return null;
  }
}

export function saveDraft(draft: ApplicationDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // storage unavailable (private mode): nothing is kept, the form still works
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // see saveDraft
  }
}
