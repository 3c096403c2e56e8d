// Contact messages and the site settings (the payment mode, and the last money check's report).
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import { sql } from 'kysely';
import type { Repositories } from '../../../domain/store/index.ts';
import type { Db } from '../schema.ts';
import { changesSomething } from './shared.ts';

export function siteRepositories(db: Db): Pick<Repositories, 'contacts' | 'settings'> {
  return {
    contacts: {
      get: (id) => db.selectFrom('contactMessages').selectAll().where('id', '=', id).executeTakeFirst(),
      insert: (row) => db.insertInto('contactMessages').values(row).returningAll().executeTakeFirstOrThrow(),
      // support order (decision 0136): the expression of migration 0022's index, then newest first
      listForTeam: (limit) =>
        db
          .selectFrom('contactMessages')
          .selectAll()
          .where('puppyId', 'is', null)
          .orderBy(sql`(CASE plan WHEN 'annual' THEN 0 WHEN 'biannual' THEN 1 WHEN 'monthly' THEN 2 ELSE 3 END)`)
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
    },
    settings: {
      get: () => db.selectFrom('settings').select('paymentMode').executeTakeFirstOrThrow(),
      set: (patch) =>
        changesSomething(patch)
          ? db.updateTable('settings').set(patch).returning('paymentMode').executeTakeFirstOrThrow()
          : db.selectFrom('settings').select('paymentMode').executeTakeFirstOrThrow(),
      // its own column (migration 0011), read only here: get() is on every payment call
      moneyCheck: async () =>
        (await db.selectFrom('settings').select('moneyCheck').executeTakeFirstOrThrow()).moneyCheck,
      setMoneyCheck: async (report) => {
        await db
          .updateTable('settings')
          .set({ moneyCheck: JSON.stringify(report) })
          .execute();
      },
    },
  };
}
