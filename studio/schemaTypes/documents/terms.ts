import { defineType } from 'sanity';
import { datedSectionFields } from './dated-sections.ts';

export const terms = defineType({
  name: 'terms',
  title: 'Terms of service',
  type: 'document',
  icon: () => '📜',
  fields: datedSectionFields(),
  preview: { prepare: () => ({ title: 'Terms of service' }) },
});
