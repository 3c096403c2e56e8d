import { defineField, defineType } from 'sanity';

// Copy around the two tabs (Find My Puppy, Become a Seller); the tabs, fields and buttons are product copy.
export const searchPanel = defineType({
  name: 'searchPanel',
  title: 'Search panel',
  type: 'object',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({
      name: 'findPuppyText',
      title: 'Find My Puppy tab text',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().max(240),
    }),
    defineField({
      name: 'becomeSellerText',
      title: 'Become a Seller tab text',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().max(240),
    }),
  ],
});
