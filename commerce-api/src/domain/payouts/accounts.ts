// A seller's payout account (decision 0101): a connected account at the provider (Stripe Connect Express, or
// the local double's), onboarded through the provider's hosted account links. Its state is kept from
// the provider's account.updated events and re-read whenever its seller opens /earnings while it is
// not finished, so a lost webhook never leaves a seller waiting.
import {
  PAYOUT_ACCOUNT_LABELS,
  type ConnectResponse,
  type PayoutAccountStatus,
  type PayoutAccountView,
} from '#contracts/payouts.ts';
import { ForbiddenError } from '../../errors.ts';
import type { ConnectedAccountSnapshot } from '../../payments/provider.ts';
import type { PayoutAccount, User } from '../model.ts';
import type { PayoutContext } from './context.ts';
import { sendWaitingPayouts } from './release.ts';

/** only sellers are paid: everyone else is told so */
export function requireSeller(user: User): void {
  if (user.accountType !== 'seller')
    throw new ForbiddenError('Earnings are for sellers. Become a seller to list puppies and be paid for them.');
}

/** the provider's account in the three words a seller reads */
function statusOf(account: ConnectedAccountSnapshot): PayoutAccountStatus {
  if (account.payoutsEnabled) return 'payouts_enabled';
  if (!account.detailsSubmitted || account.requirementsDue.length > 0) return 'details_needed';
  return 'pending_verification';
}

/** POST /api/earnings/connect: the seller's account (made once), and a fresh onboarding link for it */
export async function connectAccount(ctx: PayoutContext, user: User): Promise<ConnectResponse> {
  requireSeller(user);
  let account = await ctx.store.payoutAccounts.findByUser(user.id);
  if (!account) {
    // The key makes a second click (or a second process) get the same provider account.
    const created = await ctx.provider.createConnectedAccount({
      email: user.email,
      metadata: { userId: String(user.id) },
      idempotencyKey: `connect:${user.id}`,
    });
    const at = ctx.now().toISOString();
    account = await ctx.store.payoutAccounts.createForUser({
      userId: user.id,
      accountId: created.id,
      status: statusOf(created),
      requirements: created.requirementsDue,
      livemode: created.livemode,
      createdAt: at,
      updatedAt: at,
    });
  }
  const link = await ctx.provider.createAccountLink({
    accountId: account.accountId,
    returnUrl: `${ctx.siteUrl}/earnings?onboarding=done`,
    refreshUrl: `${ctx.siteUrl}/earnings?onboarding=refresh`,
  });
  return { url: link.url };
}

/**
 * Applies the provider's account as it is now (an account.updated event, or a re-read). When payouts
 * have just been enabled, the payouts that waited for them are sent.
 */
export async function syncAccount(
  ctx: PayoutContext,
  snapshot: ConnectedAccountSnapshot,
): Promise<PayoutAccount | undefined> {
  const before = await ctx.store.payoutAccounts.findByAccountId(snapshot.id);
  if (!before) return undefined;
  const status = statusOf(snapshot);
  const updated = await ctx.store.payoutAccounts.update(snapshot.id, {
    status,
    requirements: snapshot.requirementsDue,
    updatedAt: ctx.now().toISOString(),
  });
  if (status === 'payouts_enabled') await sendWaitingPayouts(ctx, before.userId);
  return updated;
}

/** the seller's account, re-read from the provider while it is not finished */
export async function currentAccount(ctx: PayoutContext, userId: number): Promise<PayoutAccount | undefined> {
  const account = await ctx.store.payoutAccounts.findByUser(userId);
  if (!account || account.status === 'payouts_enabled') return account;
  try {
    return (await syncAccount(ctx, await ctx.provider.retrieveConnectedAccount(account.accountId))) ?? account;
  } catch (error) {
    ctx.log.warn(
      `payout account ${account.accountId} could not be re-read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return account;
  }
}

const EXPLANATIONS: Readonly<Record<PayoutAccountView['status'], string>> = {
  not_connected:
    'Connect a payout account to receive the price of the puppies you sell. Setup takes a few minutes with Stripe.',
  details_needed: 'Stripe needs a few more details before it can pay you. Continue the setup where you left off.',
  pending_verification:
    'Stripe is verifying your details. This usually takes a few minutes, sometimes up to two business days.',
  payouts_enabled:
    'Your payout account can receive payments. Each payout reaches your bank on your Stripe payout schedule.',
};

export function accountView(account: PayoutAccount | undefined): PayoutAccountView {
  const status = account?.status ?? 'not_connected';
  return { status, explanation: EXPLANATIONS[status] };
}

/** why a released payout waits for the account, in the seller's words (null: it does not) */
export function waitingReason(account: PayoutAccount | undefined): string | null {
  if (!account) return 'Waiting for your payout account: connect it above to receive this payment.';
  if (account.status === 'payouts_enabled') return null;
  return `Waiting for your payout account (${PAYOUT_ACCOUNT_LABELS[account.status].toLowerCase()}).`;
}
