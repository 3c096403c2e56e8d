// The site's styles keep decision 0113: every colour is a token in site/styles/tokens.css, and every
// @media width is one of the breakpoints listed there, written (width >= Npx) or (width < Npx).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAND_COLOR, BRAND_CREAM, markSvg } from '../../site/lib/brand.ts';
import {
  colourFindings,
  declaredBreakpoints,
  mediaWidthFindings,
  styleSource,
  styleSources,
  tokenValue,
  type Finding,
} from '../support/style-scan.ts';

const root = path.resolve(import.meta.dirname, '../..');
const TOKENS = 'site/styles/tokens.css';
const tokensCss = readFileSync(path.join(root, TOKENS), 'utf8');
const sources = styleSources(root, 'site');
const show = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line}  ${f.text}`);

describe('the scanner', () => {
  it('finds colour literals in declarations, <style> blocks, style attributes and SVG paints', () => {
    const css = styleSource(
      'a.css',
      '.a { color: #fff; }\n.b { background: rgb(0 0 0 / 0.5); border: 1px solid Tomato; }\n.c:hover { color: var(--pn-ink); }',
    );
    expect(show(colourFindings(css))).toEqual([
      'a.css:1  color: #fff',
      'a.css:2  background: rgb(0 0 0 / 0.5)',
      'a.css:2  border: 1px solid Tomato',
    ]);
    const astro = styleSource(
      'b.astro',
      '---\nconst x = 1;\n---\n<p style="color: hsl(0 0% 0%)">x</p><svg><path fill="#b8410e" stroke="currentColor"/></svg>\n<style>\n  .p { --band: #f7f1ea; }\n</style>',
    );
    expect(show(colourFindings(astro))).toEqual([
      'b.astro:4  color: hsl(0 0% 0%)',
      'b.astro:4  fill="#b8410e"',
      'b.astro:6  --band: #f7f1ea',
    ]);
    const tsx = styleSource('c.tsx', "<div style={{ borderColor: 'white' }} />");
    expect(show(colourFindings(tsx))).toEqual(['c.tsx:1  border-color: white']);
  });

  it('leaves tokens, keywords, ids, names and strings alone', () => {
    const css = styleSource(
      'a.css',
      "#add .b, a:hover { color: var(--pn-ink); background: transparent; border-color: currentColor; white-space: nowrap; }\n.c::before { content: '#fff red'; font-family: Georgia, serif; animation: pn-shimmer 1s linear; }",
    );
    expect(colourFindings(css)).toEqual([]);
  });

  it('allows a @media width only as (width >= N) or (width < N) with N in the set', () => {
    const css = styleSource(
      'a.css',
      [
        '@media (width >= 640px) { .a { color: var(--x); } }',
        '@media (width >= 1024px) and (width < 1280px) { .a { color: var(--x); } }',
        '@media (prefers-reduced-motion: reduce) { .a { animation: none; } }',
        '@container (max-width: 6.5rem) { .a { display: none; } }',
        '@media (max-width: 639.98px) { .a { color: var(--x); } }',
        '@media (min-width: 640px) { .a { color: var(--x); } }',
        '@media (width < 40rem) { .a { color: var(--x); } }',
        '@media (width <= 640px) { .a { color: var(--x); } }',
        '@media (width >= 900px) { .a { color: var(--x); } }',
      ].join('\n'),
    );
    expect(show(mediaWidthFindings(css, [640, 1024, 1280]))).toEqual([
      'a.css:5  @media (max-width: 639.98px)',
      'a.css:6  @media (min-width: 640px)',
      'a.css:7  @media (width < 40rem)',
      'a.css:8  @media (width <= 640px)',
      'a.css:9  @media (width >= 900px)',
    ]);
  });
});

describe('the site', () => {
  it('reads its styles from every stylesheet and component', () => {
    // the scan sees the files it must: a stylesheet, a component's <style>, an island's own CSS
    const files = sources.map((s) => s.file);
    expect(files).toEqual(
      expect.arrayContaining([
        TOKENS,
        'site/styles/global.css',
        'site/components/SiteHeader.astro',
        'site/components/header-account.css',
      ]),
    );
    expect(sources.find((s) => s.file === 'site/components/SiteHeader.astro')!.css).toContain('.site-header');
  });

  it('has no colour literal outside tokens.css', () => {
    const findings = sources.filter((s) => s.file !== TOKENS).flatMap(colourFindings);
    expect(show(findings)).toEqual([]);
  });

  it('defines each token once', () => {
    const names = [...tokensCss.matchAll(/^\s*(--[\w-]+)\s*:/gm)].map((m) => m[1]!);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(names.length).toBeGreaterThan(40);
  });

  it('uses only the breakpoints tokens.css lists, each written one way', () => {
    const breakpoints = declaredBreakpoints(tokensCss);
    expect(breakpoints).toEqual([480, 640, 768, 1024, 1280]);
    expect(show(sources.flatMap((s) => mediaWidthFindings(s, breakpoints)))).toEqual([]);
  });

  it('uses every breakpoint it lists', () => {
    const used = new Set(
      sources.flatMap((s) => [...s.css.matchAll(/\(width (?:>=|<) (\d+)px\)/g)].map((m) => Number(m[1]))),
    );
    expect(declaredBreakpoints(tokensCss).filter((width) => !used.has(width))).toEqual([]);
  });

  it('draws the logo, the favicon and the app manifest in the brand tokens', () => {
    // lib/brand.ts draws where CSS does not reach (the favicon, the icons, theme-color): the same two colours
    expect(tokenValue(tokensCss, '--pn-brand')).toBe(BRAND_COLOR);
    expect(tokenValue(tokensCss, '--pn-cream')).toBe(BRAND_CREAM);
    expect(readFileSync(path.join(root, 'site/public/favicon.svg'), 'utf8').trim()).toBe(markSvg(64));
    const manifest = JSON.parse(readFileSync(path.join(root, 'site/public/manifest.webmanifest'), 'utf8')) as {
      theme_color: string;
      background_color: string;
    };
    expect([manifest.theme_color, manifest.background_color]).toEqual([BRAND_COLOR, BRAND_CREAM]);
  });
});
