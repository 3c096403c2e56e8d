// Why a login or registration form posted without script was refused (docs/decisions/0123). The API answers
// 303 back to /auth with codes in the address (?error=invalid_login, ?username_error=username_taken) and the
// page shows each code's text from this table: an address anyone can craft never puts its own words on our
// page (decision 0108). The texts are the ones the API's JSON answers carry (the schemas of auth.ts, the
// domain's accounts.ts and the login limits), so the island and the page say the same.
import * as v from 'valibot';
import { ACCOUNT_TYPES, type AccountType } from './auth.ts';
import { safeNextPath } from './safe-next-path.ts';

export const AUTH_REFUSALS = {
  invalid_login: 'Invalid username or password.',
  account_suspended:
    'This account is suspended after a report to our team. If you think this is a mistake, write to us through the contact page.',
  username_taken: 'That username is already taken.',
  password_common: 'This password is too common. Please choose one that is harder to guess.',
  too_many_logins: 'Too many login attempts. Please wait 15 minutes and try again.',
  too_many_logins_account: 'Too many login attempts for this account. Please wait an hour and try again.',
  too_many_registrations: 'Too many registrations from this network. Please wait 15 minutes and try again.',
  username_short: 'Username must be at least 3 characters',
  username_long: 'Username must be at most 30 characters',
  username_characters: 'Username may use letters, digits, dots, dashes and underscores',
  password_short: 'Password must be at least 6 characters',
  password_long: 'Password must be at most 200 characters',
  passwords_differ: 'Passwords do not match',
  email_required: 'Email is required',
  email_invalid: 'Invalid email address',
  account_type: 'Choose a buyer or a seller account',
  adult: 'You must be at least 18 years old to register',
  refused: 'That could not be sent. Please check it and try again.',
  failed: 'Something went wrong on our side. Please try again.',
} as const;

export type AuthRefusal = keyof typeof AUTH_REFUSALS;
export type AuthTab = 'login' | 'register';

/** the form fields whose messages travel back, each as `<field>_error` in the address */
export const AUTH_FIELDS = ['username', 'email', 'password', 'confirmPassword', 'accountType', 'confirmAdult'] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];

const isRefusal = (code: unknown): code is AuthRefusal =>
  typeof code === 'string' && Object.hasOwn(AUTH_REFUSALS, code);

/** the code of a text of the table, else `fallback` */
export function authRefusalCode(message: string | undefined, fallback: AuthRefusal): AuthRefusal {
  const found = (Object.keys(AUTH_REFUSALS) as AuthRefusal[]).find((code) => AUTH_REFUSALS[code] === message);
  return found ?? fallback;
}

/**
 * A typed username worth giving back: what a username may be (the register schema's characters and
 * length). Anything else is left out, so the address never fills the field with text of its own.
 */
const KEPT_USERNAME = /^[A-Za-z0-9._-]{1,30}$/;

/** what a refused form keeps: never a password, nor the email (personal data stays out of addresses and logs) */
export interface KeptValues {
  username?: string;
  accountType?: AccountType;
}

export function keptValues(body: unknown): KeptValues {
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const username = typeof fields['username'] === 'string' ? fields['username'].trim() : '';
  const accountType = v.safeParse(v.picklist(ACCOUNT_TYPES), fields['accountType']);
  return {
    ...(KEPT_USERNAME.test(username) ? { username } : {}),
    ...(accountType.success ? { accountType: accountType.output } : {}),
  };
}

/** /auth with a refusal: the tab, the way on, the codes and the kept values, all as the page reads them back */
export function authPageAddress(options: {
  tab: AuthTab;
  next: string;
  error: AuthRefusal;
  fields?: Partial<Record<AuthField, AuthRefusal>>;
  kept?: KeptValues;
}): string {
  const query = new URLSearchParams();
  if (options.tab === 'register') query.set('tab', 'register');
  if (options.next !== '/') query.set('next', options.next);
  query.set('error', options.error);
  for (const field of AUTH_FIELDS) {
    const code = options.fields?.[field];
    if (code) query.set(`${field}_error`, code);
  }
  if (options.kept?.username) query.set('username', options.kept.username);
  if (options.kept?.accountType) query.set('accountType', options.kept.accountType);
  return `/auth?${query.toString()}`;
}

/** what /auth shows, read from its address: only the table's texts and values that passed keptValues */
export interface AuthPageState {
  tab: AuthTab;
  /** where to go after logging in, as safeNextPath keeps it (decision 0108) */
  next: string;
  refusal?: string;
  fieldErrors: Partial<Record<AuthField, string>>;
  kept: KeptValues;
}

export function readAuthPage(query: URLSearchParams): AuthPageState {
  const code = query.get('error');
  const fieldErrors: Partial<Record<AuthField, string>> = {};
  for (const field of AUTH_FIELDS) {
    const fieldCode = query.get(`${field}_error`);
    if (isRefusal(fieldCode)) fieldErrors[field] = AUTH_REFUSALS[fieldCode];
  }
  return {
    tab: query.get('tab') === 'register' ? 'register' : 'login',
    next: safeNextPath(query.get('next')),
    ...(isRefusal(code) ? { refusal: AUTH_REFUSALS[code] } : {}),
    fieldErrors,
    kept: keptValues({ username: query.get('username'), accountType: query.get('accountType') }),
  };
}
