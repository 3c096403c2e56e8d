// Friendly cartoon puppies drawn as SVG, so the demo data needs no photos in the repository and no
// remote URLs. A fixed pool of looks (ear shape × coat × pose) is rendered once per data directory
// (seed-images.ts) and shared by all seeded listings; a listing picks the look that matches its
// breed's ears and its first coat colour, so a black Labrador shows a black drop-eared puppy.
import type { Rng } from './rng.ts';

export type EarStyle = 'floppy' | 'drop' | 'pointy' | 'fluffy';
export type CoatPattern = 'solid' | 'blaze' | 'mask' | 'patch' | 'spots' | 'tan-points';
export type CoatId = 'black' | 'chocolate' | 'golden' | 'tricolor' | 'cream' | 'gray';
/** 0: sitting and looking, 1: head tilt with tongue out, 2: happy eyes with a ball */
export type Pose = 0 | 1 | 2;

/** what a breed's portrait is drawn from (breeds.ts's BreedSeed has these and more) */
export interface BreedLook {
  name: string;
  colors: readonly string[];
  ear: EarStyle;
  pattern: CoatPattern;
}

export interface PuppyLook {
  ear: EarStyle;
  coat: CoatId;
  pattern: CoatPattern;
  pose: Pose;
  /** picks the background and collar colours */
  variant: number;
}

export interface SeedImage {
  /** file stem under uploads/seed/: `<name>.webp`, `<name>-w640.webp`, `<name>-w320.webp` */
  name: string;
  look: PuppyLook;
  /**
   * width of `<name>.webp`. Breed portraits are only shown small, so they stop at 640 (their
   * `-w640` file is the same picture) and seeding stays fast.
   */
  mainWidth: 1200 | 640;
}

export const EAR_STYLES: readonly EarStyle[] = ['floppy', 'drop', 'pointy', 'fluffy'];
export const COATS: readonly CoatId[] = ['black', 'chocolate', 'golden', 'tricolor', 'cream', 'gray'];
const POSES: readonly Pose[] = [0, 1, 2];

/** the URL path seeded images are served under (DATA_DIR/uploads is served at /uploads) */
export const SEED_IMAGE_PATH = '/uploads/seed';

export function seedImageUrl(name: string): string {
  return `${SEED_IMAGE_PATH}/${name}.webp`;
}

/** docs/product.md §3 colour → the cartoon coat that shows it */
export function coatForColor(color: string): CoatId {
  switch (color.toLowerCase()) {
    case 'black':
      return 'black';
    case 'brown':
    case 'chocolate':
    case 'brindle':
      return 'chocolate';
    case 'tri-color':
      return 'tricolor';
    case 'white':
    case 'cream':
      return 'cream';
    case 'gray':
    case 'silver':
    case 'blue':
    case 'merle':
      return 'gray';
    default:
      return 'golden'; // Golden, Tan, Red, Fawn, Sable
  }
}

// Each ear/coat pair is one imaginary puppy, so its markings stay the same in all three poses.
const POOL_PATTERNS: readonly CoatPattern[] = ['solid', 'blaze', 'solid', 'patch', 'mask', 'spots'];

function poolName(ear: EarStyle, coat: CoatId, pose: Pose): string {
  return `puppy-${ear}-${coat}-${pose + 1}`;
}

/** every look of the shared pool: 4 ear shapes × 6 coats × 3 poses */
export const PUPPY_POOL: readonly SeedImage[] = EAR_STYLES.flatMap((ear, e) =>
  COATS.flatMap((coat, c) =>
    POSES.map((pose): SeedImage => ({
      name: poolName(ear, coat, pose),
      look: {
        ear,
        coat,
        pattern: POOL_PATTERNS[(e + c) % POOL_PATTERNS.length]!,
        pose,
        variant: e * 7 + c * 3 + pose * 2,
      },
      mainWidth: 1200,
    })),
  ),
);

