import { defineField, defineType } from 'sanity';

export const navLink = defineType({
  name: 'navLink',
  title: 'Link',
  type: 'object',
  fields: [
    defineField({ name: 'label', title: 'Label', type: 'string', validation: (rule) => rule.required().max(40) }),
    defineField({
      name: 'href',
      title: 'Address',
      type: 'string',
      description: 'A site path such as /puppies or /contact, or a full https:// address.',
      validation: (rule) =>
        rule
          .required()
          .custom((href: string | undefined) =>
            href === undefined || /^(\/[\w\-./?=&%#]*|https:\/\/\S+|mailto:\S+)$/.test(href)
              ? true
              : 'Use a path starting with / or a full https:// address',
          ),
    }),
  ],
  preview: { select: { title: 'label', subtitle: 'href' } },
});
