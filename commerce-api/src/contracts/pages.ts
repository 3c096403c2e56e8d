// What the Express app hands Astro's on-demand pages as `locals` (docs/decisions/0065): the catalogue's
// read functions and the viewer. Pages read only this: never the domain, the storage or their own API.
import type { SellerReviewsView } from './reviews.ts';
import type { AlertsPageView, AlertView } from './alerts.ts';
import type { BreedView, PuppyDetailView, PuppyPage, PuppyQuery, PuppyView } from './puppies.ts';
import type { ConversationsResponse, ConversationView } from './conversations.ts';
import type { LocalOnboardingPage } from './payouts.ts';
import type { BreederPageView, BreederSummariesResponse } from './breeders.ts';
import type { BreedPageView } from './breed-pages.ts';
import type { MyOrdersResponse } from './orders.ts';
import type { MarketingKitView } from './marketing-kit.ts';
import type { InsightsPage } from './insights.ts';

/** one public listing in sitemap.xml */
export interface SitemapEntry {
  id: number;
  /** ISO date of the listing's last change */
  lastmod: string;
}

/** Promises: the storage may be asynchronous (PostgreSQL), and so is the development bridge. */
export interface PageCatalogue {
  /** one page of public listings for a /puppies query */
  page(query: PuppyQuery): Promise<PuppyPage>;
  /** a puppy as its page shows it; null when the viewer may not see it (unknown, draft, expired) */
  puppy(id: number): Promise<PuppyDetailView | null>;
  featured(): Promise<PuppyView[]>;
  breeds(): Promise<BreedView[]>;
  sitemap(): Promise<SitemapEntry[]>;
  /** /breeders/{slug} (decision 0118): the page and the seller's public listings; null for an unknown slug */
  breeder(slug: string): Promise<{ breeder: BreederPageView; listings: PuppyView[] } | null>;
  /** every breeder page in sitemap.xml, with the day its profile last changed */
  breederSitemap(): Promise<Array<{ slug: string; lastmod: string }>>;
  /** the breeder lines of these sellers' cards (the featured puppies'; decision 0118), by seller id */
  breederLines(sellerIds: readonly number[]): Promise<BreederSummariesResponse>;
  /** a seller's rating and visible reviews with replies (decision 0119): listing and breeder pages */
  sellerReviews(sellerId: number): Promise<SellerReviewsView>;
  /** /breeds/{slug} (decision 0130): the breed's profile and live figures; null for an unknown slug */
  breed(slug: string): Promise<BreedPageView | null>;
  /** every breed page in sitemap.xml */
  breedSitemap(): Promise<Array<{ slug: string; name: string }>>;
}

export interface PageLocals {
  catalogue: PageCatalogue;
  /**
   * The logged-in viewer, only where a page may differ for them (a draft shown to its owner). Public
   * pages are rendered for nobody, so a CDN may share them; the islands add the personal parts.
   */
  viewer: { id: number; username: string } | null;
  /**
   * /messages/{id} only (decision 0090): the thread as its logged-in party sees it (opening it marks it
   * read); null when it is unknown or not theirs (the page answers 404).
   */
  conversation?: ConversationView | null;
  /** /messages only (decision 0090): the logged-in viewer's conversations, so the list is in the HTML */
  conversations?: ConversationsResponse;
  /** /my-orders only (decision 0125): one page of the logged-in buyer's orders, so they are in the HTML */
  myOrders?: MyOrdersResponse;
  /**
   * /saved only (decision 0132): the logged-in viewer's saved puppies as cards, with their breeder lines,
   * and their saved searches (decision 0131)
   */
  saved?: { puppies: PuppyView[]; breeders: BreederSummariesResponse; searches: AlertView[] };
  /** /earnings/onboarding only (decision 0101): the local test-mode provider's setup link and its form */
  onboarding?: LocalOnboardingPage;
  /** /alerts only (decision 0131): the viewer's alerts, or a confirmation or unsubscribe link's page */
  alerts?: AlertsPageView;
  /** /my-listings/{id}/kit only (decision 0136): the listing's marketing kit, or why the viewer has none */
  kit?: MarketingKitView;
  /** /insights only (decision 0135): the seller's insights at their plan's level, or why there are none */
  insights?: InsightsPage;
}
