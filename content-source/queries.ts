// Every GROQ query of the site. Both content sources run these strings unchanged, so what the embedded
// dataset returns at `npm start` is what a real Sanity project returns in production.

// An image as the pages need it. `asset->url` is the CDN URL on Sanity; the embedded source gives its
// asset documents a file path there instead (see dataset.ts).
const IMAGE = `{
  "src": asset->url,
  "width": asset->metadata.dimensions.width,
  "height": asset->metadata.dimensions.height,
  "alt": coalesce(alt, "")
}`;

const LINKS = `{ label, href }`;
const INTRO = `{ heading, text }`;
const SEO = `seo{ title, description }`;
const SECTIONS = `"sections": sections[]{ title, "anchor": anchor.current, body }`;

export const siteSettingsQuery = /* groq */ `*[_id == "siteSettings"][0]{
  brand,
  tagline,
  description,
  contactEmail,
  "businessHours": businessHours[]{ days, hours },
  "socialLinks": socialLinks[]{ platform, url },
  bannerText,
  "quickLinks": quickLinks[]${LINKS},
  "informationLinks": informationLinks[]${LINKS}
}`;

export const homePageQuery = /* groq */ `*[_id == "homePage"][0]{
  hero{ heading, subheading, searchPlaceholder, "image": image${IMAGE} },
  searchPanel{ heading, findPuppyText, becomeSellerText },
  categoriesIntro${INTRO},
  "categoryCards": categoryCards[]{ category, title, text, "image": image${IMAGE} },
  featuredIntro${INTRO},
  becomeSeller{ heading, text, benefits, ctaLabel },
  testimonialsIntro${INTRO},
  productsIntro${INTRO},
  plansIntro${INTRO},
  faqIntro${INTRO},
  closingCta{ heading, text, "actions": actions[]${LINKS} },
  ${SEO}
}`;

export const faqQuery = /* groq */ `*[_type == "faqItem"] | order(order asc, _id asc){
  "id": _id,
  question,
  answer,
  order
}`;

export const testimonialsQuery = /* groq */ `*[_type == "testimonial"] | order(order asc, _id asc){
  "id": _id,
  name,
  rating,
  comment,
  "image": image${IMAGE}
}`;

export const productsQuery = /* groq */ `*[_type == "product"] | order(order asc, _id asc){
  "id": _id,
  name,
  description,
  price,
  "image": image${IMAGE}
}`;

export const sellerPlansQuery = /* groq */ `*[_type == "sellerPlan"] | order(order asc, _id asc){
  "id": _id,
  planId,
  name,
  price,
  periodLabel,
  savings,
  features,
  priceId,
  "highlighted": coalesce(highlighted, false)
}`;

export const careGuideQuery = /* groq */ `*[_id == "careGuide"][0]{
  title,
  intro,
  ${SECTIONS},
  ${SEO}
}`;

// The terms, the privacy policy and the shipping and pickup page share one shape (decision 0120).
const DATED_SECTIONS = `{
  title,
  lastUpdated,
  intro,
  ${SECTIONS},
  ${SEO}
}`;

export const termsQuery = /* groq */ `*[_id == "terms"][0]${DATED_SECTIONS}`;

export const privacyPolicyQuery = /* groq */ `*[_id == "privacyPolicy"][0]${DATED_SECTIONS}`;

export const shippingPickupQuery = /* groq */ `*[_id == "shippingPickup"][0]${DATED_SECTIONS}`;

export const donatePageQuery = /* groq */ `*[_id == "donatePage"][0]{
  headline,
  intro,
  "stats": stats[]{ value, label },
  impactHeading,
  "impactTiers": impactTiers[]{ amount, text },
  pledge,
  ${SEO}
}`;

/**
 * each breed's document, A to Z: the recommended health tests (docs/decisions/0121) and the breed page's
 * size, weight, temperament and care notes (decision 0130)
 */
export const breedHealthQuery = /* groq */ `*[_type == "breedHealth"] | order(breed asc, _id asc){
  breed,
  "recommendedTests": coalesce(recommendedTests, []),
  "note": coalesce(note, null),
  "size": coalesce(size, null),
  "adultWeight": coalesce(adultWeight, null),
  "temperament": coalesce(temperament, null),
  "careNotes": coalesce(careNotes, null)
}`;
