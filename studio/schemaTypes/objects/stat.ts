import { defineField, defineType } from 'sanity';

export const stat = defineType({
  name: 'stat',
  title: 'Statistic',
  type: 'object',
  fields: [
    defineField({
      name: 'value',
      title: 'Value',
      type: 'string',
      description: 'As displayed, e.g. “247” or “$12,450”.',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({ name: 'label', title: 'Label', type: 'string', validation: (rule) => rule.required().max(60) }),
  ],
  preview: { select: { title: 'value', subtitle: 'label' } },
});
