// What an island changes in <head> once its data is there: a JSON-LD block of its own (the list's
// ItemList after a filter change in the browser).

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
