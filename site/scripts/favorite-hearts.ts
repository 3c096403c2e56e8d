// The hearts on server-rendered cards (decision 0122; docs/decisions/0023 for favourites): the page is the
// same for everyone, so a logged-in visitor's saved puppies are marked here, from GET /api/favorites,
// and a click saves or removes one; saving one says where it went (decision 0132). A visitor without a
// session is asked to log in, as on every card.
import type { PuppyView } from '#contracts/puppies.ts';
import { api, ApiError, deleteJson, putJson } from '../lib/api-client.ts';
import { toastSaved } from '../lib/saved-toast.ts';
import { toast } from '../lib/toast.ts';

/** the ids the visitor saved; null until known (or when nobody is logged in) */
let saved: Set<number> | null = null;
let loading: Promise<void> | null = null;

const hasSession = () => document.documentElement.classList.contains('has-session');

function loginRequired(): void {
  toast({ title: 'Login Required', description: 'Please log in to save puppies to your favorites.' });
}

function show(button: HTMLElement, on: boolean): void {
  button.setAttribute('aria-pressed', String(on));
  button.classList.toggle('is-favorite', on);
  button.title = on ? 'Saved to your favorites' : 'Save to favorites';
}

/** marks the saved puppies among the hearts under `root` (after the results change) */
export function markHearts(root: ParentNode): void {
  if (!saved) return;
  for (const button of root.querySelectorAll<HTMLElement>('button[data-favorite]'))
    show(button, saved.has(Number(button.dataset.favorite)));
}

async function load(root: ParentNode): Promise<void> {
  try {
    const puppies = await api<PuppyView[]>('GET', '/api/favorites');
    saved = new Set(puppies.map((p) => p.id));
    markHearts(root);
  } catch {
    // logged out since, or offline: the hearts stay empty, and a click says what to do
    saved = null;
  }
}

async function toggle(button: HTMLElement): Promise<void> {
  if (loading) await loading;
  if (!saved) return loginRequired();
  const id = Number(button.dataset.favorite);
  const adding = !saved.has(id);
  show(button, adding);
  try {
    if (adding) await putJson(`/api/favorites/${id}`);
    else await deleteJson(`/api/favorites/${id}`);
    if (adding) saved.add(id);
    else saved.delete(id);
    if (adding) toastSaved(button.dataset.name ?? 'This puppy');
  } catch (error) {
    show(button, !adding);
    if (error instanceof ApiError && error.status === 401) return loginRequired();
    toast({
      title: 'Error',
      description: error instanceof ApiError ? error.message : 'Could not update your favorites. Please try again.',
      variant: 'destructive',
    });
  }
}

/** the hearts under `root` work from now on, also those the results swap in later */
export function watchHearts(root: HTMLElement): void {
  if (hasSession()) loading = load(root);
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('button[data-favorite]');
    if (button) void toggle(button);
  });
}
