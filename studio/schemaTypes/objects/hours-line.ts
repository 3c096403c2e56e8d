import { defineField, defineType } from 'sanity';

export const hoursLine = defineType({
  name: 'hoursLine',
  title: 'Opening hours line',
  type: 'object',
  fields: [
    defineField({
      name: 'days',
      title: 'Days',
      type: 'string',
      description: 'For example “Monday – Friday”.',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'hours',
      title: 'Hours',
      type: 'string',
      description: 'For example “9:00 AM – 6:00 PM” or “Closed”.',
      validation: (rule) => rule.required().max(40),
    }),
  ],
  preview: { select: { title: 'days', subtitle: 'hours' } },
});
