// Draws the dataset's illustrations as SVG and renders them to WebP with sharp, so the repository ships
// small original images instead of stock photos (no licences, no remote URLs).
// Run: npx node content/tools/make-images.ts   (writes content/images/*.webp)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT_DIR = path.resolve(import.meta.dirname, '../images');
const INK = '#2b2118';

interface DogLook {
  fur: string;
  ear: string;
  muzzle: string;
  ears: 'floppy' | 'pointy';
  patch?: string;
}

const LOOKS = {
  golden: { fur: '#e0a552', ear: '#c98a3a', muzzle: '#f6dcb0', ears: 'floppy' },
  choc: { fur: '#7a4a2b', ear: '#5c3520', muzzle: '#b98a63', ears: 'floppy' },
  cream: { fur: '#f3e3c3', ear: '#d9bb8a', muzzle: '#fff6e6', ears: 'floppy', patch: '#d9bb8a' },
  husky: { fur: '#8f9aa6', ear: '#6d7884', muzzle: '#f4f6f8', ears: 'pointy' },
  corgi: { fur: '#e08a3c', ear: '#c46e22', muzzle: '#fff3e3', ears: 'pointy' },
  black: { fur: '#3a3330', ear: '#241f1d', muzzle: '#7a6a60', ears: 'floppy' },
} satisfies Record<string, DogLook>;

/** A puppy's head centred on (0,0), about 240 units wide before scaling. */
function dogHead(look: DogLook): string {
  const ears =
    look.ears === 'floppy'
      ? `<ellipse cx="-92" cy="-6" rx="36" ry="72" fill="${look.ear}" transform="rotate(18 -92 -6)"/>
         <ellipse cx="92" cy="-6" rx="36" ry="72" fill="${look.ear}" transform="rotate(-18 92 -6)"/>`
      : `<path d="M-96 -20 Q-128 -150 -36 -84 Z" fill="${look.ear}" stroke="${look.ear}" stroke-width="14" stroke-linejoin="round"/>
         <path d="M96 -20 Q128 -150 36 -84 Z" fill="${look.ear}" stroke="${look.ear}" stroke-width="14" stroke-linejoin="round"/>
         <path d="M-84 -40 Q-100 -116 -50 -80 Z" fill="#f2b8b0"/><path d="M84 -40 Q100 -116 50 -80 Z" fill="#f2b8b0"/>`;
  const patch = look.patch ? `<ellipse cx="40" cy="-22" rx="30" ry="26" fill="${look.patch}"/>` : '';
  return `${ears}
    <ellipse cx="0" cy="0" rx="100" ry="92" fill="${look.fur}"/>
    ${patch}
    <ellipse cx="0" cy="42" rx="60" ry="46" fill="${look.muzzle}"/>
    <circle cx="-38" cy="-16" r="11" fill="${INK}"/><circle cx="38" cy="-16" r="11" fill="${INK}"/>
    <circle cx="-34" cy="-20" r="3.5" fill="#fff"/><circle cx="42" cy="-20" r="3.5" fill="#fff"/>
    <path d="M-22 14 Q0 6 22 14 Q18 34 0 36 Q-18 34 -22 14 Z" fill="${INK}"/>
    <path d="M-20 48 Q0 62 20 48" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>
    <path d="M-11 55 Q0 84 11 55 Z" fill="#e8787a"/>
    <ellipse cx="-62" cy="22" rx="13" ry="8" fill="#f2a7a0" opacity="0.55"/>
    <ellipse cx="62" cy="22" rx="13" ry="8" fill="#f2a7a0" opacity="0.55"/>`;
}

