// Named content functions for pages and the API, over one source chosen from ContentSettings
// (settings.ts). Plain Node modules, shared by the Astro build (#content/*) and the commerce API, which is
// handed its Content through AppDeps (decision 0071).
import { createEmbeddedSource } from './embedded-source.ts';
import {
  breedHealthQuery,
  careGuideQuery,
  donatePageQuery,
  faqQuery,
  homePageQuery,
  privacyPolicyQuery,
  productsQuery,
  sellerPlansQuery,
  shippingPickupQuery,
  siteSettingsQuery,
  termsQuery,
  testimonialsQuery,
} from './queries.ts';
import { createSanitySource } from './sanity-source.ts';
import { contentSettingsFromEnv, type ContentSettings } from './settings.ts';
import type { ContentSource } from './source.ts';
import type {
  BreedHealth,
  CareGuide,
  ContentImage,
  DonatePage,
  FaqItem,
  HomePage,
  PrivacyPolicy,
  Product,
  SellerPlan,
  ShippingPickup,
  SiteSettings,
  Terms,
  Testimonial,
} from './types.ts';

export type * from './types.ts';
export type { ContentSource } from './source.ts';
export {
  contentSettingsFromEnv,
  studioSettingsFromEnv,
  studioStamp,
  STUDIO_BUILD_STAMP,
  type ContentSettings,
  type StudioSettings,
} from './settings.ts';
export { contentImageUrl, CONTENT_IMAGES_PATH } from './image-url.ts';

export interface Content {
  readonly source: ContentSource;
  getSiteSettings(): Promise<SiteSettings>;
  getHomePage(): Promise<HomePage>;
  /** FAQ items in editorial order; the home page asks for the first 8. */
  getFaq(limit?: number): Promise<FaqItem[]>;
  getTestimonials(): Promise<Testimonial[]>;
  getProducts(): Promise<Product[]>;
  getSellerPlans(): Promise<SellerPlan[]>;
  getCareGuide(): Promise<CareGuide>;
  getTerms(): Promise<Terms>;
  getPrivacyPolicy(): Promise<PrivacyPolicy>;
  getShippingPickup(): Promise<ShippingPickup>;
  getDonatePage(): Promise<DonatePage>;
  /** each breed's recommended health tests for its parents (decision 0121); a breed without a document has none */
  getBreedHealth(): Promise<BreedHealth[]>;
}

/** The content functions over one source (tests run the same functions over both sources). */
export function createContent(source: ContentSource): Content {
  async function single<T>(query: string, id: string): Promise<T> {
    const result = await source.fetch<T | null>(query);
    // A page cannot be built without its document: fail the build loudly rather than render blanks.
    if (result === null || result === undefined)
      throw new Error(`Content document "${id}" is missing (content source: ${source.name})`);
    return result;
  }
  async function list<T>(query: string): Promise<T[]> {
    return (await source.fetch<T[] | null>(query)) ?? [];
  }

  return {
    source,
    getSiteSettings: () => single<SiteSettings>(siteSettingsQuery, 'siteSettings'),
    async getHomePage() {
      const page = await single<HomePage>(homePageQuery, 'homePage');
      return {
        ...page,
        hero: { ...page.hero, image: usableImage(page.hero.image) },
        categoryCards: (page.categoryCards ?? []).map((card) => ({ ...card, image: usableImage(card.image) })),
      };
    },
    async getFaq(limit?: number) {
      const items = await list<FaqItem>(faqQuery);
      return limit === undefined ? items : items.slice(0, limit);
    },
    async getTestimonials() {
      return (await list<Testimonial>(testimonialsQuery)).map((item) => ({ ...item, image: usableImage(item.image) }));
    },
    async getProducts() {
      return (await list<Product>(productsQuery)).map((item) => ({ ...item, image: usableImage(item.image) }));
    },
    async getSellerPlans() {
      return (await list<SellerPlan>(sellerPlansQuery)).map((plan) => ({
        ...plan,
        savings: plan.savings ?? null,
        features: plan.features ?? [],
      }));
    },
    getCareGuide: () => single<CareGuide>(careGuideQuery, 'careGuide'),
    getTerms: () => single<Terms>(termsQuery, 'terms'),
    getPrivacyPolicy: () => single<PrivacyPolicy>(privacyPolicyQuery, 'privacyPolicy'),
    getShippingPickup: () => single<ShippingPickup>(shippingPickupQuery, 'shippingPickup'),
    getDonatePage: () => single<DonatePage>(donatePageQuery, 'donatePage'),
    getBreedHealth: () => list<BreedHealth>(breedHealthQuery),
  };
}

/** An image whose asset is missing (e.g. deleted in the Studio) is reported as no image at all. */
function usableImage(image: ContentImage | null | undefined): ContentImage | null {
  return image && image.src && image.width > 0 && image.height > 0 ? image : null;
}

export function sourceFor(settings: ContentSettings): ContentSource {
  if (settings.projectId) {
    return createSanitySource({
      projectId: settings.projectId,
      dataset: settings.dataset,
      ...(settings.readToken ? { token: settings.readToken } : {}),
    });
  }
  return createEmbeddedSource({ contentDir: settings.contentDir });
}

/** the source an environment selects (the Astro build's; the API passes config.content to sourceFor) */
export function sourceFromEnv(env: Record<string, string | undefined> = process.env): ContentSource {
  return sourceFor(contentSettingsFromEnv(env));
}

let shared: Content | undefined;

/** The Astro build's content functions, over the source its environment selects (decided on first use). */
export function content(): Content {
  shared ??= createContent(sourceFromEnv());
  return shared;
}

export const getSiteSettings = (): Promise<SiteSettings> => content().getSiteSettings();
export const getHomePage = (): Promise<HomePage> => content().getHomePage();
export const getFaq = (limit?: number): Promise<FaqItem[]> => content().getFaq(limit);
export const getTestimonials = (): Promise<Testimonial[]> => content().getTestimonials();
export const getProducts = (): Promise<Product[]> => content().getProducts();
export const getSellerPlans = (): Promise<SellerPlan[]> => content().getSellerPlans();
export const getCareGuide = (): Promise<CareGuide> => content().getCareGuide();
export const getTerms = (): Promise<Terms> => content().getTerms();
export const getPrivacyPolicy = (): Promise<PrivacyPolicy> => content().getPrivacyPolicy();
export const getShippingPickup = (): Promise<ShippingPickup> => content().getShippingPickup();
export const getDonatePage = (): Promise<DonatePage> => content().getDonatePage();
