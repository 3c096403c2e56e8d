import type { StructureResolver } from 'sanity/structure';

// Singletons open straight into their one document (its id is the type name); lists follow for the
// repeated content, ordered the way the site shows it.
const SINGLETONS = [
  { type: 'siteSettings', title: 'Site settings' },
  { type: 'homePage', title: 'Home page' },
  { type: 'careGuide', title: 'Puppy care guide' },
  { type: 'terms', title: 'Terms of service' },
  { type: 'privacyPolicy', title: 'Privacy policy' },
  { type: 'shippingPickup', title: 'Shipping and pickup' },
  { type: 'donatePage', title: 'Donate page' },
];

const LISTS = [
  { type: 'faqItem', title: 'FAQ' },
  { type: 'testimonial', title: 'Testimonials' },
  { type: 'product', title: 'Puppy Essentials' },
  { type: 'sellerPlan', title: 'Seller plans' },
  { type: 'breedHealth', title: 'Breeds' },
];

export const structure: StructureResolver = (S) =>
  S.list()
    .title('PuppyNest content')
    .items([
      ...SINGLETONS.map(({ type, title }) =>
        S.listItem()
          .title(title)
          .id(type)
          .schemaType(type)
          .child(S.document().schemaType(type).documentId(type).title(title)),
      ),
      S.divider(),
      ...LISTS.map(({ type, title }) =>
        S.listItem()
          .title(title)
          .id(type)
          .schemaType(type)
          .child(
            S.documentTypeList(type)
              .title(title)
              .defaultOrdering([{ field: 'order', direction: 'asc' }]),
          ),
      ),
    ]);
