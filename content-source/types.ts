// What the content functions return: plain JSON-safe objects, identical from both sources.

/** An image ready for Astro's image pipeline (see astro-images.ts). */
export interface ContentImage {
  /** Embedded source: a file path (relative to the working directory, normally content/images/…).
   *  Sanity source: the asset's https://cdn.sanity.io URL. */
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface Link {
  label: string;
  href: string;
}

export interface SectionIntro {
  heading: string;
  text: string | null;
}

export interface Seo {
  title: string;
  description: string;
}

/** A Portable Text block, as @portabletext/react (or any Portable Text renderer) expects it. */
export interface RichTextBlock {
  _type: 'block';
  _key: string;
  style?: 'normal' | 'h3';
  listItem?: 'bullet' | 'number';
  level?: number;
  markDefs?: { _type: 'link'; _key: string; href: string }[];
  children: { _type: 'span'; _key: string; text: string; marks?: string[] }[];
}

export interface PageSection {
  title: string;
  /** Use as the section's id: /puppy-care-guide#nutrition */
  anchor: string;
  body: RichTextBlock[];
}

export interface SiteSettings {
  brand: string;
  tagline: string;
  description: string;
  contactEmail: string;
  businessHours: { days: string; hours: string }[];
  socialLinks: { platform: 'facebook' | 'instagram' | 'x' | 'youtube' | 'tiktok' | 'pinterest'; url: string }[];
  bannerText: string;
  quickLinks: Link[];
  informationLinks: Link[];
}

export type PuppyCategory = 'family' | 'apartment' | 'active';

export interface HomePage {
  hero: { heading: string; subheading: string; searchPlaceholder: string; image: ContentImage | null };
  searchPanel: { heading: string; findPuppyText: string; becomeSellerText: string };
  categoriesIntro: SectionIntro;
  /** Link each card to /puppies?category=<category> */
  categoryCards: { category: PuppyCategory; title: string; text: string; image: ContentImage | null }[];
  featuredIntro: SectionIntro;
  becomeSeller: { heading: string; text: string; benefits: string[]; ctaLabel: string };
  testimonialsIntro: SectionIntro;
  productsIntro: SectionIntro;
  plansIntro: SectionIntro;
  faqIntro: SectionIntro;
  closingCta: { heading: string; text: string; actions: Link[] };
  seo: Seo;
}

export interface FaqItem {
  id: string;
  question: string;
  answer: string;
  order: number;
}

export interface Testimonial {
  id: string;
  name: string;
  /** 0–5 in steps of 0.5 */
  rating: number;
  comment: string;
  image: ContentImage | null;
}

export interface Product {
  id: string;
  name: string;
  description: string;
  /** US dollars with cents, e.g. 24.99 (catalogue copy, not a payment amount) */
  price: number;
  image: ContentImage | null;
}

export type PlanId = 'monthly' | 'biannual' | 'annual';

export interface SellerPlan {
  id: string;
  planId: PlanId;
  name: string;
  /** US dollars with cents, e.g. 19.99 */
  price: number;
  periodLabel: string;
  savings: string | null;
  features: string[];
  priceId: `price_${PlanId}`;
  highlighted: boolean;
}

export interface CareGuide {
  title: string;
  intro: string;
  sections: PageSection[];
  seo: Seo;
}

/** A dated page in sections: the terms, the privacy policy, the shipping and pickup page (decision 0120). */
export interface DatedSections {
  title: string;
  /** ISO date, YYYY-MM-DD */
  lastUpdated: string;
  intro: string;
  sections: PageSection[];
  seo: Seo;
}

export type Terms = DatedSections;
export type PrivacyPolicy = DatedSections;
export type ShippingPickup = DatedSections;

export interface DonatePage {
  headline: string;
  intro: string;
  stats: { value: string; label: string }[];
  impactHeading: string;
  impactTiers: { amount: number; text: string }[];
  pledge: string;
  seo: Seo;
}

/**
 * a breed's document (Studio "Breeds"): its recommended health tests, the API's test keys (decision 0121),
 * and what its page says of it (decision 0130); null where an editor has not written it
 */
export interface BreedHealth {
  breed: string;
  recommendedTests: string[];
  note: string | null;
  size: 'small' | 'medium' | 'large' | null;
  adultWeight: string | null;
  temperament: string | null;
  careNotes: string | null;
}
