// The dataset says what the product spec says (docs/product.md §2 "Static pages", "Donate", §9, §10), read
// through the same functions the pages use.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedSource } from '#content/embedded-source.ts';
import {
  createContent,
  type CareGuide,
  type Content,
  type DatedSections,
  type PageSection,
  type RichTextBlock,
  type Terms,
} from '#content/index.ts';

const content: Content = createContent(createEmbeddedSource({ contentDir: path.resolve('content') }));

const plain = (blocks: RichTextBlock[]): string =>
  blocks.map((block) => block.children.map((span) => span.text).join('')).join('\n');
const sectionText = (page: { sections: PageSection[] }, anchor: string): string => {
  const section = page.sections.find((s) => s.anchor === anchor);
  if (!section) throw new Error(`no section ${anchor}`);
  return plain(section.body);
};

let guide: CareGuide;
let terms: Terms;
let privacy: DatedSections;
let shipping: DatedSections;
beforeAll(async () => {
  [guide, terms, privacy, shipping] = await Promise.all([
    content.getCareGuide(),
    content.getTerms(),
    content.getPrivacyPolicy(),
    content.getShippingPickup(),
  ]);
});

describe('care guide', () => {
  it('has the six sections of the spec, each with an anchor', () => {
    expect(guide.sections.map((s) => s.anchor)).toEqual([
      'nutrition',
      'training',
      'health',
      'home-setup',
      'socialization',
      'grooming',
    ]);
  });

  it('gives the feeding schedule', () => {
    const nutrition = sectionText(guide, 'nutrition');
    expect(nutrition).toContain('6–12 weeks: 4 meals a day');
    expect(nutrition).toContain('3–6 months: 3 meals a day');
    expect(nutrition).toContain('6–12 months: 2 meals a day');
    expect(nutrition).toContain('After 12 months: 1–2 meals a day');
  });
});

describe('terms of service', () => {
  it('has every section the spec lists', () => {
    expect(terms.sections.map((s) => s.anchor)).toEqual([
      'agreement',
      'services',
      'accounts',
      'intellectual-property',
      'user-representations',
      'registration',
      'purchases-and-payment',
      'prohibited-activities',
      'user-contributions',
      'disclaimer',
      'limitation-of-liability',
      'binding-arbitration',
      'termination',
      'governing-law',
      'contact',
    ]);
  });

  it('says what PuppyNest does with the payment (decision 0118), sales are between seller and buyer, and users are 18+', () => {
    expect(sectionText(terms, 'services')).toContain(
      'PuppyNest takes the payment for a puppy, holds it until the handover, settles problems and pays the seller.',
    );
    expect(sectionText(terms, 'services')).not.toContain('venue');
    expect(sectionText(terms, 'services')).toContain('All sales are directly between the seller and the buyer.');
    expect(sectionText(terms, 'user-representations')).toContain('you are at least 18 years old');
    const accounts = sectionText(terms, 'accounts');
    expect(accounts).toContain('Seller accounts are for commercial listing');
    expect(accounts).toContain('Buyer accounts are for personal, non-commercial use');
  });

  it('names the accepted cards', () => {
    const payment = sectionText(terms, 'purchases-and-payment');
    for (const card of ['Mastercard', 'Visa', 'American Express', 'Discover']) expect(payment).toContain(card);
  });
});

