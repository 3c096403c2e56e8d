// A name made into an address: lower case, ASCII letters and digits, one hyphen between words. One rule
// for a kennel's page (decision 0118) and a breed's (decision 0130), in a module of its own so that a
// page offering breed names does not carry the breeders contract's schemas.
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
