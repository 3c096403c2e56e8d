import { defineField, defineType } from 'sanity';

export const testimonial = defineType({
  name: 'testimonial',
  title: 'Testimonial',
  type: 'document',
  icon: () => '⭐',
  fields: [
    defineField({ name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required().max(60) }),
    defineField({
      name: 'rating',
      title: 'Rating',
      type: 'number',
      description: 'From 0 to 5 stars, in steps of a half (4.5 shows four and a half stars).',
      validation: (rule) =>
        rule
          .required()
          .min(0)
          .max(5)
          .custom((rating: number | undefined) =>
            rating === undefined || Number.isInteger(rating * 2) ? true : 'Use whole or half stars, e.g. 4 or 4.5',
          ),
    }),
    defineField({
      name: 'comment',
      title: 'Comment',
      type: 'text',
      rows: 4,
      validation: (rule) => rule.required().min(20).max(600),
    }),
    defineField({
      name: 'image',
      title: 'Photo',
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
    select: { title: 'name', rating: 'rating', media: 'image' },
    prepare: ({ title, rating, media }) => ({
      title,
      subtitle: typeof rating === 'number' ? `${rating} / 5` : undefined,
      media,
    }),
  },
});
