import { breedHealth } from './documents/breed-health.ts';
import { careGuide } from './documents/care-guide.ts';
import { donatePage } from './documents/donate-page.ts';
import { faqItem } from './documents/faq-item.ts';
import { homePage } from './documents/home-page.ts';
import { privacyPolicy } from './documents/privacy-policy.ts';
import { product } from './documents/product.ts';
import { sellerPlan } from './documents/seller-plan.ts';
import { shippingPickup } from './documents/shipping-pickup.ts';
import { siteSettings } from './documents/site-settings.ts';
import { terms } from './documents/terms.ts';
import { testimonial } from './documents/testimonial.ts';
import { becomeSellerSection } from './objects/become-seller-section.ts';
import { categoryCard } from './objects/category-card.ts';
import { closingCta } from './objects/closing-cta.ts';
import { homeHero } from './objects/home-hero.ts';
import { hoursLine } from './objects/hours-line.ts';
import { imageWithAlt } from './objects/image-with-alt.ts';
import { impactTier } from './objects/impact-tier.ts';
import { navLink } from './objects/nav-link.ts';
import { pageSection } from './objects/page-section.ts';
import { richText } from './objects/rich-text.ts';
import { searchPanel } from './objects/search-panel.ts';
import { sectionIntro } from './objects/section-intro.ts';
import { seo } from './objects/seo.ts';
import { socialLink } from './objects/social-link.ts';
import { stat } from './objects/stat.ts';

/** Documents edited as one fixed document each: the desk shows them directly and offers no "create". */
export const SINGLETON_TYPES = [
  'siteSettings',
  'homePage',
  'careGuide',
  'terms',
  'privacyPolicy',
  'shippingPickup',
  'donatePage',
] as const;

export const documentTypes = [
  siteSettings,
  homePage,
  careGuide,
  terms,
  privacyPolicy,
  shippingPickup,
  donatePage,
  faqItem,
  testimonial,
  product,
  sellerPlan,
  breedHealth,
];

export const objectTypes = [
  imageWithAlt,
  navLink,
  socialLink,
  hoursLine,
  sectionIntro,
  seo,
  homeHero,
  searchPanel,
  categoryCard,
  becomeSellerSection,
  closingCta,
  richText,
  pageSection,
  stat,
  impactTier,
];

export const schemaTypes = [...documentTypes, ...objectTypes];
