// axe on a page as a browser without JavaScript shows it. axe is itself a script: in a context with
// JavaScript off it never runs (its evaluate waits for ever). So the page is opened again in a context
// with JavaScript on, the same cookies, and the page's own scripts taken out of its HTML before the
// browser reads it: no script runs, the <noscript> notes show, and axe reads that DOM.
import type { Page } from '@playwright/test';
import { expectAccessible } from './e2e.ts';

const EXECUTABLE_SCRIPT = /<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi;

/** what a browser without scripts renders: no scripts, and the <noscript> notes' content in their place */
export function withoutScripts(html: string): string {
  return html.replace(EXECUTABLE_SCRIPT, '').replace(/<\/?noscript>/gi, '');
}

/** axe finds nothing on the page `page` shows (a page opened with JavaScript off), or `within` a part of it */
export async function expectAccessibleWithoutScripts(page: Page, label = page.url(), within?: string): Promise<void> {
  const browser = page.context().browser()!;
  const context = await browser.newContext({
    javaScriptEnabled: true,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  try {
    const reader = await context.newPage();
    await reader.route(
      (url) => url.href === page.url(),
      async (route) => {
        const response = await route.fetch();
        route.fulfill({ response, body: withoutScripts(await response.text()) });
      },
    );
    await reader.route(/\.m?js(?:[?#].*)?$/, (route) => route.abort());
    await reader.goto(page.url());
    await expectAccessible(reader, `${label} (no scripts)`, within);
  } finally {
    await context.close();
  }
}
