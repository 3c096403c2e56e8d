// Seller payouts and the sellers' payout accounts (docs/decisions/0101).
// Part of the PostgreSQL repositories (../repositories.ts composes them; decision 0076).
import { sql } from 'kysely';
import type { Repositories } from '../../../domain/store/index.ts';
import type { Db } from '../schema.ts';
import { changesSomething } from './shared.ts';

export function payoutRepositories(db: Db): Pick<Repositories, 'payouts' | 'payoutAccounts'> {
  return {
    payouts: {
      get: (id) => db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst(),
      findByOrder: (orderId) => db.selectFrom('payouts').selectAll().where('orderId', '=', orderId).executeTakeFirst(),
      // one per order: the unique order_id decides between two hand-overs at once
      createForOrder: async (row) => {
        const created = await db
          .insertInto('payouts')
          .values(row)
          .onConflict((oc) => oc.column('orderId').doNothing())
          .returningAll()
          .executeTakeFirst();
        return (
          created ?? db.selectFrom('payouts').selectAll().where('orderId', '=', row.orderId).executeTakeFirstOrThrow()
        );
      },
      transition: (id, from, patch) =>
        from.length === 0
          ? Promise.resolve(undefined)
          : db
              .updateTable('payouts')
              // an empty patch still answers the row when it is in one of `from`
              .set(changesSomething(patch) ? patch : { status: sql`status` })
              .where('id', '=', id)
              .where('status', 'in', from)
              .returningAll()
              .executeTakeFirst(),
      listBySeller: (sellerId) =>
        db.selectFrom('payouts').selectAll().where('sellerId', '=', sellerId).orderBy('id', 'desc').execute(),
      // each branch matches a partial index (migrations 0007, 0010); a released payout is listed only
      // when its seller's account can receive it, so waiting ones never fill the page
      listDue: (now, limit) => {
        const at = now.toISOString();
        return db
          .selectFrom('payouts')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'scheduled'), eb('releaseAt', '<=', at)]),
              eb.and([
                eb('status', 'in', ['transferring', 'reversing', 'releasing']),
                eb.or([eb('attemptAt', 'is', null), eb('attemptAt', '<=', at)]),
                eb.or([
                  eb('status', '!=', 'releasing'),
                  eb.exists(
                    eb
                      .selectFrom('payoutAccounts')
                      .select('payoutAccounts.id')
                      .whereRef('payoutAccounts.userId', '=', 'payouts.sellerId')
                      .where('payoutAccounts.status', '=', 'payouts_enabled'),
                  ),
                ]),
              ]),
            ]),
          )
          .orderBy('id')
          .limit(limit)
          .execute();
      },
      listForAdmin: () =>
        db
          .selectFrom('payouts')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb('status', 'in', ['held', 'reversing']),
              eb.and([eb('status', 'in', ['paid', 'releasing']), eb('lastError', 'is not', null)]),
            ]),
          )
          .orderBy('id')
          .execute(),
      countByStatus: async () => {
        const rows = await db
          .selectFrom('payouts')
          .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
          .groupBy('status')
          .execute();
        return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
      },
    },
    payoutAccounts: {
      findByUser: (userId) =>
        db.selectFrom('payoutAccounts').selectAll().where('userId', '=', userId).executeTakeFirst(),
      findByAccountId: (accountId) =>
        db.selectFrom('payoutAccounts').selectAll().where('accountId', '=', accountId).executeTakeFirst(),
      createForUser: async (row) => {
        const created = await db
          .insertInto('payoutAccounts')
          .values({ ...row, requirements: [...row.requirements] })
          .onConflict((oc) => oc.column('userId').doNothing())
          .returningAll()
          .executeTakeFirst();
        return (
          created ??
          db.selectFrom('payoutAccounts').selectAll().where('userId', '=', row.userId).executeTakeFirstOrThrow()
        );
      },
      update: (accountId, patch) =>
        db
          .updateTable('payoutAccounts')
          .set(changesSomething(patch) ? patch : { status: sql`status` })
          .where('accountId', '=', accountId)
          .returningAll()
          .executeTakeFirst(),
    },
  };
}
