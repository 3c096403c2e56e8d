import { defineField, defineType } from 'sanity';

// Each card links to /puppies?category=<category>; the values are the ones the puppy list understands.
export const PUPPY_CATEGORIES = [
  { title: 'Family friendly', value: 'family' },
  { title: 'Apartment friendly', value: 'apartment' },
  { title: 'Active lifestyle', value: 'active' },
];

export const categoryCard = defineType({
  name: 'categoryCard',
  title: 'Category card',
  type: 'object',
  fields: [
    defineField({
      name: 'category',
      title: 'Category',
      type: 'string',
      options: { list: PUPPY_CATEGORIES, layout: 'radio' },
      validation: (rule) => rule.required(),
    }),
    defineField({ name: 'title', title: 'Title', type: 'string', validation: (rule) => rule.required().max(50) }),
    defineField({ name: 'text', title: 'Text', type: 'text', rows: 3, validation: (rule) => rule.required().max(200) }),
    defineField({
      name: 'image',
      title: 'Image',
      type: 'imageWithAlt',
      validation: (rule) => rule.required().assetRequired(),
    }),
  ],
  preview: { select: { title: 'title', subtitle: 'category', media: 'image' } },
});
