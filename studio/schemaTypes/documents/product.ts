import { defineField, defineType } from 'sanity';

// The Puppy Essentials grid on the home page (also served by GET /api/products).
export const product = defineType({
  name: 'product',
  title: 'Puppy Essentials product',
  type: 'document',
  icon: () => '🦴',
  fields: [
    defineField({ name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required().max(60) }),
    defineField({
      name: 'description',
      title: 'Description',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().min(20).max(300),
    }),
    defineField({
      name: 'price',
      title: 'Price (US dollars)',
      type: 'number',
      description: 'Dollars and cents, e.g. 24.99.',
      validation: (rule) => rule.required().greaterThan(0).precision(2).max(10000),
    }),
    defineField({
      name: 'image',
      title: 'Image',
      type: 'imageWithAlt',
      validation: (rule) => rule.required().assetRequired(),
    }),
    defineField({
      name: 'order',
      title: 'Order',
      type: 'number',
      description: 'Lower numbers come first.',
      validation: (rule) => rule.required().integer().min(1).max(999),
    }),
  ],
  orderings: [{ title: 'Order', name: 'orderAsc', by: [{ field: 'order', direction: 'asc' }] }],
  preview: {
    select: { title: 'name', price: 'price', media: 'image' },
    prepare: ({ title, price, media }) => ({
      title,
      subtitle: typeof price === 'number' ? `$${price.toFixed(2)}` : undefined,
      media,
    }),
  },
});