// Decision 0120: the privacy policy says what the product keeps, and the shipping and pickup page promises
// nothing the product does not do (docs/product.md §10: PuppyNest transports nothing; the buyer's window).
describe('privacy policy', () => {
  it('is dated and covers what is kept, cookies, logs, retention and how to ask', () => {
    expect(privacy.title).toBe('Privacy Policy');
    expect(privacy.lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(privacy.sections.map((s) => s.anchor)).toEqual(
      expect.arrayContaining(['what-we-collect', 'payments', 'cookies', 'logs', 'retention', 'your-rights', 'contact']),
    );
    const collected = sectionText(privacy, 'what-we-collect');
    for (const kept of ['email address', 'phone number', 'location', 'messages', 'refunds'])
      expect(collected).toContain(kept);
  });

  it('says Stripe takes card numbers and we never store them, one signed session cookie, and redacted logs', () => {
    const payments = sectionText(privacy, 'payments');
    expect(payments).toContain('Stripe');
    expect(payments).toContain('we never store it');
    const cookies = sectionText(privacy, 'cookies');
    expect(cookies).toContain('one session cookie');
    expect(cookies).toContain('signed');
    expect(cookies).toContain('no advertising, analytics or tracking cookies');
    expect(sectionText(privacy, 'logs')).toContain('[redacted]');
  });

  it('sends requests for a copy or deletion to /contact', () => {
    const rights = privacy.sections.find((s) => s.anchor === 'your-rights')!;
    expect(plain(rights.body)).toContain('delete your account');
    const links = rights.body.flatMap((block) => block.markDefs ?? []).map((mark) => mark.href);
    expect(links).toContain('/contact');
  });
});

describe('shipping and pickup', () => {
  it('says PuppyNest transports nothing and the buyer and the seller agree the handover', () => {
    expect(shipping.title).toBe('Shipping and Pickup');
    expect(shipping.intro).toContain('we do not house, ship or transport puppies');
    const home = sectionText(shipping, 'how-a-puppy-gets-home');
    expect(home).toContain('directly between the seller and the buyer');
    expect(home).toContain('PuppyNest does not arrange, carry out or insure the journey');
  });

  it('describes what the product does: contact within 24 hours, no delivery fee at checkout, the window', () => {
    expect(sectionText(shipping, 'after-you-pay')).toContain('within 24 hours');
    expect(sectionText(shipping, 'delivery')).toContain('there is no delivery fee at checkout');
    expect(sectionText(shipping, 'delivery')).toContain('$49.99 care package');
    const window = sectionText(shipping, 'your-window');
    for (const step of ['You confirm receipt', 'You report a problem', 'The window ends'])
      expect(window).toContain(step);
    expect(window).toContain('decides within 2 business days');
  });
});

describe('home page content', () => {
  it('has 8 FAQ items, one promising a reply within 24 hours', async () => {
    const faq = await content.getFaq(8);
    expect(faq).toHaveLength(8);
    expect(faq.filter((item) => item.answer.includes('Breeders typically reply within 24 hours'))).toHaveLength(1);
  });

  it('has 4 to 6 testimonials, some with half stars', async () => {
    const testimonials = await content.getTestimonials();
    expect(testimonials.length).toBeGreaterThanOrEqual(4);
    expect(testimonials.length).toBeLessThanOrEqual(6);
    expect(testimonials.some((t) => !Number.isInteger(t.rating))).toBe(true);
  });

  it('has 6 to 8 Puppy Essentials with prices', async () => {
    const products = await content.getProducts();
    expect(products.length).toBeGreaterThanOrEqual(6);
    expect(products.length).toBeLessThanOrEqual(8);
    for (const product of products) expect(product.price).toBeGreaterThan(0);
  });

  it('lists the plan features of docs/product.md §9', async () => {
    const plans = await content.getSellerPlans();
    expect(plans.map((p) => p.features)).toEqual([
      ['Up to 10 listings', 'Basic analytics', 'Email support'],
      ['Up to 20 listings', 'Advanced analytics', 'Priority email support', '1 featured listing per month'],
      [
        'Unlimited listings',
        'Premium analytics',
        'Phone and email support',
        '3 featured listings per month',
        'Marketing toolkit',
      ],
    ]);
  });

  it('says $19.99 wherever it names the monthly price, never $29.99', async () => {
    const everything = JSON.stringify(
      await Promise.all([
        content.getHomePage(),
        content.getFaq(),
        content.getSellerPlans(),
        content.getTerms(),
        content.getSiteSettings(),
      ]),
    );
    expect(everything).toContain('19.99');
    expect(everything).not.toContain('29.99');
  });

  it('keeps the hero search placeholder of the spec and closes with calls to action', async () => {
    const home = await content.getHomePage();
    expect(home.hero.searchPlaceholder).toBe('Search by breed, size, or temperament...');
    expect(home.closingCta.actions.map((a) => a.href)).toEqual(['/puppies', '/contact', '/sellers']);
  });
});

describe('site settings and donate page', () => {
  it('has the brand, contact email and business hours', async () => {
    const settings = await content.getSiteSettings();
    expect(settings.brand).toBe('PuppyNest');
    expect(settings.contactEmail).toBe('hello@puppynest.example');
    expect(settings.businessHours).toEqual([
      { days: 'Mon–Fri', hours: '9am–6pm' },
      { days: 'Sat', hours: '10am–4pm' },
      { days: 'Sun', hours: 'Closed' },
    ]);
    // the footer's information links, each to its own page (decision 0120)
    expect(settings.informationLinks.map((l) => [l.label, l.href])).toEqual([
      ['Puppy Care Guide', '/puppy-care-guide'],
      ['Terms of Service', '/terms-of-service'],
      ['Privacy Policy', '/privacy'],
      ['Shipping and Pickup', '/shipping'],
      ['FAQ', '/#faq'],
    ]);
  });

  it('has the stats, impact tiers and the 100% statement', async () => {
    const donate = await content.getDonatePage();
    expect(donate.stats).toEqual([
      { value: '247', label: 'Puppies rescued' },
      { value: '189', label: 'Families matched' },
      { value: '$12,450', label: 'Raised this year' },
    ]);
    expect(donate.impactTiers.map((t) => t.amount)).toEqual([25, 50, 100, 250]);
    expect(donate.pledge).toBe('100% of donations go to rescue; admin costs are covered by listing fees.');
  });
});
