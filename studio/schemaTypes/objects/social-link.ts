import { defineField, defineType } from 'sanity';

export const SOCIAL_PLATFORMS = [
  { title: 'Facebook', value: 'facebook' },
  { title: 'Instagram', value: 'instagram' },
  { title: 'X (Twitter)', value: 'x' },
  { title: 'YouTube', value: 'youtube' },
  { title: 'TikTok', value: 'tiktok' },
  { title: 'Pinterest', value: 'pinterest' },
];

export const socialLink = defineType({
  name: 'socialLink',
  title: 'Social link',
  type: 'object',
  fields: [
    defineField({
      name: 'platform',
      title: 'Platform',
      type: 'string',
      options: { list: SOCIAL_PLATFORMS },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'url',
      title: 'Profile address',
      type: 'url',
      validation: (rule) => rule.required().uri({ scheme: ['https'] }),
    }),
  ],
  preview: { select: { title: 'platform', subtitle: 'url' } },
});
