import { defineArrayMember, defineField, defineType } from 'sanity';

// The health tests PuppyNest recommends for a breed's parents (docs/decisions/0121, docs/product.md §18):
// listing pages show them beside the parents' tests, and the Health-tested parents badge needs each of
// them verified. The values are the API's test keys (HEALTH_TESTS in commerce-api/src/contracts/parents.ts)
// and its breed names (BREED_NAMES); tests/unit/content/breed-health.test.ts keeps these lists equal.
export const HEALTH_TEST_OPTIONS = [
  { title: 'Hips (OFA or PennHIP)', value: 'hips' },
  { title: 'Elbows (OFA)', value: 'elbows' },
  { title: 'Eye exam (OFA eye / CAER)', value: 'eyes' },
  { title: 'Heart exam (OFA cardiac)', value: 'cardiac' },
  { title: 'Kneecaps (OFA patellar luxation)', value: 'patella' },
  { title: 'Thyroid (OFA)', value: 'thyroid' },
  { title: 'Hearing (BAER)', value: 'hearing' },
  { title: 'Exercise-induced collapse (DNA)', value: 'eic' },
  { title: 'Degenerative myelopathy (DNA)', value: 'dm' },
  { title: 'Progressive retinal atrophy, prcd (DNA)', value: 'prcd_pra' },
  { title: 'Collie eye anomaly (DNA)', value: 'cea' },
  { title: 'MDR1 drug sensitivity (DNA)', value: 'mdr1' },
  { title: 'von Willebrand disease (DNA)', value: 'vwd' },
];

// One document per breed (decision 0130): the breed page (/breeds/{slug}) shows its size, temperament and
// care notes beside the recommended tests. The type keeps its first name, breedHealth, so datasets that
// already hold these documents stay valid; editors see it as "Breeds".
export const BREED_SIZE_OPTIONS = [
  { title: 'Small', value: 'small' },
  { title: 'Medium', value: 'medium' },
  { title: 'Large', value: 'large' },
];

export const breedHealth = defineType({
  name: 'breedHealth',
  title: 'Breeds',
  type: 'document',
  icon: () => '🩺',
  fields: [
    defineField({
      name: 'breed',
      title: 'Breed',
      type: 'string',
      description: 'Exactly as PuppyNest lists it (for example "Labrador Retriever").',
      validation: (rule) => rule.required().min(2).max(60),
    }),
    defineField({
      name: 'size',
      title: 'Size',
      type: 'string',
      options: { list: BREED_SIZE_OPTIONS, layout: 'radio' },
    }),
    defineField({
      name: 'adultWeight',
      title: 'Adult weight',
      type: 'string',
      description: 'As families read it, for example "55–80 lb".',
      validation: (rule) => rule.max(40),
    }),
    defineField({
      name: 'temperament',
      title: 'Temperament',
      type: 'text',
      rows: 3,
      description: 'Two or three plain sentences: what living with this breed is like.',
      validation: (rule) => rule.max(400),
    }),
    defineField({
      name: 'careNotes',
      title: 'Care notes',
      type: 'text',
      rows: 4,
      description: 'Exercise, grooming and what to watch for, in two or three sentences.',
      validation: (rule) => rule.max(600),
    }),
    defineField({
      name: 'recommendedTests',
      title: 'Recommended tests',
      type: 'array',
      description:
        "The tests a parent of this breed should have, from the breed club's CHIC requirements. Each one must be verified for the Health-tested parents badge. Leave empty for a mix, which has no club list.",
      of: [defineArrayMember({ type: 'string' })],
      options: { list: HEALTH_TEST_OPTIONS },
    }),
    defineField({
      name: 'note',
      title: 'Note',
      type: 'text',
      rows: 3,
      description: 'Optional: a sentence shown under the recommended tests on listing and breed pages.',
      validation: (rule) => rule.max(300),
    }),
  ],
  orderings: [{ title: 'Breed', name: 'breedAsc', by: [{ field: 'breed', direction: 'asc' }] }],
  preview: {
    select: { title: 'breed', tests: 'recommendedTests' },
    prepare: ({ title, tests }: { title?: string; tests?: string[] }) => ({
      title,
      subtitle: tests?.join(', '),
    }),
  },
});
