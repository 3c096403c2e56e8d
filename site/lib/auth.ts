// The current user, loaded once per page and shared by every island through SWR's global cache.
import useSWR, { mutate } from 'swr';
import type { LoginInput, RegisterInput, UserView } from '#contracts/auth.ts';
import { ApiError, getJson, postJson } from './api-client.ts';
import { SWR_OPTIONS } from './swr.ts';

export const USER_KEY = '/api/user';

/** the readable companion of the session cookie (see http/session.ts): no hint, no session */
function mayHaveSession(): boolean {
  return typeof document === 'undefined' || /(?:^|;\s*)pn_hint=\w/.test(document.cookie);
}

/** null when nobody is logged in (the API answers 401) */
async function fetchUser(): Promise<UserView | null> {
  if (!mayHaveSession()) return null;
  try {
    return await getJson<UserView>(USER_KEY);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useCurrentUser() {
  const { data, error, isLoading } = useSWR<UserView | null>(USER_KEY, fetchUser, SWR_OPTIONS);
  return { user: data ?? null, isLoading: isLoading || (data === undefined && !error), error };
}

export async function logIn(input: LoginInput): Promise<UserView> {
  const user = await postJson<UserView>('/api/login', input);
  await mutate(USER_KEY, user, { revalidate: false });
  return user;
}

export async function register(input: RegisterInput): Promise<UserView> {
  const user = await postJson<UserView>('/api/register', input);
  await mutate(USER_KEY, user, { revalidate: false });
  return user;
}

export async function logOut(): Promise<void> {
  await postJson('/api/logout');
  await mutate(USER_KEY, null, { revalidate: false });
}

// /auth sends the visitor back with the one check the server's redirects use too.
export { safeNextPath } from '#contracts/safe-next-path.ts';
