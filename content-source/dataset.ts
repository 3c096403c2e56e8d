// Loads content/*.ndjson (a Sanity dataset export) the way Sanity would serve it after
// `sanity dataset import`: published documents only, and every `_sanityAsset` image turned into a
// reference to a `sanity.imageAsset` document with its URL and dimensions.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SanityDocument {
  _id: string;
  _type: string;
  [field: string]: unknown;
}

export interface AssetFile {
  /** Absolute path of the image file */
  file: string;
  sha1: string;
  width: number;
  height: number;
  extension: string;
}

export interface LoadOptions {
  /** The URL an asset document gets. Default: the file's path relative to the working directory. */
  assetUrl?: (asset: AssetFile) => string;
}

const ASSET_KEY = '_sanityAsset';
// The form `sanity dataset import` resolves against the ndjson file's folder.
const ASSET_PATTERN = /^image@file:\/\/\.\/(.+)$/;

/** Documents that the published perspective of Sanity's API would not return. */
export function isPublishedId(id: string): boolean {
  return !id.startsWith('drafts.') && !id.startsWith('versions.');
}

export function ndjsonFiles(contentDir: string): string[] {
  return readdirSync(contentDir)
    .filter((name) => name.endsWith('.ndjson'))
    .sort()
    .map((name) => path.join(contentDir, name));
}

/** Every document of every ndjson file, drafts included, exactly as written. */
export function readRawDocuments(contentDir: string): SanityDocument[] {
  const docs: SanityDocument[] = [];
  for (const file of ndjsonFiles(contentDir)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (line.trim() === '') return;
        let doc: unknown;
        try {
          doc = JSON.parse(line);
        } catch (error) {
          throw new Error(`${path.basename(file)} line ${index + 1} is not valid JSON: ${(error as Error).message}`, {
            cause: error,
          });
        }
        if (!isDocument(doc)) throw new Error(`${path.basename(file)} line ${index + 1} has no _id or _type`);
        docs.push(doc);
      });
  }
  return docs;
}

export function defaultAssetUrl(asset: AssetFile): string {
  const relative = path.relative(process.cwd(), asset.file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? asset.file : relative.split(path.sep).join('/');
}

/** Published documents plus one `sanity.imageAsset` document per image file they use. */
export function loadPublishedDataset(contentDir: string, options: LoadOptions = {}): Promise<SanityDocument[]> {
  return resolveAssets(
    readRawDocuments(contentDir).filter((doc) => isPublishedId(doc._id)),
    contentDir,
    options,
  );
}

/** The documents with `_sanityAsset` values replaced by asset references, plus the asset documents. */
export async function resolveAssets(
  documents: SanityDocument[],
  contentDir: string,
  options: LoadOptions = {},
): Promise<SanityDocument[]> {
  const assetUrl = options.assetUrl ?? defaultAssetUrl;
  // keyed by absolute file path: one asset document per file, however many documents use it
  const assets = new Map<string, SanityDocument>();
  const resolved: SanityDocument[] = [];
  for (const doc of documents) {
    resolved.push((await replaceAssets(doc, contentDir, assets, assetUrl)) as SanityDocument);
  }
  return [...resolved, ...assets.values()];
}

async function replaceAssets(
  value: unknown,
  contentDir: string,
  assets: Map<string, SanityDocument>,
  assetUrl: (asset: AssetFile) => string,
): Promise<unknown> {
  if (Array.isArray(value)) {
    // One item at a time: two items using the same file must find its asset document already made.
    const items: unknown[] = [];
    for (const item of value) items.push(await replaceAssets(item, contentDir, assets, assetUrl));
    return items;
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === ASSET_KEY) continue;
    out[key] = await replaceAssets(child, contentDir, assets, assetUrl);
  }
  const ref = (value as Record<string, unknown>)[ASSET_KEY];
  if (typeof ref === 'string') {
    const asset = await assetDocument(ref, contentDir, assets, assetUrl);
    out.asset = { _type: 'reference', _ref: asset._id };
  }
  return out;
}

async function assetDocument(
  ref: string,
  contentDir: string,
  assets: Map<string, SanityDocument>,
  assetUrl: (asset: AssetFile) => string,
): Promise<SanityDocument> {
  const match = ASSET_PATTERN.exec(ref);
  if (!match?.[1]) throw new Error(`Unsupported _sanityAsset "${ref}": use image@file://./images/<file>`);
  const file = path.resolve(contentDir, match[1]);
  const known = assets.get(file);
  if (known) return known;
  const data = readFileSync(file);
  const { width, height, format } = await imageSize(data, file);
  const sha1 = createHash('sha1').update(data).digest('hex');
  const extension = format === 'jpeg' ? 'jpg' : format;
  const info: AssetFile = { file, sha1, width, height, extension };
  // Same id scheme as Sanity (image-<sha1>-<w>x<h>-<ext>), so refs look like the real thing.
  const doc: SanityDocument = {
    _id: `image-${sha1}-${width}x${height}-${extension}`,
    _type: 'sanity.imageAsset',
    assetId: sha1,
    sha1hash: sha1,
    extension,
    mimeType: `image/${format}`,
    originalFilename: path.basename(file),
    size: data.length,
    path: path.relative(contentDir, file).split(path.sep).join('/'),
    url: assetUrl(info),
    metadata: {
      _type: 'sanity.imageMetadata',
      dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
    },
  };
  assets.set(file, doc);
  return doc;
}

async function imageSize(data: Buffer, file: string): Promise<{ width: number; height: number; format: string }> {
  // sharp is loaded only here, so a dataset without images never needs the native module.
  const { default: sharp } = await import('sharp');
  const meta = await sharp(data).metadata();
  if (!meta.width || !meta.height || !meta.format) throw new Error(`Cannot read the size of ${file}`);
  return { width: meta.width, height: meta.height, format: meta.format };
}

function isDocument(value: unknown): value is SanityDocument {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as SanityDocument)._id === 'string' &&
    typeof (value as SanityDocument)._type === 'string'
  );
}
