import { defineField, defineType } from 'sanity';

export const impactTier = defineType({
  name: 'impactTier',
  title: 'Impact tier',
  type: 'object',
  fields: [
    defineField({
      name: 'amount',
      title: 'Amount (US dollars)',
      type: 'number',
      validation: (rule) => rule.required().integer().greaterThan(0).max(100000),
    }),
    defineField({
      name: 'text',
      title: 'What it pays for',
      type: 'string',
      validation: (rule) => rule.required().max(160),
    }),
  ],
  preview: {
    select: { amount: 'amount', text: 'text' },
    prepare: ({ amount, text }: { amount?: number; text?: string }) => ({
      title: amount === undefined ? 'No amount' : `$${amount}`,
      subtitle: text,
    }),
  },
});
