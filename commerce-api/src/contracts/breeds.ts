// The breeds PuppyNest lists: a product list, like the regions. The store's breeds table is seeded from
// it (with ids, sizes and the demo data's details, in seed/breeds.ts), and the pre-rendered home page offers
// it in Find My Puppy, so the choice is in the HTML before any script or API call (decision 0098).
import { slugify } from './slug.ts';
/** A to Z, as the API's breed list and the selects show them */
export const BREED_NAMES = [
  'Alaskan Malamute',
  'Australian Cattle Dog',
  'Australian Shepherd',
  'Basset Hound',
  'Beagle',
  'Belgian Malinois',
  'Bernedoodle',
  'Bernese Mountain Dog',
  'Bichon Frise',
  'Border Collie',
  'Boston Terrier',
  'Boxer',
  'Bulldog',
  'Cane Corso',
  'Cavalier King Charles Spaniel',
  'Cavapoo',
  'Chihuahua',
  'Cockapoo',
  'Cocker Spaniel',
  'Collie',
  'Corgi (Pembroke Welsh)',
  'Dachshund',
  'Dalmatian',
  'Doberman Pinscher',
  'English Springer Spaniel',
  'French Bulldog',
  'German Shepherd',
  'German Shorthaired Pointer',
  'Golden Retriever',
  'Goldendoodle',
  'Great Dane',
  'Great Pyrenees',
  'Havanese',
  'Jack Russell Terrier',
  'Labradoodle',
  'Labrador Retriever',
  'Lhasa Apso',
  'Maltese',
  'Maltipoo',
  'Miniature Schnauzer',
  'Mixed Breed',
  'Newfoundland',
  'Papillon',
  'Pomeranian',
  'Poodle (Miniature)',
  'Poodle (Standard)',
  'Poodle (Toy)',
  'Pug',
  'Rottweiler',
  'Samoyed',
  'Shetland Sheepdog',
  'Shiba Inu',
  'Shih Tzu',
  'Siberian Husky',
  'Vizsla',
  'Weimaraner',
  'West Highland White Terrier',
  'Yorkshire Terrier',
] as const;

export type BreedName = (typeof BREED_NAMES)[number];

/**
 * A breed's page address (/breeds/{slug}, decision 0130): its name made into words joined by hyphens,
 * as a kennel name is ("Corgi (Pembroke Welsh)" → "corgi-pembroke-welsh"). Every name of BREED_NAMES
 * gives its own slug (tests/unit/breed-slugs.test.ts).
 */
export function breedSlug(name: string): string {
  return slugify(name);
}
