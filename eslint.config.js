// ESLint: the recommended rules, the layout rules the code is built on, and no issue numbers in comments
// (decision 0072), over .astro files too (eslint-plugin-astro reads their frontmatter, expressions and
// scripts). Lean on purpose: no type-aware rules and no style rules, so `npm run lint` stays quick; the
// layout of the code is Prettier's, checked by `npm run lint` after ESLint (decision 0114).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** anything that reaches into the API's source from the site, other than the shared contracts */
const API_SOURCE = {
  group: ['**/commerce-api/**'],
  message: 'site/ reaches the API only through #contracts/* (shared contracts) and #content/* (the content source).',
};
const EXPRESS = {
  group: ['express', 'express-*', 'express/*'],
  message: 'Only http/ and app.ts import Express: domain code takes and returns plain values.',
};
/** the stores implement the domain's store (domain/store/), never the other way round (decision 0109) */
const STORAGE = {
  regex: '(^|/)storage(/|\\.ts$|$)',
  message:
    'domain/ owns its store interface (domain/store/) and never imports storage/: storage/ implements it (decision 0109).',
};

/**
 * A comment cites what explains it inside the repository (a decision record, a docs/product.md section),
 * never an issue number: the issues are not in the repository (decision 0072). ESLint's own rules cannot
 * read comments (no-restricted-syntax) or match inside them (no-warning-comments matches their start),
 * hence this one.
 */
const ISSUE_NUMBER = /\bissues?[\s#-]*\d/i;
const puppynest = {
  rules: {
    'no-issue-numbers': {
      meta: {
        type: 'suggestion',
        docs: { description: 'disallow comments that cite an issue number' },
        messages: {
          issue:
            'This comment cites an issue number; cite the decision record or docs/product.md section that explains it.',
        },
        schema: [],
      },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              if (ISSUE_NUMBER.test(comment.value)) context.report({ loc: comment.loc, messageId: 'issue' });
            }
          },
        };
      },
    },
  },
};

export default defineConfig([
  globalIgnores([
    'dist/',
    'data/',
    '.astro/',
    'studio/dist/',
    'studio/.sanity/',
    'test-results*/',
    'playwright-report/',
    'tests/.tmp/',
  ]),
  {
    files: ['**/*.{js,mjs,ts,tsx,astro}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { puppynest },
    rules: {
      'puppynest/no-issue-numbers': 'error',
      // `_name` marks a parameter or binding kept for its position or shape.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // TypeScript itself reports undefined names, with the types' knowledge of globals.
      'no-undef': 'off',
    },
  },
  // .astro files: parsed by astro-eslint-parser (TypeScript in the frontmatter), with the plugin's
  // recommended rules; after the block above so the parser is the Astro one.
  astro.configs.recommended,
  {
    name: 'site reaches the API only through its contracts',
    files: ['site/**/*.{ts,tsx,mjs,js,astro}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [API_SOURCE] }] },
  },
  {
    name: 'only http/ and app.ts import Express',
    files: ['commerce-api/**/*.ts'],
    ignores: ['commerce-api/src/http/**', 'commerce-api/src/app.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [EXPRESS] }] },
  },
  {
    // Replaces the Express block's no-restricted-imports for domain/ (a later block's rule wins), so it
    // repeats EXPRESS.
    name: 'domain/ never imports storage/',
    files: ['commerce-api/src/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [EXPRESS, STORAGE] }] },
  },
  {
    name: 'contracts import only valibot',
    files: ['commerce-api/src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!valibot$|\\./[^/]+$)',
              message:
                'Contracts are shared by the site and the API: they import only valibot and each other (./name.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    name: 'domain code never reads the environment',
    files: ['commerce-api/src/domain/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'The config is passed in: read config.ts, not process.env.' },
      ],
    },
  },
]);
