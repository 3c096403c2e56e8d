// Seller applications (docs/product.md §4 "Seller onboarding": approved instantly). Unlike the spec's client-only
// submit, the application is stored and makes the account a seller (decision 0040). It needs a verified
// email or phone: the application's own email or phone must be one the account or this browser verified.
import {
  normaliseTarget,
  type SellerApplicationInput,
  type SellerApplicationView,
  type VerificationStatus,
} from '#contracts/sellers.ts';
import { AppError } from '../errors.ts';
import type { Store } from './store/index.ts';
import type { SellerApplication, User } from './model.ts';
import { seedBreederProfile } from './breeders/profiles.ts';

export const VERIFICATION_REQUIRED =
  'Please verify your email address or phone number before submitting your application.';

export function toApplicationView(a: SellerApplication): SellerApplicationView {
  return {
    id: a.id,
    name: a.name,
    email: a.email,
    phone: a.phone,
    location: a.location,
    experience: a.experience,
    breedSpecialty: a.breedSpecialty,
    plan: a.plan,
    status: a.status,
    createdAt: a.createdAt,
  };
}

/** Stores (or replaces) the user's application, approves it and makes the account a seller. */
export async function submitApplication(
  store: Store,
  user: User,
  input: SellerApplicationInput,
  verified: VerificationStatus,
  now: Date,
): Promise<{ application: SellerApplication; user: User }> {
  const email = normaliseTarget('email', input.email);
  const phone = normaliseTarget('phone', input.phone);
  const emailVerified = verified.emails.includes(email);
  const phoneVerified = verified.phones.includes(phone);
  if (!emailVerified && !phoneVerified) throw new AppError(403, 'verification_required', VERIFICATION_REQUIRED);

  // The application and the account change together, or neither does (an account gone meanwhile).
  return store.transaction(async (tx) => {
    // one application per user: a second one replaces the first (the store's upsert)
    const application = await tx.sellerApplications.upsert({
      userId: user.id,
      name: input.name,
      email,
      phone: input.phone,
      location: input.location,
      experience: input.experience,
      breedSpecialty: input.breedSpecialty,
      termsAgreed: true,
      plan: input.plan,
      status: 'approved',
      createdAt: now.toISOString(),
    });
    // A verification made before logging in (anonymous session) now belongs to the account.
    // A target new to the account was proven in this browser's verification session moments ago.
    const at = now.toISOString();
    const updated = await tx.users.update(user.id, {
      accountType: 'seller',
      ...(emailVerified && user.verifiedEmail !== email ? { verifiedEmail: email, verifiedEmailAt: at } : {}),
      ...(phoneVerified && user.verifiedPhone !== phone ? { verifiedPhone: phone, verifiedPhoneAt: at } : {}),
    });
    if (!updated) throw new AppError(401, 'not_logged_in', 'You need to be logged in to do that.');
    // The application seeds the seller's breeder page (decision 0118): the seller edits it in My Listings.
    await seedBreederProfile(tx, updated, application, now);
    return { application, user: updated };
  });
}

export function applicationOf(store: Store, userId: number): Promise<SellerApplication | undefined> {
  return store.sellerApplications.findByUser(userId);
}
