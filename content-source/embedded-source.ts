// The default content source: GROQ evaluated with groq-js over content/*.ndjson, so `npm start` needs
// no Sanity account and no network.
import { statSync } from 'node:fs';
import { evaluate, parse } from 'groq-js';
import { loadPublishedDataset, ndjsonFiles, type LoadOptions, type SanityDocument } from './dataset.ts';
import type { ContentSource, QueryParams } from './source.ts';

export interface EmbeddedSourceOptions extends LoadOptions {
  /** Folder holding the *.ndjson files and their images/ */
  contentDir: string;
}

interface Loaded {
  documents: SanityDocument[];
  byId: Map<string, SanityDocument>;
}

export function createEmbeddedSource(options: EmbeddedSourceOptions): ContentSource {
  let cache: { stamp: string; loaded: Promise<Loaded> } | undefined;

  // Reloaded when a dataset file changes, so `astro dev` picks up edits without a restart.
  function stampOf(): string {
    return ndjsonFiles(options.contentDir)
      .map((file) => `${file}:${statSync(file).mtimeMs}`)
      .join('|');
  }

  async function load(): Promise<Loaded> {
    const documents = await loadPublishedDataset(options.contentDir, options);
    return { documents, byId: new Map(documents.map((doc) => [doc._id, doc])) };
  }

  function dataset(): Promise<Loaded> {
    const stamp = stampOf();
    if (cache?.stamp !== stamp) {
      const loaded = load();
      cache = { stamp, loaded };
      // A failed load (say, a half-saved file) is retried on the next call instead of being remembered.
      loaded.catch(() => {
        if (cache?.loaded === loaded) cache = undefined;
      });
    }
    return cache.loaded;
  }

  return {
    name: 'embedded',
    async fetch<T>(query: string, params: QueryParams = {}): Promise<T> {
      const { documents, byId } = await dataset();
      const tree = parse(query, { params });
      const value = await evaluate(tree, {
        dataset: documents,
        params,
        dereference: ({ _ref }) => byId.get(_ref) ?? null,
      });
      return (await value.get()) as T;
    },
  };
}
