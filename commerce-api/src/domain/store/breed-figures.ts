// A breed page's price range (decision 0130), the same on both stores: PostgreSQL computes it with
// percentile_cont, lowdb with this function, and the contract suite holds them to one answer.

/** the p-th percentile of ascending values, interpolated between neighbours (percentile_cont) */
export function percentileCont(sorted: readonly number[], p: number): number {
  const at = p * (sorted.length - 1);
  const below = Math.floor(at);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (at - below) * (sorted[above]! - sorted[below]!);
}

/** the middle half of these prices (25th to 75th percentile), whole dollars rounded half up; null for none */
export function priceQuartiles(prices: readonly number[]): { low: number; high: number } | null {
  if (prices.length === 0) return null;
  const sorted = [...prices].sort((a, b) => a - b);
  return { low: Math.round(percentileCont(sorted, 0.25)), high: Math.round(percentileCont(sorted, 0.75)) };
}
