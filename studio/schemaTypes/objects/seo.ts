import { defineField, defineType } from 'sanity';

// Search engines cut titles near 60 characters and descriptions near 160.
export const seo = defineType({
  name: 'seo',
  title: 'Search and sharing',
  type: 'object',
  options: { collapsible: true, collapsed: true },
  fields: [
    defineField({ name: 'title', title: 'Page title', type: 'string', validation: (rule) => rule.required().max(60) }),
    defineField({
      name: 'description',
      title: 'Meta description',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().min(50).max(160),
    }),
  ],
});
