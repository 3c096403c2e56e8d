import { defineField, defineType } from 'sanity';

// The hero's buttons (Browse Puppies, Become a Seller, Donate Now) are fixed product copy in the site.
export const homeHero = defineType({
  name: 'homeHero',
  title: 'Hero',
  type: 'object',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({
      name: 'subheading',
      title: 'Subheading',
      type: 'text',
      rows: 2,
      validation: (rule) => rule.required().max(240),
    }),
    defineField({
      name: 'searchPlaceholder',
      title: 'Search box placeholder',
      type: 'string',
      initialValue: 'Search by breed, size, or temperament...',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'image',
      title: 'Hero image',
      type: 'imageWithAlt',
      validation: (rule) => rule.required().assetRequired(),
    }),
  ],
});
