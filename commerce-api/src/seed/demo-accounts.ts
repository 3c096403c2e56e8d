// The demo accounts a fresh install logs in with. Their passwords are public on purpose (README,
// start banner); they exist only when demo data is seeded (SEED_DEMO_DATA, on by default outside
// production). A production demo deployment gives them fresh random passwords instead (seed.ts).
import type { AccountType } from '#contracts/auth.ts';

export interface DemoAccount {
  readonly username: string;
  readonly password: string;
  readonly accountType: AccountType;
  readonly email: string;
}

export const DEMO_BUYER: DemoAccount = Object.freeze({
  username: 'demo-buyer',
  password: 'puppynest-buyer',
  accountType: 'buyer',
  email: 'demo-buyer@puppynest.example',
});

export const DEMO_SELLER: DemoAccount = Object.freeze({
  username: 'demo-seller',
  password: 'puppynest-seller',
  accountType: 'seller',
  email: 'demo-seller@puppynest.example',
});

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [DEMO_BUYER, DEMO_SELLER];

/** Other breeders of the demo catalogue. Nobody logs in as them: their passwords are random. */
export const DEMO_KENNELS: readonly { username: string; email: string }[] = [
  { username: 'sunny-acres-kennel', email: 'hello@sunny-acres-kennel.example' },
  { username: 'bluebonnet-puppies', email: 'info@bluebonnet-puppies.example' },
  { username: 'cascade-doodles', email: 'puppies@cascade-doodles.example' },
];
