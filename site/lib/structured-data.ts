// JSON-LD builders (schema.org) for the pages. Every URL is absolute, from Astro's `site`.
import type { PuppyView } from '#contracts/puppies.ts';
import type { FaqItem, Product, SellerPlan, SiteSettings } from './content/index.ts';

type JsonLd = Record<string, unknown>;

export interface Crumb {
  name: string;
  /** site path, e.g. /puppy-care-guide */
  path: string;
}

const abs = (path: string, site: URL | string) => new URL(path, site).href;

export function organization(settings: SiteSettings, site: URL | string): JsonLd {
  return {
    '@type': 'Organization',
    '@id': abs('/#organization', site),
    name: settings.brand,
    url: abs('/', site),
    logo: abs('/icons/icon-512.png', site),
    description: settings.description,
    email: settings.contactEmail,
    sameAs: settings.socialLinks.map((link) => link.url),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: settings.contactEmail,
      areaServed: 'US',
      availableLanguage: 'English',
    },
  };
}

/** WebSite with the sitelinks search box: the hero search goes to /puppies?search=… */
export function website(settings: SiteSettings, site: URL | string): JsonLd {
  return {
    '@type': 'WebSite',
    '@id': abs('/#website', site),
    name: settings.brand,
    url: abs('/', site),
    publisher: { '@id': abs('/#organization', site) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${abs('/puppies', site)}?search={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function breadcrumbList(trail: Crumb[], site: URL | string): JsonLd {
  const items = [{ name: 'Home', path: '/' }, ...trail];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: abs(crumb.path, site),
    })),
  };
}

export function productOffer(product: Product, imageUrl: string | null, site: URL | string): JsonLd {
  return {
    '@type': 'Product',
    name: product.name,
    description: product.description,
    ...(imageUrl ? { image: imageUrl } : {}),
    brand: { '@type': 'Brand', name: 'PuppyNest' },
    offers: {
      '@type': 'Offer',
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: abs('/#essentials', site),
    },
  };
}

/** A seller plan as a Product with its Offer: the price comes from content, the one price of docs/product.md §9. */
export function planOffer(plan: SellerPlan, site: URL | string): JsonLd {
  const months = plan.planId === 'monthly' ? 1 : plan.planId === 'biannual' ? 6 : 12;
  return {
    '@type': 'Product',
    name: `PuppyNest ${plan.name} Seller Plan`,
    description: `${plan.features.join(', ')}. 7-day free trial.`,
    brand: { '@type': 'Brand', name: 'PuppyNest' },
    offers: {
      '@type': 'Offer',
      price: plan.price.toFixed(2),
      priceCurrency: 'USD',
      url: abs('/sellers', site),
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: plan.price.toFixed(2),
        priceCurrency: 'USD',
        billingDuration: months,
        unitCode: 'MON',
      },
    },
  };
}

export function faqPage(items: FaqItem[]): JsonLd {
  return {
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

/** One JSON-LD document holding several nodes. */
export function graph(nodes: JsonLd[]): JsonLd {
  return { '@context': 'https://schema.org', '@graph': nodes };
}

/** docs/product.md §4 statuses as schema.org availability */
const AVAILABILITY: Record<string, string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/LimitedAvailability',
  adopted: 'https://schema.org/SoldOut',
};

/** a puppy's page: Product + Offer with its price in USD and the availability its status gives */
export function puppyProduct(puppy: PuppyView, site: URL | string): JsonLd {
  const url = abs(`/puppies/${puppy.id}`, site);
  const breed = puppy.breed?.name ?? 'Mixed breed';
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${puppy.name} (${breed})`,
    description: puppy.description,
    image: [puppy.imageUrl, ...puppy.imageUrls].filter(Boolean).map((image) => abs(image, site)),
    category: breed,
    url,
    offers: {
      '@type': 'Offer',
      price: puppy.price.toFixed(2),
      priceCurrency: 'USD',
      availability: AVAILABILITY[puppy.status] ?? 'https://schema.org/InStock',
      url,
    },
    // Google's rules for Product: an aggregateRating needs ratingValue and reviewCount, and only once there are reviews
    ...(puppy.sellerRating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: puppy.sellerRating.average.toFixed(1),
            reviewCount: puppy.sellerRating.count,
            bestRating: '5',
            worstRating: '1',
          },
        }
      : {}),
  };
}

/** docs/product.md §2: the list's structured data names at most 10 puppies */
export const ITEM_LIST_MAX = 10;

export function puppyItemList(puppies: readonly PuppyView[], site: URL | string): JsonLd | null {
  const first = puppies.slice(0, ITEM_LIST_MAX);
  if (first.length === 0) return null;
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'Available puppies',
    numberOfItems: first.length,
    itemListElement: first.map((puppy, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      url: abs(`/puppies/${puppy.id}`, site),
      name: puppy.name,
    })),
  };
}
