// Login and registration: one schema per contract, used by the /auth forms and by the API (docs/product.md §5).
import * as v from 'valibot';

export const ACCOUNT_TYPES = ['buyer', 'seller'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

const username = v.pipe(
  v.string('Username must be at least 3 characters'),
  v.trim(),
  v.minLength(3, 'Username must be at least 3 characters'),
  v.maxLength(30, 'Username must be at most 30 characters'),
);
const loginPassword = v.pipe(
  v.string('Password must be at least 6 characters'),
  v.minLength(6, 'Password must be at least 6 characters'),
  v.maxLength(200, 'Password must be at most 200 characters'),
);

export const LoginSchema = v.object({ username, password: loginPassword });
export type LoginInput = v.InferOutput<typeof LoginSchema>;

/** What POST /api/register takes. The common-password check runs on the server (its list stays there). */
export const RegisterSchema = v.object({
  username: v.pipe(
    username,
    v.regex(/^[A-Za-z0-9._-]+$/, 'Username may use letters, digits, dots, dashes and underscores'),
  ),
  password: loginPassword,
  email: v.pipe(
    v.string('Invalid email address'),
    v.trim(),
    v.nonEmpty('Email is required'),
    v.email('Invalid email address'),
    v.maxLength(254, 'Invalid email address'),
  ),
  accountType: v.picklist(ACCOUNT_TYPES, 'Choose a buyer or a seller account'),
  confirmAdult: v.literal(true, 'You must be at least 18 years old to register'),
});
export type RegisterInput = v.InferOutput<typeof RegisterSchema>;

/** The register form: the API's fields plus confirmPassword, which is never sent. */
export const RegisterFormSchema = v.pipe(
  v.object({
    ...RegisterSchema.entries,
    confirmPassword: loginPassword,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (input) => input.password === input.confirmPassword,
      'Passwords do not match',
    ),
    ['confirmPassword'],
  ),
);
export type RegisterFormInput = v.InferInput<typeof RegisterFormSchema>;

/** a user as the browser sees it: never the hash or internal fields */
export interface UserView {
  id: number;
  username: string;
  email: string;
  role: 'user' | 'admin';
  accountType: AccountType;
  hasActiveListingPlan: boolean;
  listingPlanExpiresAt: string | null;
  createdAt: string;
  /** conversations with something unread (GET /api/user only) */
  unreadConversations?: number;
}
