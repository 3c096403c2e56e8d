// The seam between pages and the CMS: the embedded dataset and Sanity answer the same GROQ.
export type QueryParams = Record<string, string | number | boolean | null>;

export interface ContentSource {
  /** Which implementation answers; shown in logs and build output. */
  readonly name: string;
  fetch<T>(query: string, params?: QueryParams): Promise<T>;
}
