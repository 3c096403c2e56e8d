// Holding a page's islands back, as a slow phone does: Astro loads every island's code from /_astro/*.js,
// so while those requests wait the page is only its server-rendered HTML, and a person can already type.
import { expect, type Locator, type Page } from '@playwright/test';

const held = new WeakSet<Page>();

/** whether a test holds this page's island scripts back (then goto does not wait for its islands) */
export function scriptsHeld(page: Page): boolean {
  return held.has(page);
}

/** Holds every /_astro/*.js request until the returned function is called; call it before page.goto. */
export async function holdIslandScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>(
    (resolve) =>
      (release = () => {
        held.delete(page);
        resolve();
      }),
  );
  held.add(page);
  await page.route(/\/_astro\/[^?#]+\.js(?:[?#].*)?$/, async (route) => {
    await released;
    await route.continue();
  });
  // Every page has the chrome's module scripts (decision 0127), and a module script holds the page's
  // DOMContentLoaded and load events until it has run. While they are held, a navigation waits for the
  // page's HTML to be parsed instead: the state a slow phone shows, and the one a person types into.
  const { goto, reload } = { goto: page.goto.bind(page), reload: page.reload.bind(page) };
  const parsed = () => page.waitForFunction(() => document.readyState !== 'loading');
  page.goto = async (url, options) => {
    const response = await goto(url, { ...options, waitUntil: 'commit' });
    await parsed();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload({ ...options, waitUntil: 'commit' });
    await parsed();
    return response;
  };
  void released.then(() => {
    page.goto = goto;
    page.reload = reload;
  });
  return release;
}

/** the astro-island that holds `inside` (Astro drops its `ssr` attribute once the island has hydrated) */
export function islandOf(page: Page, inside: Locator): Locator {
  return page.locator('astro-island', { has: inside }).last();
}

export async function expectHydrated(page: Page, inside: Locator): Promise<void> {
  await expect(islandOf(page, inside)).not.toHaveAttribute('ssr');
}

export async function expectNotHydrated(page: Page, inside: Locator): Promise<void> {
  await expect(islandOf(page, inside)).toHaveAttribute('ssr');
}

/**
 * A page with no island, only its own script (the list and puppy pages, decisions 0122 and 0128): the
 * script marks its root data-enhanced once it has taken the page over.
 */
export async function expectEnhanced(root: Locator): Promise<void> {
  await expect(root).toHaveAttribute('data-enhanced', '');
}

export async function expectNotEnhanced(root: Locator): Promise<void> {
  await expect(root).not.toHaveAttribute('data-enhanced');
}
