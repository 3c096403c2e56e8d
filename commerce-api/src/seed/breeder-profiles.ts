// The breeder pages of the demo sellers (decision 0118, docs/product.md §15 "Breeder pages"): the
// kennel name, about text, town and state each seller would have typed into the seller application.
// Their breeds are not listed here: the seed takes them from the listings each seller was given, so a
// page never names breeds its seller has no puppies of.

export interface DemoBreederProfile {
  readonly kennelName: string;
  readonly about: string;
  readonly town: string;
  /** two-letter US state */
  readonly state: string;
}

/** by username: the demo seller and each of DEMO_KENNELS */
export const DEMO_BREEDER_PROFILES: Readonly<Record<string, DemoBreederProfile>> = {
  'demo-seller': {
    kennelName: 'Rose City Puppies',
    about:
      'A small family breeder in Portland. Our puppies are born in the house, grow up around children and a patient old cat, and go home vaccinated, microchipped and already started on crate training. We stay in touch for as long as you like.',
    town: 'Portland',
    state: 'OR',
  },
  'sunny-acres-kennel': {
    kennelName: 'Sunny Acres Kennel',
    about:
      'Ten acres outside Austin with plenty of room to run. We raise a few litters a year, meet every family before a puppy goes home, and take any of our dogs back at any age if life changes.',
    town: 'Austin',
    state: 'TX',
  },
  'bluebonnet-puppies': {
    kennelName: 'Bluebonnet Puppies',
    about:
      'Mother-and-daughter breeders in the Hill Country. Our parents live with us as family pets; puppies are socialised with visitors, car rides and everyday household noise before they leave at eight weeks or older.',
    town: 'San Antonio',
    state: 'TX',
  },
  'cascade-doodles': {
    kennelName: 'Cascade Doodles',
    about:
      'Family-raised puppies in the Pacific Northwest. We share weekly photos and videos from birth, and every family gets a starter kit and our phone number for the first year.',
    town: 'Bend',
    state: 'OR',
  },
};
