import { defineField, defineType } from 'sanity';

// The last band of the home page: calls to action to /puppies, /contact and /sellers.
export const closingCta = defineType({
  name: 'closingCta',
  title: 'Closing call to action',
  type: 'object',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 2, validation: (rule) => rule.required().max(300) }),
    defineField({
      name: 'actions',
      title: 'Buttons',
      type: 'array',
      of: [{ type: 'navLink' }],
      validation: (rule) => rule.required().min(1).max(3),
    }),
  ],
});
