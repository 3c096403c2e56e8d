// /auth: Login and Register tabs (docs/product.md §2 "Auth", §5, §8). The forms validate with the same valibot
// schemas as the API; confirmPassword is checked here and never sent.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { LoginSchema, RegisterFormSchema, type RegisterFormInput } from '#contracts/auth.ts';
import { Field } from '../react/Field.tsx';
import { Tabs } from '../react/Tabs.tsx';
import { useSchemaForm } from '../lib/forms.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { ApiError } from '../lib/api-client.ts';
import { logIn, register, safeNextPath, useCurrentUser } from '../lib/auth.ts';
import { toast, toastAcrossNavigation } from '../lib/toast.ts';

type Tab = 'login' | 'register';
const TABS = [
  { id: 'login', label: 'Login' },
  { id: 'register', label: 'Register' },
] as const satisfies ReadonlyArray<{ id: Tab; label: string }>;

function goNext() {
  window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get('next')));
}

export default function AuthForms() {
  const { user, isLoading } = useCurrentUser();
  const [tab, setTab] = useState<Tab>('login');
  // Set before the login or registration request leaves, not after it returns: logIn() puts the user in
  // the SWR cache first, and a render in between must not start the "already logged in" redirect to /,
  // which on a busy machine could overtake the navigation to `next`.
  const authenticating = useRef(false);

  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('tab') === 'register') setTab('register');
  }, []);

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
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'login' ? (
          <LoginForm authenticating={authenticating} />
        ) : (
          <RegisterForm authenticating={authenticating} />
        )}
      </div>
    </article>
  );
}

function LoginForm({ authenticating }: { authenticating: RefObject<boolean> }) {
  const {
    register: field,
    handleSubmit,
    formState,
  } = useSchemaForm(LoginSchema, { username: '', password: '' }, 'login-form');
  const hydrated = useHydrated();
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit(async (values) => {
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
    <form method="post" id="login-form" onSubmit={submit} noValidate aria-label="Login">
      <Field label="Username" error={errors.username?.message}>
        {(control) => <input autoComplete="username" {...control} {...field('username')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => <input type="password" autoComplete="current-password" {...control} {...field('password')} />}
      </Field>
      <button type="submit" aria-busy={isSubmitting} disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Login'}
      </button>
    </form>
  );
}

function RegisterForm({ authenticating }: { authenticating: RefObject<boolean> }) {
  const {
    register: field,
    handleSubmit,
    formState,
    setError,
  } = useSchemaForm(
    RegisterFormSchema,
    { username: '', email: '', password: '', confirmPassword: '', accountType: 'buyer' },
    'register-form',
  );
  const hydrated = useHydrated();
  const { errors, isSubmitting } = formState;
  const submit = handleSubmit(async ({ confirmPassword: _never, ...values }) => {
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
    <form method="post" id="register-form" onSubmit={submit} noValidate aria-label="Register">
      <Field label="Username" error={errors.username?.message}>
        {(control) => <input autoComplete="username" {...control} {...field('username')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(control) => <input type="email" autoComplete="email" {...control} {...field('email')} />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(control) => <input type="password" autoComplete="new-password" {...control} {...field('password')} />}
      </Field>
      <Field label="Confirm password" error={errors.confirmPassword?.message}>
        {(control) => <input type="password" autoComplete="new-password" {...control} {...field('confirmPassword')} />}
      </Field>
      <Field kind="group" label="Account type" error={errors.accountType?.message}>
        {(control) => (
          <>
            <label>
              <input type="radio" value="buyer" {...control} {...field('accountType')} /> Buyer: personal,
              non-commercial
            </label>
            <label>
              <input type="radio" value="seller" {...control} {...field('accountType')} /> Seller: I list puppies as a
              breeder or seller
            </label>
          </>
        )}
      </Field>
      <Field
        kind="check"
        label={
          <>
            I am at least 18 years old and agree to the <a href="/terms-of-service">Terms of Service</a>
          </>
        }
        error={errors.confirmAdult?.message}
      >
        {(control) => <input type="checkbox" {...control} {...field('confirmAdult')} />}
      </Field>
      <button type="submit" aria-busy={isSubmitting} disabled={!hydrated || isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Register'}
      </button>
    </form>
  );
}
