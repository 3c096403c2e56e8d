// The breeds a US family is likely to ask for, with what the demo data needs to look real:
// adult weight (puppy weights grow towards it), a typical price range, the coat colours the breed
// comes in (docs/product.md §3's colour list) and how its cartoon portrait is drawn.
import type { Breed, Category } from '../domain/model.ts';
import type { CoatPattern, EarStyle } from './puppy-art.ts';
// Colour choices of docs/product.md §3 live with the puppy contract (the post/edit forms use them).
import { COAT_COLORS, type CoatColor } from '#contracts/puppies.ts';
import type { BreedName } from '#contracts/breeds.ts';

export { COAT_COLORS, type CoatColor };

type BreedSize = Breed['size'];

export interface BreedSeed {
  /** one of the product's BREED_NAMES; every name there has a row here (tests/unit/seed/seed.test.ts) */
  name: BreedName;
  size: BreedSize;
  categories: Category[];
  /** temperament and coat words a family searches for */
  traits: string[];
  /** adult weight range, lbs */
  adultWeight: readonly [number, number];
  /** typical asking price for a puppy, whole dollars */
  price: readonly [number, number];
  colors: CoatColor[];
  ear: EarStyle;
  pattern: CoatPattern;
  /** 3 for the most asked-for breeds, 1 for the rest: how often the demo catalogue uses it */
  popularity: 1 | 2 | 3;
}

type Row = [
  name: BreedName, size: BreedSize, categories: Category[], traits: string[],
  adultWeight: readonly [number, number], price: readonly [number, number],
  colors: CoatColor[], ear: EarStyle, pattern: CoatPattern, popularity: 1 | 2 | 3,
];

