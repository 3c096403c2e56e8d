// Popular US puppy names, so the demo catalogue reads like a real one.
import type { Gender } from '../domain/model.ts';
import type { Rng } from './rng.ts';

export const PUPPY_NAMES: Readonly<Record<Gender, readonly string[]>> = {
  Male: [
    'Max', 'Charlie', 'Cooper', 'Milo', 'Buddy', 'Rocky', 'Bear', 'Duke', 'Tucker', 'Oliver',
    'Teddy', 'Winston', 'Bentley', 'Murphy', 'Louie', 'Leo', 'Jack', 'Finn', 'Ollie', 'Zeus',
    'Gus', 'Moose', 'Toby', 'Oscar', 'Rusty', 'Bruno', 'Archie', 'Ziggy', 'Hank', 'Otis',
    'Biscuit', 'Scout', 'Bandit', 'Jasper', 'Rocco', 'Benji', 'Koda', 'Apollo', 'Waffles', 'Sarge',
  ],
  Female: [
    'Bella', 'Luna', 'Daisy', 'Lucy', 'Lily', 'Zoe', 'Stella', 'Sadie', 'Molly', 'Bailey',
    'Maggie', 'Coco', 'Rosie', 'Ruby', 'Penny', 'Nala', 'Willow', 'Pepper', 'Hazel', 'Ellie',
    'Millie', 'Honey', 'Ginger', 'Piper', 'Winnie', 'Olive', 'Poppy', 'Maple', 'Cookie', 'Dixie',
    'Roxy', 'Gracie', 'Abby', 'Mia', 'Sophie', 'Chloe', 'Lola', 'Marley', 'Peanut', 'Juniper',
  ],
};

/** A name not in `used` while any is left (then any name); records the choice in `used`. */
export function pickPuppyName(gender: Gender, rng: Rng, used?: Set<string>): string {
  const names = PUPPY_NAMES[gender];
  const fresh = used ? names.filter((name) => !used.has(name)) : names;
  const name = rng.pick(fresh.length > 0 ? fresh : names);
  used?.add(name);
  return name;
}