export function breedSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** the one portrait of a breed: its ears, its first colour, its typical markings */
export function breedImage(breed: BreedLook): SeedImage {
  const first = breed.colors[0] ?? 'Golden';
  let hash = 0;
  for (const ch of breed.name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return {
    name: `breed-${breedSlug(breed.name)}`,
    look: { ear: breed.ear, coat: coatForColor(first), pattern: breed.pattern, pose: 0, variant: hash % 97 },
    mainWidth: 640,
  };
}

/**
 * Main image and up to `extras` more of the same puppy for a listing. The extra pictures are the
 * other poses of the same look, and the breed portrait when it shows the same coat.
 */
export function pickPuppyImages(
  breed: BreedLook,
  colors: readonly string[],
  rng: Rng,
  extras: number,
): { imageUrl: string; imageUrls: string[] } {
  const coat = coatForColor(colors[0] ?? breed.colors[0] ?? 'Golden');
  const poses = rng.shuffle(POSES);
  const names = poses.map((pose) => poolName(breed.ear, coat, pose));
  const portrait = breedImage(breed);
  if (portrait.look.coat === coat) names.push(portrait.name);
  const [main, ...rest] = names.map(seedImageUrl);
  return { imageUrl: main!, imageUrls: rest.slice(0, Math.max(0, extras)) };
}

interface Palette {
  fur: string;
  ear: string;
  muzzle: string;
  /** contrasting colour of patches, spots and masks */
  mark: string;
  tan: string;
  /** ring that keeps dark eyes visible on a dark face */
  eyeRing: string | null;
}

const WHITE = '#faf6ef';
const INK = '#2a2220';
const PALETTES: Record<CoatId, Palette> = {
  black: { fur: '#38322f', ear: '#24201e', muzzle: '#5e5552', mark: WHITE, tan: '#c27c3e', eyeRing: '#6d6360' },
  chocolate: { fur: '#7a4a2b', ear: '#5a331c', muzzle: '#b07d56', mark: WHITE, tan: '#d19a5e', eyeRing: '#9a6a48' },
  golden: { fur: '#e3a857', ear: '#c7883a', muzzle: '#f6dcae', mark: '#5b3d22', tan: '#a8692f', eyeRing: null },
  tricolor: { fur: '#38322f', ear: '#24201e', muzzle: WHITE, mark: WHITE, tan: '#c27c3e', eyeRing: '#6d6360' },
  cream: { fur: '#f1e2c4', ear: '#dcc195', muzzle: '#fcf7ee', mark: '#4a3b33', tan: '#c9995c', eyeRing: null },
  gray: { fur: '#98a2ad', ear: '#727c88', muzzle: '#e3e6ea', mark: '#474d55', tan: '#c58a4f', eyeRing: null },
};
const DARK_COATS: ReadonlySet<CoatId> = new Set(['black', 'chocolate', 'tricolor', 'gray']);

const BACKGROUNDS = [
  '#fde2e4',
  '#e2f0cb',
  '#cde7f0',
  '#fff1c1',
  '#e8dff5',
  '#ffd8be',
  '#d4f1ec',
  '#f9e0f0',
  '#dfe7fd',
  '#fbe7c6',
];
const COLLARS = ['#e63946', '#2a9d8f', '#457b9d', '#f4a261', '#8e44ad', '#e76f51', '#3a86ff'];
const BALLS = ['#ff595e', '#1982c4', '#8ac926', '#ffca3a'];

/** mirrors a left-side shape onto the right side of the face */
const mirror = (shape: string) => `${shape}<g transform="matrix(-1 0 0 1 400 0)">${shape}</g>`;

function ears(look: PuppyLook, p: Palette): { behind: string; over: string } {
  switch (look.ear) {
    case 'pointy':
      return {
        behind: mirror(
          `<path d="M136 96 L146 26 L192 70 Z" fill="${p.fur}" stroke="${p.fur}" stroke-width="12" stroke-linejoin="round"/>` +
            `<path d="M148 84 L153 46 L178 70 Z" fill="#f4b6b6" stroke="#f4b6b6" stroke-width="6" stroke-linejoin="round"/>`,
        ),
        over: '',
      };
    case 'drop':
      return {
        behind: '',
        over: mirror(`<path d="M156 68 Q114 60 110 106 Q112 142 134 134 Q142 100 166 80 Z" fill="${p.ear}"/>`),
      };
    case 'floppy':
      return {
        behind: '',
        over: mirror(`<ellipse cx="128" cy="140" rx="25" ry="56" transform="rotate(16 128 140)" fill="${p.ear}"/>`),
      };
    case 'fluffy':
      return {
        behind: '',
        over:
          mirror(
            `<g fill="${p.ear}"><circle cx="128" cy="110" r="23"/><circle cx="119" cy="138" r="23"/><circle cx="126" cy="166" r="21"/><circle cx="138" cy="188" r="16"/></g>`,
          ) +
          `<g fill="${p.fur}"><circle cx="172" cy="70" r="21"/><circle cx="200" cy="60" r="24"/><circle cx="228" cy="70" r="21"/></g>`,
      };
  }
}

/** markings on the face, drawn between the head and the eyes */
function faceMarks(look: PuppyLook, p: Palette): { marks: string; muzzle: string } {
  const blaze = `<path d="M191 66 Q200 60 209 66 L216 146 L184 146 Z" fill="${WHITE}"/>`;
  const brows = `<ellipse cx="172" cy="101" rx="9" ry="6" fill="${p.tan}"/><ellipse cx="228" cy="101" rx="9" ry="6" fill="${p.tan}"/>`;
  if (look.coat === 'tricolor') return { marks: blaze + brows, muzzle: WHITE };
  switch (look.pattern) {
    case 'blaze':
      return { marks: blaze, muzzle: WHITE };
    case 'tan-points':
      return { marks: brows, muzzle: p.tan };
    case 'patch':
      return { marks: `<ellipse cx="171" cy="120" rx="25" ry="22" fill="${p.mark}"/>`, muzzle: p.muzzle };
    case 'spots':
      return {
        marks: `<g fill="${p.mark}"><circle cx="150" cy="98" r="8"/><circle cx="243" cy="92" r="6"/><circle cx="236" cy="170" r="5"/><circle cx="160" cy="172" r="6"/><circle cx="214" cy="82" r="4"/></g>`,
        muzzle: p.muzzle,
      };
    case 'mask':
      return DARK_COATS.has(look.coat)
        ? {
            marks: `<path d="M132 136 Q150 96 176 112 Q200 124 224 112 Q250 96 268 136 Q262 196 200 196 Q138 196 132 136 Z" fill="${WHITE}"/>`,
            muzzle: WHITE,
          }
        : { marks: `<ellipse cx="200" cy="136" rx="52" ry="36" fill="${p.mark}" opacity="0.85"/>`, muzzle: p.mark };
    case 'solid':
      return { marks: '', muzzle: p.muzzle };
  }
}

function eyes(look: PuppyLook, p: Palette): string {
  const darkMask = look.pattern === 'mask' && !DARK_COATS.has(look.coat);
  if (look.pose === 2) {
    const stroke = darkMask ? WHITE : INK;
    return mirror(
      `<path d="M160 124 Q171 110 182 124" fill="none" stroke="${stroke}" stroke-width="5" stroke-linecap="round"/>`,
    );
  }
  const ringColor = darkMask ? '#8a7b70' : p.eyeRing;
  const ring = ringColor ? `<circle cx="171" cy="122" r="14" fill="${ringColor}"/>` : '';
  return mirror(
    `${ring}<circle cx="171" cy="122" r="11" fill="${INK}"/><circle cx="175" cy="118" r="4" fill="#fff"/><circle cx="167" cy="126" r="1.8" fill="#fff"/>`,
  );
}

function body(look: PuppyLook, p: Palette, chest: string, paws: string, spots: boolean): string {
  const tail = `<path d="M268 258 Q318 236 304 196" fill="none" stroke="${p.fur}" stroke-width="16" stroke-linecap="round"/>`;
  const torso = `<ellipse cx="200" cy="252" rx="82" ry="62" fill="${p.fur}"/>`;
  const chestPatch = chest === p.fur ? '' : `<ellipse cx="200" cy="232" rx="30" ry="38" fill="${chest}"/>`;
  const legs = mirror(
    `<rect x="160" y="222" width="30" height="62" rx="15" fill="${p.fur}"/><ellipse cx="175" cy="284" rx="21" ry="12" fill="${paws}"/>`,
  );
  const dots = spots
    ? `<g fill="${p.mark}"><circle cx="150" cy="246" r="9"/><circle cx="248" cy="262" r="8"/><circle cx="262" cy="228" r="5"/></g>`
    : '';
  return tail + torso + chestPatch + dots + legs;
}

/** The SVG of one puppy picture, 4:3, drawn on a 400×300 canvas and sized `width` wide. */
export function renderPuppySvg(look: PuppyLook, width = 1200): string {
  const p = PALETTES[look.coat];
  const bg = BACKGROUNDS[look.variant % BACKGROUNDS.length]!;
  const collar = COLLARS[look.variant % COLLARS.length]!;
  const { behind, over } = ears(look, p);
  const { marks, muzzle } = faceMarks(look, p);
  const white = muzzle === WHITE;
  const chest = white ? WHITE : look.pattern === 'tan-points' ? p.tan : p.fur;
  const paws = white ? WHITE : look.pattern === 'tan-points' ? p.tan : p.muzzle;
  const tilt = look.pose === 1 ? ' transform="rotate(-11 200 160)"' : '';
  const tongue =
    look.pose === 0
      ? ''
      : `<path d="M192 166 Q191 188 200 188 Q209 188 208 166 Z" fill="#f1808f"/><path d="M200 170 L200 182" stroke="#d9606f" stroke-width="2"/>`;
  const ball =
    look.pose === 2
      ? `<circle cx="318" cy="262" r="24" fill="${BALLS[look.variant % BALLS.length]}"/><path d="M296 254 Q318 270 340 254" fill="none" stroke="#fff" stroke-width="4"/>`
      : '';
  const confetti = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const x = ((look.variant * 37 + i * 71) % 380) + 10;
      const y = ((look.variant * 53 + i * 43) % 120) + 10;
      return `<circle cx="${x}" cy="${y}" r="${4 + ((look.variant + i) % 4)}" fill="#fff" opacity="0.55"/>`;
    })
    .join('');
  const height = Math.round((width * 3) / 4);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="${width}" height="${height}">` +
    `<rect width="400" height="300" fill="${bg}"/>${confetti}` +
    `<circle cx="200" cy="150" r="128" fill="#fff" opacity="0.35"/>` +
    `<ellipse cx="200" cy="292" rx="120" ry="12" fill="#000" opacity="0.08"/>` +
    body(look, p, chest, paws, look.pattern === 'spots') +
    ball +
    `<path d="M146 192 Q200 222 254 192" fill="none" stroke="${collar}" stroke-width="11" stroke-linecap="round"/>` +
    `<circle cx="200" cy="214" r="8" fill="#f4c542" stroke="#d9a521" stroke-width="2"/>` +
    `<g${tilt}>${behind}` +
    `<ellipse cx="200" cy="128" rx="74" ry="66" fill="${p.fur}"/>${marks}${over}` +
    eyes(look, p) +
    `<ellipse cx="200" cy="160" rx="40" ry="28" fill="${muzzle}"/>` +
    `<ellipse cx="200" cy="146" rx="14" ry="10" fill="${INK}"/><ellipse cx="196" cy="142" rx="5" ry="3" fill="#fff" opacity="0.5"/>` +
    tongue +
    `<path d="M200 156 L200 164 M185 165 Q192 173 200 164 Q208 173 215 165" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>` +
    `<ellipse cx="158" cy="160" rx="11" ry="7" fill="#ff8fa3" opacity="0.35"/><ellipse cx="242" cy="160" rx="11" ry="7" fill="#ff8fa3" opacity="0.35"/>` +
    `</g></svg>`
  );
}
