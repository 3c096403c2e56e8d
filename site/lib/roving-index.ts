// Keyboard moves through a row of tabs, thumbnails or views (WAI-ARIA tabs pattern): the arrows move
// one step and wrap, Home and End jump to the ends. One rule for every tablist on the site.

/** the index `key` moves to from `index` in a row of `count`, or undefined for any other key */
export function rovingIndex(key: string, index: number, count: number): number | undefined {
  if (count < 1) return undefined;
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
