// Astro.locals on the on-demand pages: what the Express app hands them (docs/decisions/0065).
declare namespace App {
  interface Locals extends Partial<import('#contracts/pages.ts').PageLocals> {}
}
