import { defineArrayMember, defineField, defineType } from 'sanity';

// planId and priceId are the identifiers the payment API knows (docs/product.md §3 "Plan"); the API decides the amount
// charged, so a price changed here must be changed in the payment configuration too.
export const PLAN_IDS = [
  { title: 'Monthly', value: 'monthly' },
  { title: 'Six months', value: 'biannual' },
  { title: 'Annual', value: 'annual' },
];

export const sellerPlan = defineType({
  name: 'sellerPlan',
  title: 'Seller plan',
  type: 'document',
  icon: () => '📋',
  fields: [
    defineField({
      name: 'planId',
      title: 'Plan',
      type: 'string',
      options: { list: PLAN_IDS, layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required().max(40) }),
    defineField({
      name: 'price',
      title: 'Price (US dollars)',
      type: 'number',
      validation: (rule) => rule.required().greaterThan(0).precision(2),
    }),
    defineField({
      name: 'periodLabel',
      title: 'Billing period',
      type: 'string',
      description: 'Shown after the price, e.g. “per month”.',
      validation: (rule) => rule.required().max(30),
    }),
    defineField({
      name: 'savings',
      title: 'Savings',
      type: 'string',
      description: 'E.g. “Save $20 (17%)”. Leave empty for the monthly plan.',
      validation: (rule) => rule.max(40),
    }),
    defineField({
      name: 'features',
      title: 'Features',
      type: 'array',
      of: [defineArrayMember({ type: 'string' })],
      validation: (rule) => rule.required().min(1).max(8),
    }),
    defineField({
      name: 'priceId',
      title: 'Payment price id',
      type: 'string',
      options: { list: ['price_monthly', 'price_biannual', 'price_annual'] },
      validation: (rule) =>
        rule.required().custom((priceId, context) => {
          const planId = (context.document as { planId?: unknown } | undefined)?.planId;
          return priceId === undefined || typeof planId !== 'string' || priceId === `price_${planId}`
            ? true
            : `The ${planId} plan is paid with price_${planId}`;
        }),
    }),
    defineField({ name: 'highlighted', title: 'Highlight as best value', type: 'boolean', initialValue: false }),
    defineField({
      name: 'order',
      title: 'Order',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1).max(9),
    }),
  ],
  orderings: [{ title: 'Order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'name', price: 'price', period: 'periodLabel' },
    prepare: ({ title, price, period }: { title?: string; price?: number; period?: string }) => ({
      title,
      subtitle: price === undefined ? undefined : `$${price.toFixed(2)} ${period ?? ''}`,
    }),
  },
});
