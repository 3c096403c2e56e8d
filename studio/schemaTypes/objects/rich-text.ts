import { defineArrayMember, defineField, defineType } from 'sanity';

// Deliberately small: the static pages need paragraphs, subheadings, lists, emphasis and links.
export const richText = defineType({
  name: 'richText',
  title: 'Text',
  type: 'array',
  of: [
    defineArrayMember({
      type: 'block',
      styles: [
        { title: 'Paragraph', value: 'normal' },
        { title: 'Subheading', value: 'h3' },
      ],
      lists: [
        { title: 'Bullets', value: 'bullet' },
        { title: 'Numbered', value: 'number' },
      ],
      marks: {
        decorators: [
          { title: 'Strong', value: 'strong' },
          { title: 'Emphasis', value: 'em' },
        ],
        annotations: [
          defineArrayMember({
            name: 'link',
            title: 'Link',
            type: 'object',
            fields: [
              defineField({
                name: 'href',
                title: 'Address',
                type: 'string',
                description: 'A site path such as /contact, a full https:// address, or mailto:.',
                validation: (rule) =>
                  rule
                    .required()
                    .custom((href: string | undefined) =>
                      href === undefined || /^(\/[\w\-./?=&%#]*|https:\/\/\S+|mailto:\S+)$/.test(href)
                        ? true
                        : 'Use a path starting with /, an https:// address or mailto:',
                    ),
              }),
            ],
          }),
        ],
      },
    }),
  ],
});
