// Reads the site's styles the way decision 0113 keeps them: where a colour literal or a @media width
// stands. Plain text scanning, no CSS parser: the rules it looks for are simple enough, and the
// unit tests check it against samples that break them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

export interface StyleSource {
  /** path from the repository root */
  file: string;
  /**
   * CSS text in the file's own lines: a stylesheet whole; of a markup file, its <style> blocks and its
   * style="" attribute values (as `{…}`), everything else blanked, so a line number is the file's
   */
  css: string;
  /** what markup writes outside CSS text: SVG paint attributes (fill="…") and React style objects, with their lines */
  inline: { line: number; text: string; value: string }[];
}

/** the style text of one file (.css, .astro or .tsx) */
export function styleSource(file: string, text: string): StyleSource {
  if (file.endsWith('.css')) return { file, css: text, inline: [] };
  const kept = text.replace(/[^\n]/g, ' ').split('');
  const keep = (from: number, to: number) => {
    for (let i = from; i < to; i++) kept[i] = text[i]!;
  };
  for (const m of text.matchAll(/(<style\b[^>]*>)([\s\S]*?)<\/style>/g))
    keep(m.index + m[1]!.length, m.index + m[1]!.length + m[2]!.length);
  for (const m of text.matchAll(/\bstyle="([^"]*)"/g)) {
    const from = m.index + 'style="'.length;
    keep(from, from + m[1]!.length);
    kept[from - 1] = '{';
    kept[from + m[1]!.length] = '}';
  }
  const inline = [
    ...[
      ...text.matchAll(/\b(fill|stroke|stop-color|flood-color|lighting-color)=(?:"([^"]*)"|'([^']*)'|\{'([^']*)'\})/g),
    ].map((m) => {
      const value = m[2] ?? m[3] ?? m[4]!;
      return { line: lineOf(text, m.index), text: `${m[1]}="${value}"`, value };
    }),
    ...[...text.matchAll(/\bstyle=\{\{([^}]*)\}\}/g)].flatMap((m) =>
      [...m[1]!.matchAll(/([A-Za-z]+)\s*:\s*(['"`])(.*?)\2/g)].map((d) => ({
        line: lineOf(text, m.index),
        text: `${d[1]!.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${d[3]}`,
        value: d[3]!,
      })),
    ),
  ];
  return { file, css: kept.join(''), inline };
}

/** every style source under `dir` (.css, .astro, .tsx), paths from `root` */
export function styleSources(root: string, dir: string): StyleSource[] {
  const files = readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(css|astro|tsx)$/.test(file))
    .map((file) => path.join(dir, file).split(path.sep).join('/'))
    .sort();
  return files.map((file) => styleSource(file, readFileSync(path.join(root, file), 'utf8')));
}

const withoutComments = (css: string) => css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
const withoutStrings = (css: string) => css.replace(/(["'])(?:\\.|(?!\1).)*\1/g, '""');

/** CSS Color 4's named colours (transparent and currentcolor are not colours of their own) */
const NAMED = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood cadetblue
  chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey
  darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen darkslateblue darkslategray
  darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen
  fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki
  lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen
  lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime
  limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen mediumslateblue
  mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive
  olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum
  powderblue purple rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver
  skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
  whitesmoke yellow yellowgreen`.split(/\s+/),
);
const HEX = /#(?:[0-9a-f]{8}|[0-9a-f]{6}|[0-9a-f]{3,4})(?![\w-])/gi;
const FUNCTION = /(?<![\w-])(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/gi;

/** the colour literals in one declaration value or attribute value */
export function colourLiterals(value: string): string[] {
  const text = withoutStrings(value);
  const found = [...text.matchAll(HEX), ...text.matchAll(FUNCTION)].map((m) => m[0].replace(/\($/, '(…)'));
  for (const word of text.match(/(?<![\w#-])[a-z]+(?![\w(-])/gi) ?? [])
    if (NAMED.has(word.toLowerCase())) found.push(word);
  return found;
}

export interface Finding {
  file: string;
  line: number;
  text: string;
}

/** declarations (`property: value`) whose value holds a colour literal, custom property definitions too; and markup's paints and style objects */
export function colourFindings(source: StyleSource): Finding[] {
  const css = withoutComments(source.css);
  const findings: Finding[] = [];
  for (const m of css.matchAll(/(?<=^|[;{}])\s*(-{0,2}[A-Za-z][\w-]*)\s*:\s*([^;{}]*)(?=[;}])/g)) {
    if (colourLiterals(m[2]!).length > 0)
      findings.push({
        file: source.file,
        line: lineOf(css, m.index + m[0].indexOf(m[1]!)),
        text: `${m[1]}: ${m[2]!.trim()}`,
      });
  }
  for (const entry of source.inline)
    if (colourLiterals(entry.value).length > 0)
      findings.push({ file: source.file, line: entry.line, text: entry.text });
  return findings.sort((a, b) => a.line - b.line);
}

/** the width conditions of every @media query, and whether each is one of the two allowed spellings */
export function mediaWidthFindings(source: StyleSource, breakpoints: readonly number[]): Finding[] {
  const css = withoutComments(source.css);
  const findings: Finding[] = [];
  for (const m of css.matchAll(/@media\b([^{;]*)/g)) {
    const prelude = m[1]!;
    const conditions = prelude.match(/\([^()]*\bwidth\b[^()]*\)/g) ?? [];
    for (const condition of conditions) {
      const allowed = /^\(width (?:>=|<) (\d+)px\)$/.exec(condition);
      if (!allowed || !breakpoints.includes(Number(allowed[1])))
        findings.push({ file: source.file, line: lineOf(css, m.index), text: `@media${prelude.trimEnd()}` });
    }
  }
  return findings;
}

/** the breakpoint list in tokens.css: the line "Breakpoints: 480px 640px …" of its opening comment */
export function declaredBreakpoints(tokensCss: string): number[] {
  const line = /Breakpoints:((?:\s+\d+px)+)/.exec(tokensCss);
  if (!line) return [];
  return line[1]!
    .trim()
    .split(/\s+/)
    .map((width) => Number.parseInt(width, 10));
}

/** a custom property's value as tokens.css defines it */
export function tokenValue(tokensCss: string, name: string): string | undefined {
  return new RegExp(`${name}\\s*:\\s*([^;]+);`).exec(tokensCss)?.[1]?.trim();
}
