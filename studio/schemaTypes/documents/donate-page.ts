import { defineArrayMember, defineField, defineType } from 'sanity';

// The donation form itself (presets, amounts, payment) is product code; this is the page's copy.
export const donatePage = defineType({
  name: 'donatePage',
  title: 'Donate page',
  type: 'document',
  icon: () => '💛',
  fields: [
    defineField({ name: 'headline', title: 'Headline', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(500),
    }),
    defineField({
      name: 'stats',
      title: 'Statistics',
      type: 'array',
      of: [defineArrayMember({ type: 'stat' })],
      validation: (rule) => rule.required().min(1).max(4),
    }),
    defineField({
      name: 'impactHeading',
      title: 'Impact list heading',
      type: 'string',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'impactTiers',
      title: 'Impact tiers',
      type: 'array',
      of: [defineArrayMember({ type: 'impactTier' })],
      validation: (rule) =>
        rule
          .required()
          .min(1)
          .max(6)
          .custom((tiers: { amount?: number }[] | undefined) => {
            const amounts = (tiers ?? []).map((tier) => tier.amount ?? 0);
            return amounts.every((amount, index) => index === 0 || amount > (amounts[index - 1] ?? 0))
              ? true
              : 'List the tiers from the smallest amount to the largest';
          }),
    }),
    defineField({
      name: 'pledge',
      title: 'Where the money goes',
      type: 'text',
      rows: 2,
      description: 'The promise that every dollar goes to rescue.',
      validation: (rule) => rule.required().max(300),
    }),
    defineField({ name: 'seo', title: 'Search and sharing', type: 'seo', validation: (rule) => rule.required() }),
  ],
  preview: { prepare: () => ({ title: 'Donate page' }) },
});
