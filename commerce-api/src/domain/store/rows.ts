// What every repository's rows share (docs/decisions/0109-the-domain-owns-its-store.md).

export type New<T extends { id: number }> = Omit<T, 'id'>;
/** the fields an update may set: never the id */
export type Patch<T extends { id: number }> = Partial<Omit<T, 'id'>>;
