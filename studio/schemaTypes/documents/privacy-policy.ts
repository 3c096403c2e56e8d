import { defineType } from 'sanity';
import { datedSectionFields } from './dated-sections.ts';

// /privacy: what PuppyNest keeps about people and why (decision 0120).
export const privacyPolicy = defineType({
  name: 'privacyPolicy',
  title: 'Privacy policy',
  type: 'document',
  icon: () => '🔒',
  fields: datedSectionFields(),
  preview: { prepare: () => ({ title: 'Privacy policy' }) },
});
