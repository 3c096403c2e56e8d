import { defineField, defineType } from 'sanity';

// The heading and short lead text above a home page section.
export const sectionIntro = defineType({
  name: 'sectionIntro',
  title: 'Section heading',
  type: 'object',
  fields: [
    defineField({ name: 'heading', title: 'Heading', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({ name: 'text', title: 'Lead text', type: 'text', rows: 2, validation: (rule) => rule.max(300) }),
  ],
});
