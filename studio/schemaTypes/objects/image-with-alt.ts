import { defineField, defineType } from 'sanity';

// Every picture on the site is shown with a text alternative, so the alt text lives with the image.
export const imageWithAlt = defineType({
  name: 'imageWithAlt',
  title: 'Image',
  type: 'image',
  options: { hotspot: true },
  fields: [
    defineField({
      name: 'alt',
      title: 'Alternative text',
      type: 'string',
      description: 'What the picture shows, for people who cannot see it. Leave out “image of”.',
      validation: (rule) => rule.required().min(3).max(160),
    }),
  ],
});
