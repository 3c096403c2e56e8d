import { defineField, defineType } from 'sanity';

// A titled part of a long page (care guide, terms, privacy, shipping and pickup). The anchor becomes the section's id, so links such as
// /puppy-care-guide#nutrition keep working when the title is reworded.
export const pageSection = defineType({
  name: 'pageSection',
  title: 'Section',
  type: 'object',
  fields: [
    defineField({ name: 'title', title: 'Title', type: 'string', validation: (rule) => rule.required().max(80) }),
    defineField({
      name: 'anchor',
      title: 'Anchor',
      type: 'slug',
      description: 'Lower-case words joined by hyphens, e.g. “home-setup”. Changing it breaks links to this section.',
      options: {
        source: (_doc: unknown, context: { parent?: unknown }) =>
          (context.parent as { title?: string } | undefined)?.title ?? '',
        maxLength: 48,
      },
      validation: (rule) =>
        rule
          .required()
          .custom((slug: { current?: string } | undefined) =>
            !slug?.current || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug.current)
              ? true
              : 'Use lower-case letters, digits and single hyphens',
          ),
    }),
    defineField({ name: 'body', title: 'Body', type: 'richText', validation: (rule) => rule.required().min(1) }),
  ],
  preview: { select: { title: 'title', subtitle: 'anchor.current' } },
});
