import { defineArrayMember, defineField, defineType } from 'sanity';
import { uniqueAnchors } from './unique-anchors.ts';

export const terms = defineType({
  name: 'terms',
  title: 'Terms of service',
  type: 'document',
  icon: () => '📜',
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({ name: 'lastUpdated', title: 'Last updated', type: 'date', validation: (rule) => rule.required() }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(800),
    }),
    defineField({
      name: 'sections',
      title: 'Sections',
      type: 'array',
      of: [defineArrayMember({ type: 'pageSection' })],
      validation: (rule) => rule.required().min(1).custom(uniqueAnchors),
    }),
    defineField({ name: 'seo', title: 'Search and sharing', type: 'seo', validation: (rule) => rule.required() }),
  ],
  preview: { prepare: () => ({ title: 'Terms of service' }) },
});
