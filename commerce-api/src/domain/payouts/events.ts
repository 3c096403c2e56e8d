// The provider's Connect events (decisions 0101, 0107): account.updated keeps a seller's payout account current;
// transfer.created and transfer.reversed record a transfer or reversal whose sender stopped before
// recording it (a process that died between the provider's answer and the write). Each is applied by
// the provider's object as the event carries it; the event id is claimed once by provider-events.ts.
import type { ConnectedAccountSnapshot, TransferSnapshot } from '../../payments/provider.ts';
import { syncAccount } from './accounts.ts';
import type { PayoutContext } from './context.ts';
import { movePayout } from '../money-life.ts';
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
  // Only a claimed transfer is recorded: a transfer the provider made for a payout that was never
  // claimed (stopped meanwhile) is logged by recordTransfer, and the money check reports it.
  if (type === 'transfer.created' && payout.status === 'transferring')
    await recordTransfer(ctx, payout, transfer, order);
  else if (type === 'transfer.created' && payout.transferId !== transfer.id)
    ctx.log.warn(
      `transfer ${transfer.id} for order ${order.reference} arrived while its payout was ${payout.status}: check it`,
    );
  if (transfer.reversed && payout.status === 'reversing' && payout.transferId === transfer.id) {
    await movePayout(ctx.store, payout, 'reversed', { reversedAt: ctx.now().toISOString(), lastError: null });
  }
}