/** A sitting puppy, head at the top, about 260 x 330 units, origin at the head's centre. */
function sittingDog(look: DogLook): string {
  return `<path d="M70 150 Q150 120 140 60" stroke="${look.ear}" stroke-width="22" fill="none" stroke-linecap="round"/>
    <ellipse cx="0" cy="150" rx="92" ry="100" fill="${look.fur}"/>
    <ellipse cx="0" cy="160" rx="50" ry="70" fill="${look.muzzle}" opacity="0.8"/>
    <rect x="-62" y="180" width="38" height="90" rx="19" fill="${look.fur}"/>
    <rect x="24" y="180" width="38" height="90" rx="19" fill="${look.fur}"/>
    <ellipse cx="-43" cy="268" rx="26" ry="14" fill="${look.muzzle}"/>
    <ellipse cx="43" cy="268" rx="26" ry="14" fill="${look.muzzle}"/>
    <rect x="-56" y="82" width="112" height="18" rx="9" fill="#d9534f"/>
    <circle cx="0" cy="108" r="12" fill="#f5c542"/>
    ${dogHead(look)}`;
}

/** A person's head and shoulders for a testimonial avatar, centred on (0,0). */
function person(skin: string, hair: string, shirt: string, long: boolean): string {
  const back = long ? `<path d="M-70 -10 Q-80 90 -40 110 L40 110 Q80 90 70 -10 Z" fill="${hair}"/>` : '';
  return `${back}
    <path d="M-110 200 Q-110 100 0 100 Q110 100 110 200 Z" fill="${shirt}"/>
    <rect x="-18" y="50" width="36" height="50" rx="12" fill="${skin}"/>
    <ellipse cx="0" cy="0" rx="62" ry="72" fill="${skin}"/>
    <path d="M-64 -6 Q-70 -80 0 -78 Q70 -80 64 -6 Q50 -50 0 -48 Q-40 -50 -64 -6 Z" fill="${hair}"/>
    <circle cx="-22" cy="4" r="6" fill="${INK}"/><circle cx="22" cy="4" r="6" fill="${INK}"/>
    <path d="M-22 32 Q0 50 22 32" stroke="${INK}" stroke-width="5" fill="none" stroke-linecap="round"/>
    <ellipse cx="-38" cy="26" rx="10" ry="6" fill="#f2a7a0" opacity="0.6"/><ellipse cx="38" cy="26" rx="10" ry="6" fill="#f2a7a0" opacity="0.6"/>`;
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

function gradient(id: string, from: string, to: string): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`;
}

const paw = (x: number, y: number, s: number, fill: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}"><ellipse cx="0" cy="14" rx="16" ry="13"/><circle cx="-16" cy="-6" r="7"/><circle cx="-5" cy="-15" r="7"/><circle cx="7" cy="-15" r="7"/><circle cx="17" cy="-6" r="7"/></g>`;

function hero(): string {
  const w = 1440;
  const h = 810;
  return svg(
    w,
    h,
    `${gradient('sky', '#fde7c8', '#fbd3a4')}
    <rect width="${w}" height="${h}" fill="url(#sky)"/>
    <circle cx="1180" cy="170" r="90" fill="#ffd36e"/>
    <path d="M0 560 Q360 470 720 540 T1440 520 V810 H0 Z" fill="#a8d59a"/>
    <path d="M0 640 Q420 580 860 650 T1440 630 V810 H0 Z" fill="#86c27a"/>
    ${paw(160, 180, 1.6, '#f6c28f')}${paw(300, 120, 1.2, '#f6c28f')}${paw(430, 200, 1, '#f6c28f')}
    <g transform="translate(560 330) scale(1.05)">${sittingDog(LOOKS.golden)}</g>
    <g transform="translate(860 380) scale(0.9)">${sittingDog(LOOKS.husky)}</g>
    <g transform="translate(1120 440) scale(0.72)">${sittingDog(LOOKS.cream)}</g>
    <circle cx="340" cy="690" r="34" fill="#e8573f"/><path d="M310 680 Q340 700 370 680" stroke="#fff" stroke-width="6" fill="none"/>`,
  );
}

function categoryCard(kind: 'family' | 'apartment' | 'active'): string {
  const w = 800;
  const h = 600;
  if (kind === 'family') {
    return svg(
      w,
      h,
      `${gradient('bg', '#dff1fb', '#c5e5f6')}<rect width="${w}" height="${h}" fill="url(#bg)"/>
      <rect y="470" width="${w}" height="130" fill="#9fd08f"/>
      <rect x="460" y="230" width="260" height="240" fill="#f7efe2"/><path d="M440 240 L590 120 L740 240 Z" fill="#d9534f"/>
      <rect x="560" y="360" width="60" height="110" rx="6" fill="#8a5a3b"/><rect x="490" y="280" width="50" height="50" fill="#bfe3f5"/><rect x="640" y="280" width="50" height="50" fill="#bfe3f5"/>
      <path d="M170 150 C170 115 215 105 230 140 C245 105 290 115 290 150 C290 195 230 225 230 235 C230 225 170 195 170 150 Z" fill="#f28b82"/>
      <g transform="translate(250 280) scale(0.62)">${sittingDog(LOOKS.golden)}</g>
      <g transform="translate(400 350) scale(0.42)">${sittingDog(LOOKS.choc)}</g>`,
    );
  }
  if (kind === 'apartment') {
    const windows = Array.from({ length: 4 }, (_, row) =>
      Array.from(
        { length: 3 },
        (_, col) =>
          `<rect x="${455 + col * 80}" y="${110 + row * 90}" width="50" height="56" rx="4" fill="${(row + col) % 2 ? '#ffe39a' : '#cfe8f7'}"/>`,
      ).join(''),
    ).join('');
    return svg(
      w,
      h,
      `${gradient('bg', '#ece6fb', '#d9cff6')}<rect width="${w}" height="${h}" fill="url(#bg)"/>
      <rect x="420" y="70" width="280" height="460" rx="8" fill="#8c7fb8"/>${windows}
      <rect x="0" y="500" width="${w}" height="100" fill="#b9a98f"/>
      <rect x="90" y="430" width="280" height="90" rx="30" fill="#e57373"/><rect x="70" y="400" width="60" height="120" rx="24" fill="#d45d5d"/><rect x="330" y="400" width="60" height="120" rx="24" fill="#d45d5d"/>
      <g transform="translate(230 250) scale(0.55)">${sittingDog(LOOKS.corgi)}</g>`,
    );
  }
  return svg(
    w,
    h,
    `${gradient('bg', '#fff1d6', '#ffd9a8')}<rect width="${w}" height="${h}" fill="url(#bg)"/>
    <circle cx="640" cy="130" r="70" fill="#ffc94d"/>
    <path d="M0 420 L180 220 L330 380 L470 200 L800 460 V600 H0 Z" fill="#8fb9a8"/>
    <path d="M180 220 L215 260 L150 255 Z M470 200 L510 240 L440 235 Z" fill="#ffffff"/>
    <path d="M0 470 Q400 420 800 480 V600 H0 Z" fill="#7cbf6e"/>
    <path d="M120 560 Q300 500 520 540" stroke="#e9d7b0" stroke-width="26" fill="none" stroke-linecap="round"/>
    <g transform="translate(400 300) scale(0.6)">${sittingDog(LOOKS.husky)}</g>
    <circle cx="600" cy="470" r="26" fill="#9ccc3d"/><path d="M578 462 Q600 476 622 462" stroke="#fff" stroke-width="4" fill="none"/>`,
  );
}

const PRODUCT_ART: Record<string, { bg: string; art: string }> = {
  'product-puppy-food': {
    bg: '#fdebd3',
    art: `<path d="M200 150 L400 150 L420 470 Q300 500 180 470 Z" fill="#e07a3f"/><rect x="200" y="130" width="200" height="36" rx="8" fill="#c45f27"/>
      <g transform="translate(300 300) scale(0.5)">${dogHead(LOOKS.golden)}</g>
      <circle cx="150" cy="480" r="14" fill="#a86b3c"/><circle cx="450" cy="486" r="12" fill="#a86b3c"/><circle cx="430" cy="460" r="10" fill="#a86b3c"/>`,
  },
  'product-bowl-set': {
    bg: '#dcefff',
    art: `<ellipse cx="210" cy="420" rx="130" ry="34" fill="#9fb4c8"/><path d="M80 340 L340 340 L310 420 L110 420 Z" fill="#c9d6e3"/><ellipse cx="210" cy="340" rx="130" ry="30" fill="#e8eef4"/><ellipse cx="210" cy="340" rx="100" ry="20" fill="#8fc1e8"/>
      <ellipse cx="410" cy="440" rx="110" ry="30" fill="#9fb4c8"/><path d="M300 370 L520 370 L495 440 L325 440 Z" fill="#c9d6e3"/><ellipse cx="410" cy="370" rx="110" ry="26" fill="#e8eef4"/><ellipse cx="410" cy="370" rx="84" ry="17" fill="#b07a4a"/>
      ${paw(300, 200, 2.2, '#7fa6c9')}`,
  },
  'product-harness-leash': {
    bg: '#e6f6e9',
    art: `<path d="M140 170 Q300 80 420 200 Q520 300 400 380 Q300 450 200 420" stroke="#2f8f5b" stroke-width="22" fill="none" stroke-linecap="round"/>
      <rect x="170" y="390" width="70" height="60" rx="14" fill="#1f6b42"/><circle cx="160" cy="170" r="26" fill="none" stroke="#9aa5b1" stroke-width="12"/>
      <path d="M250 250 Q300 200 350 250 L360 330 Q300 360 240 330 Z" fill="#3fb073"/><circle cx="300" cy="300" r="12" fill="#f5c542"/>`,
  },
  'product-chew-toys': {
    bg: '#fff0f3',
    art: `<g transform="rotate(-20 300 260)"><rect x="180" y="235" width="240" height="50" rx="25" fill="#f7d7a8"/><circle cx="180" cy="232" r="36" fill="#f7d7a8"/><circle cx="180" cy="288" r="36" fill="#f7d7a8"/><circle cx="420" cy="232" r="36" fill="#f7d7a8"/><circle cx="420" cy="288" r="36" fill="#f7d7a8"/></g>
      <circle cx="400" cy="430" r="70" fill="#9ccc3d"/><path d="M340 400 Q400 440 460 400 M340 460 Q400 420 460 460" stroke="#fff" stroke-width="8" fill="none"/>
      <path d="M150 400 q30 -40 60 0 q30 40 60 0" stroke="#e0527a" stroke-width="26" fill="none" stroke-linecap="round"/>`,
  },
  'product-puppy-bed': {
    bg: '#efe9fb',
    art: `<ellipse cx="300" cy="410" rx="230" ry="80" fill="#7e6bb8"/><ellipse cx="300" cy="390" rx="180" ry="56" fill="#c9bdf0"/>
      <g transform="translate(300 330) scale(0.55)">${dogHead(LOOKS.choc)}</g>
      <path d="M120 380 Q300 470 480 380" stroke="#7e6bb8" stroke-width="40" fill="none" stroke-linecap="round"/>
      <path d="M420 190 h40 l-40 40 h40 M480 140 h28 l-28 28 h28" stroke="#7e6bb8" stroke-width="8" fill="none" stroke-linejoin="round"/>`,
  },
  'product-shampoo': {
    bg: '#e3f6f8',
    art: `<rect x="220" y="190" width="160" height="280" rx="40" fill="#4fb3bf"/><rect x="265" y="140" width="70" height="60" rx="10" fill="#2f8f99"/><rect x="285" y="100" width="60" height="30" rx="8" fill="#2f8f99"/>
      <rect x="245" y="270" width="110" height="110" rx="20" fill="#e9fbfd"/>${paw(300, 325, 1.6, '#4fb3bf')}
      <circle cx="160" cy="200" r="30" fill="#ffffff" opacity="0.8"/><circle cx="130" cy="260" r="18" fill="#ffffff" opacity="0.8"/><circle cx="450" cy="180" r="24" fill="#ffffff" opacity="0.8"/>`,
  },
  'product-training-treats': {
    bg: '#fff4d6',
    art: `<rect x="190" y="200" width="220" height="270" rx="36" fill="#f2e3c0" stroke="#c9a86a" stroke-width="10"/><rect x="180" y="160" width="240" height="56" rx="14" fill="#d9534f"/>
      <g fill="#a86b3c"><circle cx="250" cy="300" r="16"/><circle cx="300" cy="340" r="16"/><circle cx="350" cy="300" r="16"/><circle cx="260" cy="400" r="16"/><circle cx="330" cy="410" r="16"/></g>
      <path d="M470 280 l14 28 31 5 -22 22 5 31 -28 -14 -28 14 5 -31 -22 -22 31 -5 Z" fill="#f5c542"/>`,
  },
};

function product(name: string): string {
  const entry = PRODUCT_ART[name];
  if (!entry) throw new Error(`no art for ${name}`);
  return svg(
    600,
    600,
    `<rect width="600" height="600" fill="${entry.bg}"/><ellipse cx="300" cy="520" rx="220" ry="26" fill="#000" opacity="0.06"/>${entry.art}`,
  );
}

const AVATARS: Record<string, { bg: string; skin: string; hair: string; shirt: string; long: boolean; dog: DogLook }> =
  {
    'avatar-sarah': {
      bg: '#fde2e4',
      skin: '#f1c7a5',
      hair: '#7a4a2b',
      shirt: '#e76f51',
      long: true,
      dog: LOOKS.golden,
    },
    'avatar-james': {
      bg: '#dbeafe',
      skin: '#8d5a3b',
      hair: '#2b2118',
      shirt: '#2a9d8f',
      long: false,
      dog: LOOKS.black,
    },
    'avatar-priya': { bg: '#ede9fe', skin: '#c68e62', hair: '#241f1d', shirt: '#6d5bd0', long: true, dog: LOOKS.cream },
    'avatar-marcus': {
      bg: '#dcfce7',
      skin: '#e8b995',
      hair: '#b5773a',
      shirt: '#3a6ea5',
      long: false,
      dog: LOOKS.corgi,
    },
    'avatar-elena': { bg: '#fef3c7', skin: '#f3d2b3', hair: '#3a3330', shirt: '#d9534f', long: true, dog: LOOKS.husky },
  };

function avatar(name: string): string {
  const a = AVATARS[name];
  if (!a) throw new Error(`no avatar ${name}`);
  return svg(
    256,
    256,
    `<rect width="256" height="256" fill="${a.bg}"/>
    <g transform="translate(110 120) scale(0.78)">${person(a.skin, a.hair, a.shirt, a.long)}</g>
    <g transform="translate(196 200) scale(0.3)">${dogHead(a.dog)}</g>`,
  );
}

async function render(file: string, source: string, quality = 80): Promise<void> {
  const out = path.join(OUT_DIR, file);
  const data = await sharp(Buffer.from(source)).webp({ quality, effort: 6 }).toBuffer();
  writeFileSync(out, data);
  console.log(`${file}\t${(data.length / 1024).toFixed(1)} KB`);
}

mkdirSync(OUT_DIR, { recursive: true });
await render('hero-puppies.webp', hero(), 72);
for (const kind of ['family', 'apartment', 'active'] as const)
  await render(`category-${kind}.webp`, categoryCard(kind));
for (const name of Object.keys(PRODUCT_ART)) await render(`${name}.webp`, product(name));
for (const name of Object.keys(AVATARS)) await render(`${name}.webp`, avatar(name));
