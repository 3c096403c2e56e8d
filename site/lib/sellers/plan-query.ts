// The plan a breeder picked before reaching /sellers: the home page's plan buttons link to
// /sellers?plan=annual (or biannual, monthly). An unknown value falls back to monthly, docs/product.md §9's default.
import { PLAN_IDS, type PlanId } from '#contracts/plans.ts';

/** the plan named in the query string; null when the address names none */
export function planFromQuery(search: string): PlanId | null {
  const asked = new URLSearchParams(search).get('plan');
  if (asked === null) return null;
  return (PLAN_IDS as readonly string[]).includes(asked) ? (asked as PlanId) : 'monthly';
}
