// Listing descriptions that read like a breeder wrote them: a few sentences assembled from the
// puppy's name, breed, temperament, coat, age and home, so that no two demo listings sound alike.
import type { Gender } from '../domain/model.ts';
import type { BreedSeed } from './breeds.ts';
import type { Rng } from './rng.ts';

export interface DescriptionFacts {
  name: string;
  gender: Gender;
  breed: BreedSeed;
  colors: readonly string[];
  /** weeks */
  age: number;
  location: string;
}

/** "an energetic", "a unique": a vowel letter that is sounded as a consonant takes "a" */
const article = (word: string) => (/^[aeiou]/i.test(word) && !/^(uni|use|eu|one)/i.test(word) ? 'an' : 'a');
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function describePuppy(facts: DescriptionFacts, rng: Rng): string {
  const { name, breed, age } = facts;
  const male = facts.gender === 'Male';
  const he = male ? 'he' : 'she';
  const his = male ? 'his' : 'her';
  const him = male ? 'him' : 'her';
  const boy = male ? 'boy' : 'girl';
  const He = capitalise(he);
  const His = capitalise(his);

  // Multi-word traits ("eager to please") read badly in front of a noun.
  const traits = rng.shuffle(breed.traits);
  const lead = traits.find((trait) => !trait.includes(' ')) ?? 'sweet';
  const [second = 'playful', third = 'affectionate'] = traits.filter((trait) => trait !== lead);
  const coat = facts.colors.length > 0 ? facts.colors.map((c) => c.toLowerCase()).join(' and ') : 'beautiful';
  const city = facts.location.split(',')[0]?.trim() || 'our home';

  const intro = rng.pick([
    `${name} is ${article(lead)} ${lead} ${breed.name} ${boy} with a ${coat} coat.`,
    `Meet ${name}, ${article(lead)} ${lead} ${coat} ${breed.name} ${boy} looking for ${his} forever family.`,
    `${name} is the ${lead} one of the litter: a ${coat} ${breed.name} ${boy} who ${rng.pick(['loves a good belly rub', 'is always first to the food bowl', 'greets everyone with a wagging tail', 'never says no to a game of tug'])}.`,
  ]);
  const temperament = rng.pick([
    `True to ${his} breed, ${he} is ${second} and ${third}.`,
    `Everyone who meets ${him} remarks on how ${second} and ${third} ${he} is.`,
    `${He} is ${second}, ${third} and already a favorite with our family.`,
  ]);

  const fits: string[] = [];
  if (breed.categories.includes('family')) {
    fits.push(
      rng.pick([
        `${He} has grown up around children and would love a busy family home.`,
        `Gentle with kids and other pets, ${he} will fit right into family life.`,
      ]),
    );
  }
  if (breed.categories.includes('apartment')) {
    fits.push(`${His} size and easygoing manner make ${him} a great fit for apartment living.`);
  }
  if (breed.categories.includes('active')) {
    fits.push(
      rng.pick([
        `${He} will thrive with an active family that loves hikes, runs and long games of fetch.`,
        `${He} has energy to spare and learns fast, so daily walks and training games will keep ${him} happy.`,
      ]),
    );
  }
  if (breed.traits.includes('hypoallergenic')) {
    fits.push(`${His} low-shedding coat makes ${him} a good match for families with allergies.`);
  }

  const weeks = `${age} ${age === 1 ? 'week' : 'weeks'}`;
  const care =
    age < 8
      ? `${He} is ${weeks} old and can go home at 8 weeks; reserve ${him} now with a deposit.`
      : age <= 16
        ? rng.pick([
            `${He} is vet-checked, up to date on ${his} puppy shots and dewormed, and comes with a starter bag of food and a blanket that smells like home.`,
            `${He} has had ${his} first vaccinations and a health check, is microchipped, and is ready for ${his} new home.`,
          ])
        : `At ${weeks} ${he} is crate trained, well on the way with house training, and knows sit, down and come.`;

  const extra = rng.pick([
    `Raised in our home with plenty of love and handling.`,
    `Both parents are health tested and can be met.`,
    `Pickup in ${city}, or we can help arrange delivery.`,
    `We stay in touch with every family and are happy to answer questions any time.`,
    '',
  ]);

  return [intro, temperament, ...rng.sample(fits, rng.int(1, 2)), care, extra].filter(Boolean).join(' ');
}
