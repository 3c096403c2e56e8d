// Checks every mail's HTML part must pass (decision 0111): a whole document in the one layout, every link
// and image absolute on the site's address, no script, and the hostile text a test put in shown escaped.
import { expect } from 'vitest';

/** text a person could type that is markup if it were not escaped */
export const HOSTILE = '<script>alert("x")</script> & <b>Co</b>';
/** HOSTILE as escaped HTML shows it (React escapes the quotes of text too, as &quot;) */
export const HOSTILE_ESCAPED = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;Co&lt;/b&gt;';

/** every href and src of a document */
export function urlsOf(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!);
}

export function expectMailHtml(html: string | null | undefined, siteUrl: string): string {
  expect(html, 'the mail has an HTML part').toBeTruthy();
  const doc = html!;
  expect(doc).toMatch(/^<!DOCTYPE html/);
  // the one layout: the wordmark, and a footer that says who we are
  expect(doc).toContain('Puppy<span style="color:#b8410e">Nest</span>');
  expect(doc).toContain('PuppyNest connects families with caring breeders');
  const urls = urlsOf(doc);
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) expect(url.startsWith(`${siteUrl}/`), `${url} is absolute on ${siteUrl}`).toBe(true);
  expect(doc).not.toMatch(/<script/i);
  expect(doc).not.toMatch(/\son\w+=/i);
  return doc;
}
