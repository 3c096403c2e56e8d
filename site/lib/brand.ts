// The PuppyNest mark: a paw in a warm rounded square. One drawing for the header logo, the favicon,
// the web-manifest icons and the apple-touch icon (the PNGs are rendered from it at build time).

export const BRAND_COLOR = '#b8410e';
export const BRAND_CREAM = '#fdf6ee';

/** The paw, drawn on a 64×64 grid. */
const PAW = `<path d="M32 31.5c-5.6 0-8.9 4.6-12.2 8.9-2.9 3.7-4.8 5.8-4.8 8.8 0 4 3.4 6.4 7.6 5.9 3.9-.5 6.1-1.9 9.4-1.9s5.5 1.4 9.4 1.9c4.2.5 7.6-1.9 7.6-5.9 0-3-1.9-5.1-4.8-8.8-3.3-4.3-6.6-8.9-12.2-8.9z"/>
<ellipse cx="17.5" cy="29" rx="5" ry="6.5" transform="rotate(-22 17.5 29)"/>
<ellipse cx="26.5" cy="19.5" rx="5" ry="6.8" transform="rotate(-8 26.5 19.5)"/>
<ellipse cx="37.5" cy="19.5" rx="5" ry="6.8" transform="rotate(8 37.5 19.5)"/>
<ellipse cx="46.5" cy="29" rx="5" ry="6.5" transform="rotate(22 46.5 29)"/>`;

/** The inner markup of the mark (no <svg> wrapper), for inline use. */
export const MARK_BODY = `<rect width="64" height="64" rx="16" fill="${BRAND_COLOR}"/><g fill="${BRAND_CREAM}">${PAW}</g>`;

/** The mark as a standalone SVG document (favicon, icon source). */
export function markSvg(size = 64): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${MARK_BODY}</svg>`;
}

/** A full-bleed variant for "maskable" manifest icons: the paw sits inside the 80 % safe zone. */
export function maskableSvg(size = 512): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND_COLOR}"/><g fill="${BRAND_CREAM}" transform="translate(9.6 9.6) scale(0.7)">${PAW}</g></svg>`;
}
