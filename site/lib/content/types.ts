// See index.ts: the content types live in content-source/types.ts.
export type * from '#content/types.ts';