const ROWS: Row[] = [
  ['Labrador Retriever', 'large', ['family', 'active'], ['friendly', 'gentle', 'outgoing', 'eager to please'], [55, 80], [800, 2500], ['Black', 'Chocolate', 'Golden', 'Cream'], 'drop', 'solid', 3],
  ['Golden Retriever', 'large', ['family', 'active'], ['gentle', 'friendly', 'intelligent', 'devoted'], [55, 75], [1200, 3500], ['Golden', 'Cream', 'Red'], 'drop', 'solid', 3],
  ['French Bulldog', 'small', ['apartment', 'family'], ['playful', 'adaptable', 'affectionate', 'quiet'], [16, 28], [2500, 6000], ['Fawn', 'Cream', 'Brindle', 'Blue', 'Black'], 'pointy', 'mask', 3],
  ['German Shepherd', 'large', ['active', 'family'], ['loyal', 'confident', 'intelligent', 'protective'], [50, 90], [1200, 3500], ['Black', 'Tan', 'Sable'], 'pointy', 'tan-points', 3],
  ['Poodle (Standard)', 'large', ['family', 'active'], ['hypoallergenic', 'intelligent', 'elegant', 'athletic'], [40, 70], [1500, 3500], ['Black', 'White', 'Cream', 'Chocolate', 'Red', 'Silver'], 'fluffy', 'solid', 3],
  ['Poodle (Miniature)', 'small', ['apartment', 'family'], ['hypoallergenic', 'clever', 'cheerful', 'trainable'], [10, 15], [1200, 3000], ['Black', 'White', 'Cream', 'Chocolate', 'Red', 'Silver'], 'fluffy', 'solid', 2],
  ['Poodle (Toy)', 'small', ['apartment'], ['hypoallergenic', 'affectionate', 'smart', 'lively'], [4, 6], [1200, 3500], ['Black', 'White', 'Cream', 'Red', 'Silver'], 'fluffy', 'solid', 2],
  ['Bulldog', 'medium', ['apartment', 'family'], ['calm', 'gentle', 'loyal', 'laid-back'], [40, 50], [2000, 5000], ['Fawn', 'Brindle', 'White', 'Red'], 'drop', 'patch', 3],
  ['Beagle', 'medium', ['family', 'active'], ['merry', 'curious', 'friendly', 'energetic'], [20, 30], [500, 1500], ['Tri-color', 'Tan', 'White'], 'floppy', 'tan-points', 3],
  ['Rottweiler', 'large', ['family', 'active'], ['loyal', 'confident', 'calm', 'protective'], [80, 135], [1200, 3500], ['Black', 'Tan'], 'drop', 'tan-points', 3],
  ['Dachshund', 'small', ['apartment', 'family'], ['curious', 'clever', 'spunky', 'playful'], [11, 32], [700, 3000], ['Red', 'Black', 'Chocolate', 'Tan', 'Cream'], 'floppy', 'solid', 3],
  ['Corgi (Pembroke Welsh)', 'medium', ['family', 'active'], ['smart', 'affectionate', 'alert', 'playful'], [22, 30], [1200, 3000], ['Red', 'Sable', 'Tri-color', 'Fawn'], 'pointy', 'blaze', 3],
  ['Australian Shepherd', 'medium', ['active'], ['energetic', 'intelligent', 'loyal', 'hard-working'], [40, 65], [800, 2500], ['Merle', 'Black', 'Red', 'Tri-color'], 'drop', 'blaze', 3],
  ['Yorkshire Terrier', 'small', ['apartment'], ['hypoallergenic', 'feisty', 'affectionate', 'brave'], [4, 7], [1000, 3500], ['Tan', 'Black', 'Blue'], 'pointy', 'tan-points', 3],
  ['Boxer', 'large', ['family', 'active'], ['playful', 'energetic', 'patient', 'loyal'], [50, 80], [900, 2500], ['Fawn', 'Brindle', 'White'], 'drop', 'mask', 3],
  ['Cavalier King Charles Spaniel', 'small', ['apartment', 'family'], ['gentle', 'affectionate', 'graceful', 'sweet'], [13, 18], [1800, 4500], ['Red', 'Tri-color', 'White', 'Black'], 'floppy', 'blaze', 3],
  ['Doberman Pinscher', 'large', ['active', 'family'], ['loyal', 'fearless', 'alert', 'intelligent'], [60, 100], [1500, 3500], ['Black', 'Red', 'Blue', 'Fawn'], 'drop', 'tan-points', 2],
  ['Great Dane', 'large', ['family'], ['gentle', 'friendly', 'patient', 'dependable'], [110, 175], [1500, 3500], ['Fawn', 'Black', 'Merle', 'Blue', 'Brindle'], 'drop', 'mask', 2],
  ['Miniature Schnauzer', 'small', ['apartment', 'family'], ['hypoallergenic', 'friendly', 'spirited', 'smart'], [11, 20], [1000, 2500], ['Silver', 'Black', 'Gray', 'White'], 'drop', 'solid', 2],
  ['Shih Tzu', 'small', ['apartment', 'family'], ['hypoallergenic', 'affectionate', 'playful', 'outgoing'], [9, 16], [700, 2500], ['White', 'Golden', 'Black', 'Brindle'], 'fluffy', 'blaze', 3],
  ['Siberian Husky', 'medium', ['active'], ['energetic', 'friendly', 'mischievous', 'outgoing'], [35, 60], [700, 2000], ['Gray', 'Black', 'White', 'Red', 'Silver'], 'pointy', 'mask', 3],
  ['Bernese Mountain Dog', 'large', ['family'], ['gentle', 'calm', 'affectionate', 'good-natured'], [70, 115], [1800, 4000], ['Tri-color'], 'drop', 'tan-points', 2],
  ['Boston Terrier', 'small', ['apartment', 'family'], ['friendly', 'bright', 'amusing', 'gentle'], [12, 25], [900, 2500], ['Black', 'Brindle', 'White'], 'pointy', 'blaze', 2],
  ['Havanese', 'small', ['apartment', 'family'], ['hypoallergenic', 'cheerful', 'affectionate', 'gentle'], [7, 13], [1000, 3000], ['White', 'Cream', 'Chocolate', 'Black', 'Tan'], 'fluffy', 'solid', 2],
  ['Shetland Sheepdog', 'small', ['family', 'active'], ['intelligent', 'gentle', 'playful', 'loyal'], [15, 25], [900, 2500], ['Sable', 'Tri-color', 'Merle', 'Black'], 'drop', 'blaze', 2],
  ['Border Collie', 'medium', ['active'], ['intelligent', 'energetic', 'hard-working', 'athletic'], [30, 55], [800, 2500], ['Black', 'Red', 'Merle', 'Tri-color', 'White'], 'drop', 'blaze', 2],
  ['Maltese', 'small', ['apartment'], ['hypoallergenic', 'gentle', 'playful', 'charming'], [4, 7], [1000, 3000], ['White'], 'fluffy', 'solid', 2],
  ['Pomeranian', 'small', ['apartment'], ['lively', 'bold', 'curious', 'fluffy'], [3, 7], [800, 3500], ['Red', 'Cream', 'Black', 'White', 'Sable'], 'pointy', 'solid', 2],
  ['Cocker Spaniel', 'medium', ['family'], ['gentle', 'happy', 'smart', 'affectionate'], [20, 30], [900, 2500], ['Golden', 'Black', 'Chocolate', 'Red', 'Tan'], 'floppy', 'solid', 2],
  ['Chihuahua', 'small', ['apartment'], ['loyal', 'alert', 'sassy', 'charming'], [2, 6], [300, 1500], ['Fawn', 'Cream', 'Black', 'Chocolate', 'White'], 'pointy', 'solid', 2],
  ['Goldendoodle', 'large', ['family', 'active'], ['hypoallergenic', 'friendly', 'gentle', 'intelligent'], [50, 90], [1500, 4000], ['Golden', 'Cream', 'Red', 'Chocolate'], 'fluffy', 'solid', 3],
  ['Labradoodle', 'large', ['family', 'active'], ['hypoallergenic', 'friendly', 'energetic', 'clever'], [50, 65], [1200, 3500], ['Cream', 'Chocolate', 'Black', 'Golden'], 'fluffy', 'solid', 2],
  ['Cavapoo', 'small', ['apartment', 'family'], ['hypoallergenic', 'affectionate', 'gentle', 'playful'], [9, 25], [1500, 4000], ['Red', 'Cream', 'Golden', 'Chocolate'], 'fluffy', 'solid', 2],
  ['Bichon Frise', 'small', ['apartment', 'family'], ['hypoallergenic', 'cheerful', 'gentle', 'playful'], [12, 18], [800, 2500], ['White', 'Cream'], 'fluffy', 'solid', 2],
  ['Pug', 'small', ['apartment', 'family'], ['charming', 'mischievous', 'loving', 'calm'], [14, 18], [800, 2500], ['Fawn', 'Black'], 'drop', 'mask', 2],
  ['Shiba Inu', 'medium', ['active', 'apartment'], ['alert', 'bold', 'independent', 'spirited'], [17, 23], [1500, 3500], ['Red', 'Black', 'Cream', 'Sable'], 'pointy', 'blaze', 1],
  ['Bernedoodle', 'large', ['family'], ['hypoallergenic', 'gentle', 'playful', 'loyal'], [50, 90], [2500, 5500], ['Tri-color', 'Black', 'Merle'], 'fluffy', 'tan-points', 2],
  ['Maltipoo', 'small', ['apartment', 'family'], ['hypoallergenic', 'affectionate', 'gentle', 'playful'], [5, 20], [1200, 3500], ['White', 'Cream', 'Golden', 'Red'], 'fluffy', 'solid', 2],
  ['Cockapoo', 'small', ['family', 'apartment'], ['hypoallergenic', 'cheerful', 'affectionate', 'smart'], [12, 24], [1200, 3000], ['Cream', 'Chocolate', 'Black', 'Golden'], 'fluffy', 'solid', 1],
  ['Great Pyrenees', 'large', ['family'], ['calm', 'patient', 'protective', 'gentle'], [85, 120], [800, 2000], ['White', 'Cream'], 'drop', 'solid', 1],
  ['Newfoundland', 'large', ['family'], ['gentle', 'patient', 'sweet', 'devoted'], [100, 150], [1500, 3500], ['Black', 'Chocolate', 'Gray'], 'drop', 'solid', 1],
  ['Weimaraner', 'large', ['active'], ['energetic', 'friendly', 'obedient', 'fearless'], [55, 90], [1000, 2500], ['Gray', 'Silver', 'Blue'], 'floppy', 'solid', 1],
  ['German Shorthaired Pointer', 'large', ['active'], ['energetic', 'friendly', 'eager', 'smart'], [45, 70], [800, 2000], ['Chocolate', 'White', 'Black'], 'floppy', 'spots', 2],
  ['English Springer Spaniel', 'medium', ['family', 'active'], ['friendly', 'eager to please', 'energetic', 'affectionate'], [40, 50], [1000, 2500], ['Chocolate', 'Black', 'White'], 'floppy', 'patch', 1],
  ['Dalmatian', 'large', ['active', 'family'], ['energetic', 'playful', 'dignified', 'outgoing'], [45, 70], [800, 2000], ['White', 'Black', 'Chocolate'], 'drop', 'spots', 1],
  ['West Highland White Terrier', 'small', ['apartment', 'family'], ['happy', 'confident', 'curious', 'hardy'], [15, 20], [1000, 2500], ['White'], 'pointy', 'solid', 1],
  ['Samoyed', 'large', ['family', 'active'], ['friendly', 'gentle', 'adaptable', 'fluffy'], [35, 65], [1500, 4000], ['White', 'Cream'], 'pointy', 'solid', 1],
  ['Collie', 'large', ['family'], ['gentle', 'loyal', 'graceful', 'intelligent'], [50, 75], [1000, 2500], ['Sable', 'Tri-color', 'Merle'], 'drop', 'blaze', 1],
  ['Basset Hound', 'medium', ['family', 'apartment'], ['gentle', 'patient', 'charming', 'easygoing'], [40, 65], [700, 1500], ['Tri-color', 'Tan', 'Red', 'White'], 'floppy', 'tan-points', 1],
  ['Lhasa Apso', 'small', ['apartment'], ['hypoallergenic', 'confident', 'smart', 'loyal'], [12, 18], [800, 2000], ['Golden', 'Cream', 'White', 'Black'], 'fluffy', 'solid', 1],
  ['Papillon', 'small', ['apartment', 'active'], ['happy', 'alert', 'friendly', 'quick'], [5, 10], [1000, 2500], ['White', 'Red', 'Black'], 'pointy', 'blaze', 1],
  ['Vizsla', 'medium', ['active'], ['affectionate', 'gentle', 'energetic', 'loyal'], [44, 60], [1200, 2500], ['Red', 'Golden'], 'floppy', 'solid', 1],
  ['Belgian Malinois', 'large', ['active'], ['confident', 'smart', 'hard-working', 'protective'], [40, 80], [1500, 3500], ['Fawn', 'Sable'], 'pointy', 'mask', 1],
  ['Cane Corso', 'large', ['active'], ['loyal', 'intelligent', 'protective', 'calm'], [90, 120], [1500, 4000], ['Black', 'Gray', 'Fawn', 'Brindle'], 'drop', 'solid', 1],
  ['Alaskan Malamute', 'large', ['active'], ['affectionate', 'loyal', 'playful', 'strong'], [75, 85], [1200, 2500], ['Gray', 'Black', 'White', 'Sable'], 'pointy', 'mask', 1],
  ['Australian Cattle Dog', 'medium', ['active'], ['alert', 'curious', 'energetic', 'loyal'], [35, 50], [600, 1500], ['Blue', 'Red'], 'pointy', 'patch', 1],
  ['Jack Russell Terrier', 'small', ['active'], ['energetic', 'fearless', 'playful', 'clever'], [13, 17], [600, 1500], ['White', 'Tan', 'Tri-color'], 'drop', 'patch', 1],
  ['Mixed Breed', 'medium', ['family'], ['friendly', 'loving', 'unique'], [20, 60], [100, 500], ['Brown', 'Black', 'Tan', 'Brindle', 'White', 'Cream'], 'drop', 'blaze', 2],
];

export const BREEDS: readonly BreedSeed[] = ROWS.map(
  ([name, size, categories, traits, adultWeight, price, colors, ear, pattern, popularity]) =>
    ({ name, size, categories, traits, adultWeight, price, colors, ear, pattern, popularity }),
);

/** what Breed.temperament holds: the traits plus the size word, so a search for "small" finds it */
export function breedTemperament(breed: BreedSeed): string[] {
  return [...breed.traits, breed.size];
}

export function findBreedSeed(name: string): BreedSeed | undefined {
  const key = name.trim().toLowerCase();
  return BREEDS.find((breed) => breed.name.toLowerCase() === key);
}
