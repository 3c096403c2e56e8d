import { defineField, defineType } from 'sanity';

export const becomeSellerSection = defineType({
  name: 'becomeSellerSection',
  title: 'Become-a-seller section',
  type: 'object',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: (rule) => rule.required().max(400) }),
    defineField({
      name: 'benefits',
      title: 'Benefits',
      type: 'array',
      of: [{ type: 'string' }],
      validation: (rule) => rule.required().min(2).max(6),
    }),
    defineField({
      name: 'ctaLabel',
      title: 'Button label',
      type: 'string',
      initialValue: 'Become a Seller',
      validation: (rule) => rule.required().max(30),
    }),
  ],
});
