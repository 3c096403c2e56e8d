// Lighthouse 13 (mobile, simulated throttling, system Chromium) on the pages docs/product.md §13 names: home,
// the list, a puppy detail page and a checkout page (logged in). Runs the real server on a temporary
// DATA_DIR against the current build (`npm run build` first). Lighthouse is fetched by npx on first use
// rather than kept in the project: it is large and only this benchmark needs it.
//
// The checkout page is measured in a Chromium profile logged in as the demo buyer, whose cookies
// Lighthouse keeps (--disable-storage-reset). A Cookie header alone (--extra-headers) reached the
// server, but the page's script reads the session hint from document.cookie: it saw none, sent the
// visitor to /auth, and Lighthouse measured the redirect (decision 0106).
//
//   npm run bench -- lighthouse                    the demo catalogue (~70 listings)
//   npm run bench -- lighthouse --listings=10000   plus 10,000 demo listings (npm run seed -- --listings=N)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
if (!existsSync(path.join(root, process.env.SITE_DIST_DIR ?? 'dist/site', 'client', 'index.html'))) {
  console.error('No site build: run "npm run build" first.');
  process.exit(1);
}
const chrome = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((file) =>
  existsSync(file),
);
if (!chrome) {
  console.error('Lighthouse needs Chromium: apt-get install -y chromium.');
  process.exit(1);
}

const listingsArg = process.argv.slice(2).find((arg) => arg.startsWith('--listings='));
const extraListings = listingsArg ? Number(listingsArg.slice('--listings='.length)) : 0;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pn-lighthouse-'));
if (extraListings > 0) {
  const seeded = spawnSync(
    process.execPath,
    [path.join(root, 'commerce-api/scripts/seed.ts'), `--listings=${extraListings}`],
    {
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  if (seeded.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  }
}
const server = spawn(process.execPath, [path.join(root, 'commerce-api/src/server.ts')], {
  env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    const match = /running at (http:\/\/[\d.:]+)/.exec(out);
    if (match) resolve(match[1]!);
  });
  server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
});

/**
 * A Chromium profile logged in as the demo buyer: Playwright logs in with the profile open, and closing
 * it writes the cookies to disk, where Lighthouse's Chromium finds them (--user-data-dir).
 */
async function signedInProfile(base: string): Promise<string> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'pn-lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chrome,
    args: ['--password-store=basic'],
  });
  try {
    const login = await context.request.post(`${base}/api/login`, {
      data: { username: 'demo-buyer', password: 'puppynest-buyer' },
    });
    if (!login.ok()) throw new Error(`the demo buyer's login failed: ${login.status()}`);
  } finally {
    await context.close();
  }
  return profile;
}

/** one request of Lighthouse's network-requests audit */
interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

/** what the page fetched, as it came over the wire (compressed): its scripts, and everything */
function shipped(requests: NetworkRequest[]): string {
  const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
  const sum = (list: NetworkRequest[]) => list.reduce((total, r) => total + (r.transferSize ?? 0), 0);
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return `JS ${kB(sum(scripts))} in ${scripts.length} files, all ${kB(sum(requests))}`;
}

try {
  const page = (await (await fetch(`${base}/api/puppies?status=available&limit=1`)).json()) as {
    items: Array<{ id: number }>;
  };
  const id = page.items[0]!.id;
  const pages: Array<[string, string, boolean]> = [
    ['home', '/', false],
    ['list', '/puppies', false],
    ['detail', `/puppies/${id}`, false],
    ['checkout', `/checkout/${id}`, true],
  ];
  // the API counts exactly only up to its cap; past it the seeded number says how many there are
  const counted = (await (await fetch(`${base}/api/puppies?limit=1`)).json()) as {
    total: number;
    totalCapped?: boolean;
  };
  const listings = counted.totalCapped
    ? `more than ${counted.total} (${extraListings} added to the demo catalogue)`
    : String(counted.total);
  console.log(
    `Lighthouse 13, mobile, simulated throttling, ${listings} public listings. Targets: 100 in each category; LCP <= 1.7 s, TBT <= 80 ms, CLS <= 0.05, FCP <= 1.2 s.`,
  );
  for (const [name, url, withLogin] of pages) {
    const report = path.join(dataDir, `${name}.json`);
    const profile = withLogin ? await signedInProfile(base) : undefined;
    const chromeFlags = [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      ...(profile ? ['--password-store=basic', `--user-data-dir=${profile}`] : []),
    ];
    const args = [
      '-y',
      'lighthouse@13',
      base + url,
      '--quiet',
      `--chrome-flags=${chromeFlags.join(' ')}`,
      '--output=json',
      `--output-path=${report}`,
    ];
    if (profile) args.push('--disable-storage-reset');
    const run = spawnSync('npx', args, {
      env: { ...process.env, CHROME_PATH: chrome },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    });
    if (profile) rmSync(profile, { recursive: true, force: true });
    if (profile && existsSync(report)) {
      const finalUrl = (JSON.parse(readFileSync(report, 'utf8')) as { finalDisplayedUrl: string }).finalDisplayedUrl;
      if (!finalUrl.startsWith(base + url))
        console.log(`  ${name.padEnd(9)} ended at ${finalUrl}: the login did not hold`);
    }
    if (run.status !== 0 || !existsSync(report)) {
      console.log(
        `  ${name.padEnd(9)} lighthouse failed: ${run.stderr.split('\n').filter(Boolean).slice(-2).join(' ')}`,
      );
      continue;
    }
    const result = JSON.parse(readFileSync(report, 'utf8')) as {
      categories: Record<string, { id: string; score: number }>;
      audits: Record<string, { numericValue?: number; details?: { items?: NetworkRequest[] } }>;
    };
    const scores = ['performance', 'accessibility', 'best-practices', 'seo']
      .map((id) => `${id} ${Math.round((result.categories[id]?.score ?? 0) * 100)}`)
      .join(', ');
    const metric = (id: string) => result.audits[id]?.numericValue ?? NaN;
    console.log(
      `  ${name.padEnd(9)} ${scores} | LCP ${(metric('largest-contentful-paint') / 1000).toFixed(2)} s, TBT ${Math.round(metric('total-blocking-time'))} ms, CLS ${metric('cumulative-layout-shift').toFixed(3)}, FCP ${(metric('first-contentful-paint') / 1000).toFixed(2)} s | ${shipped(result.audits['network-requests']?.details?.items ?? [])}`,
    );
  }
} finally {
  server.kill('SIGINT');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
