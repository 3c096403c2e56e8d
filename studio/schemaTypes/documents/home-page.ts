import { defineArrayMember, defineField, defineType } from 'sanity';

// Featured puppies, testimonials, products, plans and FAQ come from their own documents and the API;
// this page holds the words around them.
export const homePage = defineType({
  name: 'homePage',
  title: 'Home page',
  type: 'document',
  icon: () => '🏠',
  groups: [
    { name: 'top', title: 'Hero and search', default: true },
    { name: 'sections', title: 'Sections' },
    { name: 'seo', title: 'Search and sharing' },
  ],
  fields: [
    defineField({ name: 'hero', title: 'Hero', type: 'homeHero', group: 'top', validation: (rule) => rule.required() }),
    defineField({
      name: 'searchPanel',
      title: 'Search panel',
      type: 'searchPanel',
      group: 'top',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'categoriesIntro',
      title: 'Categories heading',
      type: 'sectionIntro',
      group: 'sections',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'categoryCards',
      title: 'Category cards',
      type: 'array',
      group: 'sections',
      of: [defineArrayMember({ type: 'categoryCard' })],
      description: 'One card each for family, apartment and active.',
      validation: (rule) =>
        rule
          .required()
          .length(3)
          .custom((cards: { category?: string }[] | undefined) => {
            const categories = new Set((cards ?? []).map((card) => card.category));
            return categories.size === (cards ?? []).length ? true : 'Each category may appear only once';
          }),
    }),
    defineField({
      name: 'featuredIntro',
      title: 'Featured puppies heading',
      type: 'sectionIntro',
      group: 'sections',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'becomeSeller',
      title: 'Become-a-seller section',
      type: 'becomeSellerSection',
      group: 'sections',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'testimonialsIntro',
      title: 'Testimonials heading',
      type: 'sectionIntro',
      group: 'sections',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'productsIntro',
      title: 'Puppy Essentials heading',
      type: 'sectionIntro',
      group: 'sections',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'plansIntro',
      title: 'Seller plans heading',
      type: 'sectionIntro',
      group: 'sections',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'faqIntro',
      title: 'FAQ heading',
      type: 'sectionIntro',
      group: 'sections',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'closingCta',
      title: 'Closing call to action',
      type: 'closingCta',
      group: 'sections',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'seo',
      title: 'Search and sharing',
      type: 'seo',
      group: 'seo',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: { prepare: () => ({ title: 'Home page' }) },
});
