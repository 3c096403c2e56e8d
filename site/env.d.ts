// Astro.locals on the on-demand pages: what the Express app hands them (docs/decisions/0065).
declare namespace App {
  // Declaration merging needs an interface; it adds nothing of its own.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Locals extends Partial<import('#contracts/pages.ts').PageLocals> {}
}
