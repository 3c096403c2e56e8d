import { defineArrayMember, defineField } from 'sanity';
import { uniqueAnchors } from './unique-anchors.ts';

// The fields of a dated page in sections: the terms, the privacy policy and the shipping and pickup page
// (decision 0120). One list, so the three pages keep one shape and one GROQ projection (queries.ts).
export const datedSectionFields = () => [
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
];
