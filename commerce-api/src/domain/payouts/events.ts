// The provider's Connect events (issue 18): account.updated keeps a seller's payout account current;
// transfer.created and transfer.reversed record a transfer or reversal whose sender stopped before
// recording it (a process that died between the provider's answer and the write). Each is applied by
// the provider's object as the event carries it; the event id is claimed once by provider-events.ts.
import type { ConnectedAccountSnapshot, TransferSnapshot } from '../../payments/provider.ts';
import { syncAccount } from './accounts.ts';
import type { PayoutContext } from './context.ts';
import { recordTransfer } from './release.ts';

export async function applyAccountEvent(ctx: PayoutContext, account: ConnectedAccountSnapshot): Promise<void> {
  // the account as it is now: events arrive in any order
  await syncAccount(ctx, await ctx.provider.retrieveConnectedAccount(account.id));
}

export async function applyTransferEvent(ctx: PayoutContext, type: string, event: TransferSnapshot): Promise<void> {
  const reference = event.transferGroup ?? event.metadata['orderReference'];
  const order = reference ? await ctx.store.orders.findByReference(reference) : undefined;
  const payout = order ? await ctx.store.payouts.findByOrder(order.id) : undefined;
  if (!order || !payout) return;
  const transfer = await ctx.provider.retrieveTransfer(event.id);
  if (type === 'transfer.created' && payout.status === 'releasing') await recordTransfer(ctx, payout, transfer, order);
  if (transfer.reversed && payout.status === 'paid' && payout.transferId === transfer.id) {
    await ctx.store.payouts.transition(payout.id, ['paid'], { status: 'reversed', reversedAt: ctx.now().toISOString(), lastError: null });
  }
}
