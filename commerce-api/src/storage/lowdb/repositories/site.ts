// Contact messages and the site settings (the payment mode, and the last money check's report).
// Part of the lowdb repositories (../repositories.ts composes them; decision 0076).
import { supportRank } from '#contracts/plan-names.ts';
import type { Settings } from '../../../domain/model.ts';
import type { Repositories } from '../../../domain/store/index.ts';
import type { LowdbContext } from './context.ts';

/** the settings without the report: get() answers the same on both stores (PostgreSQL keeps it in a column of its own) */
const withoutReport = ({ moneyCheck: _report, ...settings }: Settings): Settings => settings;

export function siteRepositories({ storage, db, mutate }: LowdbContext): Pick<Repositories, 'contacts' | 'settings'> {
  return {
    contacts: {
      get: async (id) => db.contactMessages.get(id),
      insert: (row) => mutate((c) => c.contactMessages.insert(row)),
      // support order (decision 0136): the plan's rank, then newest first (the later id on the same instant)
      listForTeam: async (limit) =>
        db.contactMessages
          .filter((m) => m.puppyId === null)
          .sort(
            (a, b) =>
              supportRank(a.plan) - supportRank(b.plan) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
          )
          .slice(0, limit),
    },
    settings: {
      get: async () => withoutReport(storage.settings.get()),
      set: (patch) => mutate((_c, s) => withoutReport(s.set(patch))),
      moneyCheck: async () => storage.settings.get().moneyCheck ?? null,
      setMoneyCheck: (report) =>
        mutate((_c, s) => {
          s.set({ moneyCheck: report });
        }),
    },
  };
}
