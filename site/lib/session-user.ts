// Who is logged in, for the page's plain scripts (decision 0127, decision 0128): asked of /api/user once per
// page, and only when the head script found the session hint (.has-session, lib/chrome-scripts.ts). The
// header corner and the puppy page share the one answer, because the bundler loads this module once.
import type { UserView } from '#contracts/auth.ts';
import { ApiError, getJson } from './api-client.ts';

let asked: Promise<UserView | null> | null = null;

/** null when nobody is logged in: no hint, or the hint outlived the session (401) */
export function sessionUser(): Promise<UserView | null> {
  asked ??= ask();
  return asked;
}

async function ask(): Promise<UserView | null> {
  if (!document.documentElement.classList.contains('has-session')) return null;
  try {
    return await getJson<UserView>('/api/user');
  } catch (error) {
    // anything but a 401 shows as logged out too: the links still work, and the server decides
    if (!(error instanceof ApiError)) console.warn('could not load the account', error);
    return null;
  }
}
