// /auth: Login and Register tabs (docs/product.md §2 "Auth", §5, §8). The forms validate with the same valibot
// schemas as the API; confirmPassword is checked here and never sent.
// The server renders this island into the page (decision 0123): real forms that post to the API before any
// script runs, tabs that are links to ?tab=register, and a refused post's message, field messages and
// username read back from the address (#contracts/auth-refusals.ts). Once awake it keeps what was typed.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { LoginSchema, RegisterFormSchema, type LoginInput, type RegisterFormInput } from '#contracts/auth.ts';
import type { AuthField, AuthPageState, AuthTab } from '#contracts/auth-refusals.ts';
import { Field, RequiredNote } from '../react/Field.tsx';
import { Tabs } from '../react/Tabs.tsx';
import { useSchemaForm } from '../lib/forms.ts';
import { ApiError } from '../lib/api-client.ts';
import { logIn, register, safeNextPath, useCurrentUser } from '../lib/auth.ts';
import { toast, toastAcrossNavigation } from '../lib/toast.ts';

type Tab = AuthTab;
const TABS = [
  { id: 'login', label: 'Login' },
  { id: 'register', label: 'Register' },
] as const satisfies ReadonlyArray<{ id: Tab; label: string }>;

function goNext() {
  window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get('next')));
}

/** /auth with this tab open and the same way on: the tab links before any script runs */
function tabAddress(tab: Tab, next: string): string {
  const query = new URLSearchParams();
  if (tab === 'register') query.set('tab', 'register');
  if (next !== '/') query.set('next', next);
  const search = query.toString();
  return search ? `/auth?${search}` : '/auth';
}

/** the server's field messages, as react-hook-form holds errors */
function serverErrors<T extends string>(fields: Partial<Record<AuthField, string>>, names: readonly T[]) {
  const errors: Partial<Record<T, { type: string; message: string }>> = {};
  for (const name of names) {
    const message = fields[name as AuthField & T];
    if (message) errors[name] = { type: 'server', message };
  }
  return errors;
}

/** what a form shows of a post refused before its script ran (only on the tab it was posted from) */
interface Refused {
  message: string | undefined;
  fields: Partial<Record<AuthField, string>>;
}

const EMPTY_STATE: AuthPageState = { tab: 'login', next: '/', fieldErrors: {}, kept: {} };

export default function AuthForms({ initial = EMPTY_STATE }: { initial?: AuthPageState }) {
  const { user, isLoading } = useCurrentUser();
  const [tab, setTabState] = useState<Tab>(initial.tab);
  // Set before the login or registration request leaves, not after it returns: logIn() puts the user in
  // the SWR cache first, and a render in between must not start the "already logged in" redirect to /,
  // which on a busy machine could overtake the navigation to `next`.
  const authenticating = useRef(false);

  // the address follows the tab, so a reload or a shared link opens the same form
  const setTab = (next: Tab) => {
    setTabState(next);
    window.history.replaceState(window.history.state, '', tabAddress(next, initial.next));
  };
  const refused = (form: Tab): Refused =>
    form === initial.tab
      ? { message: initial.refusal, fields: initial.fieldErrors }
      : { message: undefined, fields: {} };

  // A visitor who is already logged in has nothing to do here (sent to / after about 0.1 s).
  useEffect(() => {
    if (!isLoading && user && !authenticating.current) {
      const timer = setTimeout(() => {
        if (!authenticating.current) window.location.assign('/');
      }, 100);
      return () => clearTimeout(timer);
    }
  }, [isLoading, user]);

  return (
    <article className="auth-card">
      <Tabs
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        tabId={(name) => `tab-${name}`}
        controls={(name) => `panel-${name}`}
        label="Login or register"
        className="tabs"
        idleClassName="outline"
        href={(name) => tabAddress(name, initial.next)}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'login' ? (
          <LoginForm
            authenticating={authenticating}
            next={initial.next}
            kept={initial.kept}
            refused={refused('login')}
          />
        ) : (
          <RegisterForm
            authenticating={authenticating}
            next={initial.next}
            kept={initial.kept}
            refused={refused('register')}
          />
        )}
      </div>
    </article>
  );
}

interface FormProps {
  authenticating: RefObject<boolean>;
  next: string;
  kept: AuthPageState['kept'];
  refused: Refused;
}

/** a refused post's message above its form, in the words of the island's toast (title and description) */
function RefusedNotice({ title, message }: { title: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="form-refusal" role="alert">
      <strong>{title}</strong> {message}
    </div>
  );
}

