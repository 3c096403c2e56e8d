// The heart on a puppy card (docs/decisions/0023): favourites saved on the server for a logged-in user,
// shared by every island on the page through SWR's cache; a visitor is asked to log in.
import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import type { PuppyView } from '#contracts/puppies.ts';
import { ApiError, deleteJson, putJson } from './api-client.ts';
import { useCurrentUser } from './auth.ts';
import { useApi } from './swr.ts';
import { toastSaved } from './saved-toast.ts';
import { toast } from './toast.ts';

export const FAVORITES_KEY = '/api/favorites';

export interface Favorites {
  /** ids of the puppies the user saved */
  ids: ReadonlySet<number>;
  /** the saved puppies, most recent first (empty while loading or logged out) */
  puppies: PuppyView[];
  isLoading: boolean;
  loggedIn: boolean;
  toggle(puppy: PuppyView): Promise<void>;
}

export function useFavorites(): Favorites {
  const { user, isLoading: userLoading } = useCurrentUser();
  const { data, isLoading } = useApi<PuppyView[]>(user ? FAVORITES_KEY : null);
  const { mutate } = useSWRConfig();
  const puppies = useMemo(() => data ?? [], [data]);
  const ids = useMemo(() => new Set(puppies.map((p) => p.id)), [puppies]);

  async function toggle(puppy: PuppyView): Promise<void> {
    if (!user) {
      toast({ title: 'Login Required', description: 'Please log in to save puppies to your favorites.' });
      return;
    }
    const adding = !ids.has(puppy.id);
    const next = adding ? [puppy, ...puppies] : puppies.filter((p) => p.id !== puppy.id);
    try {
      await mutate(
        FAVORITES_KEY,
        async () => {
          if (adding) await putJson(`/api/favorites/${puppy.id}`);
          else await deleteJson(`/api/favorites/${puppy.id}`);
          return next;
        },
        { optimisticData: next, rollbackOnError: true, revalidate: false, populateCache: true },
      );
      if (adding) toastSaved(puppy.name);
    } catch (error) {
      toast({
        title: 'Error',
        description: error instanceof ApiError ? error.message : 'Could not update your favorites. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return { ids, puppies, isLoading: userLoading || (Boolean(user) && isLoading), loggedIn: Boolean(user), toggle };
}
