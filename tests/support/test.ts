// The one `test` every end-to-end spec imports (instead of @playwright/test's): its pages' goto waits,
// after the load, until the page's load and idle islands have hydrated (Astro drops their `ssr`
// attribute then). A person can press keys before that, but only a hydrated island answers them, so a
// test that types right after goto would otherwise race the island's code. Islands that hydrate when
// visible are left alone (below the fold they never do), and so are pages whose island scripts a test
// holds back on purpose (holdIslandScripts in hydration.ts).
import { test as base, expect, type Page } from '@playwright/test';
import { scriptsHeld } from './hydration.ts';

export { expect };
export type { Locator, Page, Route } from '@playwright/test';

/** waits until the page's load and idle islands have hydrated (see above) */
export async function waitForIslands(page: Page): Promise<void> {
  // a page's own module scripts (the list and puppy pages have no island, decisions 0122 and 0128) have
  // run once the document is complete
  await page.waitForFunction(() => document.readyState === 'complete');
  await expect(page.locator('astro-island[ssr]:not([client="visible"])')).toHaveCount(0);
  // The islands learn who is logged in from one shared request (/api/user): until it answers, they do not
  // know a logged-in visitor (a click on Contact Seller waits). The header's corner is busy until then.
  await expect(page.locator('.header-auth [aria-busy="true"]')).toHaveCount(0);
}

/** makes `page.goto` wait for the islands too; a page a test opens itself (browser.newContext) goes through here */
export function withIslandGoto(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (!scriptsHeld(page)) await waitForIslands(page);
    return response;
  };
  return page;
}

export const test = base.extend({
  // With JavaScript turned off no island ever hydrates: goto then waits for the load alone.
  page: async ({ page, javaScriptEnabled }, use) => {
    await use(javaScriptEnabled === false ? page : withIslandGoto(page));
  },
});
