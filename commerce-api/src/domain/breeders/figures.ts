// A breeder page's figures (decision 0118): computed from what happened here, never typed in.
import type { BreederFigures } from '#contracts/breeders.ts';
import type { Repositories } from '../store/index.ts';
import type { User } from '../model.ts';

/** the median is taken over the seller's latest answered conversations */
const REPLY_SAMPLE = 50;
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function breederFigures(store: Repositories, seller: User, now: Date): Promise<BreederFigures> {
  const [placed, delays] = await Promise.all([
    store.breederRecords.placed([seller.id]),
    store.breederRecords.replyDelays(seller.id, REPLY_SAMPLE),
  ]);
  const mid = median(delays);
  return {
    puppiesPlaced: placed.get(seller.id)?.count ?? 0,
    medianReplyMinutes: mid === null ? null : Math.max(1, Math.round(mid / 60_000)),
    yearsOnPuppyNest: Math.max(0, Math.floor((now.getTime() - Date.parse(seller.createdAt)) / YEAR_MS)),
    memberSince: seller.createdAt,
  };
}
