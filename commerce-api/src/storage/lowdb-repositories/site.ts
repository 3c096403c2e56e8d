// Contact messages and the site settings (the payment mode).
// Part of the lowdb repositories (../lowdb-repositories.ts composes them; decision 0076).
import type { Repositories } from '../repositories.ts';
import type { LowdbContext } from './context.ts';

export function siteRepositories({ storage, db, mutate }: LowdbContext): Pick<Repositories, 'contacts' | 'settings'> {
  return {
    contacts: {
      get: async (id) => db.contactMessages.get(id),
      insert: (row) =>
        mutate((c) => c.contactMessages.insert(row)),
    },
    settings: {
      get: async () => storage.settings.get(),
      set: (patch) =>
        mutate((_c, s) => s.set(patch)),
    },
  };
}
