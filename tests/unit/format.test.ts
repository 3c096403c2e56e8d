import { describe, expect, it } from 'vitest';
import { formatAge, formatCents, formatPrice, formatWeight } from '../../site/lib/format.ts';

describe('format (docs/product.md §9)', () => {
  it('shows prices as whole dollars and payment amounts with two decimals', () => {
    expect(formatPrice(1250)).toBe('$1,250');
    expect(formatCents(129_999)).toBe('$1,299.99');
    expect(formatCents(1999)).toBe('$19.99');
  });

  it('shows ages under 4 weeks in weeks and from 4 weeks as months plus weeks', () => {
    expect(formatAge(1)).toBe('1 week');
    expect(formatAge(3)).toBe('3 weeks');
    expect(formatAge(4)).toBe('1 month');
    expect(formatAge(9)).toBe('2 months, 1 week');
    expect(formatAge(14)).toBe('3 months, 2 weeks');
  });

  it('shows weight in lbs', () => {
    expect(formatWeight(12)).toBe('12 lbs');
    expect(formatWeight(3.25)).toBe('3.3 lbs');
  });
});
