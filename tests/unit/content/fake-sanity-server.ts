// A local stand-in for Sanity's query endpoint (GET/POST /v<date>/data/query/<dataset>), answering
// { result, ms, query } by evaluating the GROQ with groq-js over an ndjson dataset. It holds the data the
// way a real project does after `sanity dataset import`: images become asset documents with
// cdn.sanity.io URLs, and drafts exist beside published documents, so the perspective matters.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { evaluate, parse } from 'groq-js';
import { readRawDocuments, resolveAssets, type SanityDocument } from '#content/dataset.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  perspective: string | null;
}

export interface FakeSanity {
  apiHost: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

type Perspective = 'published' | 'drafts' | 'raw';

export async function startFakeSanity(options: {
  contentDir: string;
  projectId: string;
  dataset: string;
}): Promise<FakeSanity> {
  const raw = readRawDocuments(options.contentDir);
  const allDocuments = await resolveAssets(raw, options.contentDir, {
    assetUrl: ({ sha1, width, height, extension }) =>
      `https://cdn.sanity.io/images/${options.projectId}/${options.dataset}/${sha1}-${width}x${height}.${extension}`,
  });
  const views: Record<Perspective, SanityDocument[]> = {
    raw: allDocuments,
    published: allDocuments.filter((doc) => !doc._id.startsWith('drafts.') && !doc._id.startsWith('versions.')),
    drafts: withDraftsOverlaid(allDocuments),
  };
  const requests: RecordedRequest[] = [];
  const route = new RegExp(`^/v(\\d{4}-\\d{2}-\\d{2}|1)/data/query/${options.dataset}$`);

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const perspectiveParam = url.searchParams.get('perspective');
      requests.push({ method: req.method ?? '', path: url.pathname, perspective: perspectiveParam });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const version = route.exec(url.pathname)?.[1];
      if (!version) return send(404, { error: 'Not Found', message: `No route for ${url.pathname}` });

      let query: string | null;
      let params: Record<string, unknown> = {};
      if (req.method === 'POST') {
        const body = JSON.parse(await readBody(req)) as { query?: string; params?: Record<string, unknown> };
        query = body.query ?? null;
        params = body.params ?? {};
      } else {
        query = url.searchParams.get('query');
        for (const [key, value] of url.searchParams) if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value);
      }
      if (!query) return send(400, { error: 'Bad Request', message: 'Missing query' });

      // Sanity's default for API versions from 2025-02-19 on is the drafts perspective.
      const perspective = (perspectiveParam ?? (version >= '2025-02-19' ? 'drafts' : 'raw')) as Perspective;
      const dataset = views[perspective];
      if (!dataset) return send(400, { error: 'Bad Request', message: `Unknown perspective ${perspectiveParam}` });
      const started = performance.now();
      try {
        const byId = new Map(dataset.map((doc) => [doc._id, doc]));
        const value = await evaluate(parse(query, { params }), {
          dataset,
          params,
          dereference: ({ _ref }) => byId.get(_ref) ?? null,
        });
        const result = await value.get();
        send(200, { query, result, ms: Math.round(performance.now() - started) });
      } catch (error) {
        send(400, { error: { description: (error as Error).message, type: 'queryParseError' } });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiHost: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function withDraftsOverlaid(documents: SanityDocument[]): SanityDocument[] {
  const drafts = new Map(
    documents.filter((doc) => doc._id.startsWith('drafts.')).map((doc) => [doc._id.slice('drafts.'.length), doc]),
  );
  const published = documents.filter((doc) => !doc._id.startsWith('drafts.') && !doc._id.startsWith('versions.'));
  const publishedIds = new Set(published.map((doc) => doc._id));
  const overlaid = published.map((doc) => {
    const draft = drafts.get(doc._id);
    return draft ? { ...draft, _id: doc._id } : doc;
  });
  const draftOnly = [...drafts].filter(([id]) => !publishedIds.has(id)).map(([id, draft]) => ({ ...draft, _id: id }));
  return [...overlaid, ...draftOnly];
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