function LoginForm({ authenticating, next, kept, refused }: FormProps) {
  const [fromServer] = useState(
    () => serverErrors(refused.fields, ['username', 'password'] as const) as FieldErrors<LoginInput>,
  );
  const {
    register: field,
    handleSubmit,
    formState,
  } = useSchemaForm(LoginSchema, { username: kept.username ?? '', password: '' }, 'login-form', fromServer);
  const { errors, isSubmitting } = formState;
  // the server's notice answered the last post; a post sent by the island answers with its toast
  const [notice, setNotice] = useState(refused.message);
  const submit = handleSubmit(async (values) => {
    setNotice(undefined);
    authenticating.current = true;
    try {
      const user = await logIn(values);
      toastAcrossNavigation({
        title: 'Login successful',
        description: `Welcome back, ${user.username}!`,
        variant: 'success',
      });
      goNext();
    } catch (error) {
      authenticating.current = false;
      toast({
        title: 'Login failed',
        description: error instanceof ApiError ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  });
  return (
    <form method="post" action="/api/login" id="login-form" onSubmit={submit} noValidate aria-label="Login">
      <RefusedNotice title="Login failed" message={notice} />
      <RequiredNote />
      <input type="hidden" name="next" value={next} />
      <Field label="Username" required error={errors.username?.message}>
        {(control) => (
          <input autoComplete="username" defaultValue={kept.username} {...control} {...field('username')} />
        )}
      </Field>
      <Field label="Password" required error={errors.password?.message}>
        {(control) => <input type="password" autoComplete="current-password" {...control} {...field('password')} />}
      </Field>
      {/* not disabled before hydration: the browser posts the form itself (decision 0123) */}
      <button type="submit" aria-busy={isSubmitting} disabled={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Login'}
      </button>
    </form>
  );
}

const REGISTER_FIELDS = ['username', 'email', 'password', 'confirmPassword', 'accountType', 'confirmAdult'] as const;

function RegisterForm({ authenticating, next, kept, refused }: FormProps) {
  // in the server's HTML too (react-hook-form sets its values only once the script runs)
  const accountType = kept.accountType ?? 'buyer';
  const [fromServer] = useState(() => serverErrors(refused.fields, REGISTER_FIELDS) as FieldErrors<RegisterFormInput>);
  const {
    register: field,
    handleSubmit,
    formState,
    setError,
  } = useSchemaForm(
    RegisterFormSchema,
    {
      username: kept.username ?? '',
      email: '',
      password: '',
      confirmPassword: '',
      accountType,
    },
    'register-form',
    fromServer,
  );
  const { errors, isSubmitting } = formState;
  const [notice, setNotice] = useState(refused.message);
  const submit = handleSubmit(async ({ confirmPassword: _never, ...values }) => {
    setNotice(undefined);
    authenticating.current = true;
    try {
      const user = await register(values);
      toastAcrossNavigation({
        title: 'Registration successful',
        description: `Welcome, ${user.username}!`,
        variant: 'success',
      });
      goNext();
    } catch (error) {
      authenticating.current = false;
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in values) setError(name as keyof RegisterFormInput, { message });
        }
      }
      toast({
        title: 'Registration failed',
        description: error instanceof ApiError ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  });
  return (
    <form method="post" action="/api/register" id="register-form" onSubmit={submit} noValidate aria-label="Register">
      <RefusedNotice title="Registration failed" message={notice} />
      <RequiredNote />
      <input type="hidden" name="next" value={next} />
      <Field label="Username" required error={errors.username?.message}>
        {(control) => (
          <input autoComplete="username" defaultValue={kept.username} {...control} {...field('username')} />
        )}
      </Field>
      <Field label="Email" required error={errors.email?.message}>
        {(control) => <input type="email" autoComplete="email" {...control} {...field('email')} />}
      </Field>
      <Field label="Password" required error={errors.password?.message}>
        {(control) => <input type="password" autoComplete="new-password" {...control} {...field('password')} />}
      </Field>
      <Field label="Confirm password" required error={errors.confirmPassword?.message}>
        {(control) => <input type="password" autoComplete="new-password" {...control} {...field('confirmPassword')} />}
      </Field>
      <Field kind="group" label="Account type" required error={errors.accountType?.message}>
        {(control) => (
          <>
            <label>
              <input
                type="radio"
                value="buyer"
                defaultChecked={accountType === 'buyer'}
                {...control}
                {...field('accountType')}
              />{' '}
              Buyer: personal, non-commercial
            </label>
            <label>
              <input
                type="radio"
                value="seller"
                defaultChecked={accountType === 'seller'}
                {...control}
                {...field('accountType')}
              />{' '}
              Seller: I list puppies as a breeder or seller
            </label>
          </>
        )}
      </Field>
      <Field
        kind="check"
        required
        label={
          <>
            I am at least 18 years old and agree to the <a href="/terms-of-service">Terms of Service</a>
          </>
        }
        error={errors.confirmAdult?.message}
      >
        {(control) => <input type="checkbox" {...control} {...field('confirmAdult')} />}
      </Field>
      <button type="submit" aria-busy={isSubmitting} disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Register'}
      </button>
    </form>
  );
}
