// Contact messages and the site settings (the payment mode).
// Part of the lowdb repositories (../lowdb-repositories.ts composes them; decision 0076).
import type { Repositories } from '../repositories.ts';
import type { LowdbContext } from './context.ts';

export function siteRepositories({ storage, db, mutate, inserted }: LowdbContext): Pick<Repositories, 'contacts' | 'settings'> {
  return {
    contacts: {
      get: async (id) => db.contactMessages.get(id),
      insert: (row) =>
        mutate((c, _s, undo) => {
          const message = c.contactMessages.insert(row);
          undo(inserted('contactMessages', message.id));
          return message;
        }),
    },
    settings: {
      get: async () => storage.settings.get(),
      set: (patch) =>
        mutate((_c, s, undo) => {
          const old = s.get();
          undo((_db, settings) => void settings.set(old));
          return s.set(patch);
        }),
    },
  };
}
