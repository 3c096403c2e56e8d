import { describe, expect, it } from 'vitest';
import { planFromQuery } from '../../site/lib/sellers/plan-query.ts';

describe('planFromQuery', () => {
  it('reads each plan the home page links to', () => {
    expect(planFromQuery('?plan=monthly')).toBe('monthly');
    expect(planFromQuery('?plan=biannual')).toBe('biannual');
    expect(planFromQuery('?plan=annual')).toBe('annual');
  });

  it('falls back to monthly for an unknown value, and names none without the parameter', () => {
    expect(planFromQuery('?plan=lifetime')).toBe('monthly');
    expect(planFromQuery('?plan=')).toBe('monthly');
    expect(planFromQuery('?plan=Annual')).toBe('monthly');
    expect(planFromQuery('')).toBeNull();
    expect(planFromQuery('?tab=apply')).toBeNull();
  });
});
