// What an island changes in <head> once its data is there: the title, the description, the canonical
// and Open Graph URL of a shell page, and a JSON-LD block of its own.

export function setJsonLd(id: string, data: object | null): void {
  let script = document.getElementById(id) as HTMLScriptElement | null;
  if (!data) {
    script?.remove();
    return;
  }
  if (!script) {
    script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = id;
    document.head.append(script);
  }
  script.textContent = JSON.stringify(data).replace(/</g, '\\u003c');
}

function setMeta(selector: string, attribute: 'content' | 'href', value: string): void {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}

export function setPageMeta({ title, description, url }: { title: string; description: string; url?: string }): void {
  document.title = title;
  setMeta('meta[name="description"]', 'content', description);
  setMeta('meta[property="og:title"]', 'content', title);
  setMeta('meta[property="og:description"]', 'content', description);
  if (url) {
    setMeta('link[rel="canonical"]', 'href', url);
    setMeta('meta[property="og:url"]', 'content', url);
  }
}

/** an absolute URL on this site */
export function absoluteUrl(path: string): string {
  return new URL(path, window.location.origin).href;
}
