import { defineConfig } from 'sanity';
import { structureTool } from 'sanity/structure';
import { SINGLETON_TYPES, schemaTypes } from './schemaTypes/index.ts';
import { structure } from './structure.ts';

const singletons = new Set<string>(SINGLETON_TYPES);
// A singleton must not be duplicated, deleted or created a second time from the "new document" menu.
const SINGLETON_ACTIONS = new Set(['publish', 'discardChanges', 'restore', 'unpublish']);

// basePath lives in sanity.cli.ts only: setting it here too makes the Studio redirect to /studio/studio.
export default defineConfig({
  name: 'default',
  title: 'PuppyNest',
  // Placeholders keep the Studio buildable offline; a real project sets these (see README).
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'puppynest',
  dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  plugins: [structureTool({ structure })],
  schema: {
    types: schemaTypes,
    templates: (templates) => templates.filter(({ schemaType }) => !singletons.has(schemaType)),
  },
  document: {
    actions: (actions, { schemaType }) =>
      singletons.has(schemaType)
        ? actions.filter(({ action }) => action !== undefined && SINGLETON_ACTIONS.has(action))
        : actions,
    newDocumentOptions: (items, { creationContext }) =>
      creationContext.type === 'global' ? items.filter(({ templateId }) => !singletons.has(templateId)) : items,
  },
});
