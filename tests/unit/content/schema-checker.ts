// Checks dataset documents against the Studio's schema definitions (the plain objects defineType and
// defineField return). Validation functions are run against a recording Rule, so the rules written in
// the schema (required, min, max, precision, custom, …) are the rules checked here: there is one
// source of truth. Rule semantics follow @sanity/validation (e.g. positive() means min(0)).
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface TypeDef {
  name?: string;
  type: string;
  fields?: TypeDef[];
  of?: TypeDef[];
  options?: { list?: (string | { value: string })[] };
  validation?: unknown;
  styles?: { value: string }[];
  lists?: { value: string }[];
  marks?: { decorators?: { value: string }[]; annotations?: TypeDef[] };
}

type Doc = Record<string, unknown> & { _id: string; _type: string };
interface RuleCall {
  name: string;
  args: unknown[];
}
interface Context {
  document: Doc;
  parent: unknown;
  path: string;
  problems: string[];
  pending: Promise<void>[];
}

const INTRINSIC = new Set([
  'document',
  'object',
  'image',
  'array',
  'string',
  'text',
  'number',
  'boolean',
  'url',
  'slug',
  'date',
  'block',
]);
const DOCUMENT_KEYS = new Set(['_id', '_type', '_createdAt', '_updatedAt', '_rev']);
const IMAGE_KEYS = new Set(['_type', '_key', 'asset', 'hotspot', 'crop', '_sanityAsset']);
const DEFAULT_STYLES = ['normal', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote'];
const DEFAULT_LISTS = ['bullet', 'number'];
const DEFAULT_DECORATORS = ['strong', 'em', 'code', 'underline', 'strike-through'];
const ASSET_PATTERN = /^image@file:\/\/\.\/(.+)$/;
const KNOWN_RULES = new Set([
  'required',
  'min',
  'max',
  'length',
  'integer',
  'precision',
  'positive',
  'greaterThan',
  'lessThan',
  'email',
  'uri',
  'custom',
  'assetRequired',
  'error',
]);

/** Runs a schema `validation` property against a recorder and returns the chain of rule calls. */
export function recordRules(validation: unknown): RuleCall[][] {
  if (!validation) return [];
  const fns = Array.isArray(validation) ? validation : [validation];
  return fns.map((fn) => {
    const calls: RuleCall[] = [];
    const rule: unknown = new Proxy(
      {},
      {
        get:
          (_target, name) =>
          (...args: unknown[]) => {
            if (!KNOWN_RULES.has(String(name)))
              throw new Error(`schema-checker does not understand Rule.${String(name)}(): teach it before using it`);
            calls.push({ name: String(name), args });
            return rule;
          },
      },
    );
    (fn as (rule: unknown) => unknown)(rule);
    return calls;
  });
}

export class SchemaChecker {
  private readonly types = new Map<string, TypeDef>();
  private readonly contentDir: string;

  constructor(schemaTypes: TypeDef[], contentDir: string) {
    this.contentDir = contentDir;
    for (const type of schemaTypes) if (type.name) this.types.set(type.name, type);
  }

  /** All problems of one document, as "<id> <path>: <message>" lines; empty when it fits. */
  async check(doc: Doc): Promise<string[]> {
    const type = this.types.get(doc._type);
    if (!type || type.type !== 'document') return [`${doc._id}: unknown document type "${doc._type}"`];
    const ctx: Context = { document: doc, parent: undefined, path: '', problems: [], pending: [] };
    this.checkValue(doc, type, ctx);
    await Promise.all(ctx.pending);
    return ctx.problems.map((problem) => `${doc._id} ${problem}`);
  }

  /** The chain of definitions from a field down to its intrinsic type, e.g. field → imageWithAlt → image. */
  private chain(def: TypeDef): TypeDef[] {
    const chain = [def];
    let current = def;
    while (!INTRINSIC.has(current.type)) {
      const named = this.types.get(current.type);
      if (!named) throw new Error(`Unknown schema type "${current.type}"`);
      chain.push(named);
      current = named;
    }
    return chain;
  }

  private checkValue(value: unknown, def: TypeDef, ctx: Context): void {
    const chain = this.chain(def);
    const base = chain.at(-1) as TypeDef;
    const intrinsic = base.type;
    // Properties such as fields/of/options come from the most specific definition that has them.
    const pick = <K extends keyof TypeDef>(key: K): TypeDef[K] | undefined =>
      chain.find((d) => d[key] !== undefined)?.[key];
    const fields = pick('fields');
    const rules = chain.flatMap((d) => recordRules(d.validation));
    const problem = (message: string): void => {
      ctx.problems.push(`${ctx.path || '(document)'}: ${message}`);
    };

    // As in @sanity/validation: an object holding nothing but _type/_key counts as empty.
    const empty =
      value === undefined ||
      value === null ||
      value === '' ||
      (typeof value === 'object' &&
        !Array.isArray(value) &&
        Object.keys(value).every((key) => ['_type', '_key', '_weak'].includes(key)));
    this.applyRules(value, intrinsic, rules, empty, ctx, problem);
    if (empty) return;

    switch (intrinsic) {
      case 'string':
      case 'text': {
        if (typeof value !== 'string') return problem(`expected text, got ${typeof value}`);
        const list = pick('options')?.list;
        if (list && !list.some((item) => (typeof item === 'string' ? item : item.value) === value))
          problem(`"${value}" is not one of the allowed values`);
        return;
      }
      case 'url':
        if (typeof value !== 'string' || !URL.canParse(value)) problem('expected a URL');
        return;
      case 'number':
        if (typeof value !== 'number' || !Number.isFinite(value)) problem('expected a number');
        return;
      case 'boolean':
        if (typeof value !== 'boolean') problem('expected true or false');
        return;
      case 'date':
        if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
          problem('expected a date YYYY-MM-DD');
        return;
      case 'slug': {
        const slug = value as Record<string, unknown>;
        if (typeof slug !== 'object' || typeof slug.current !== 'string' || slug.current === '')
          return problem('expected a slug with a current value');
        for (const key of Object.keys(slug))
          if (!['_type', 'current'].includes(key)) problem(`unknown slug key "${key}"`);
        if (slug._type !== undefined && slug._type !== 'slug') problem(`_type should be "slug"`);
        return;
      }
      case 'array':
        return this.checkArray(value, pick('of') ?? [], ctx, problem);
      case 'block':
        return this.checkBlock(value, base, ctx, problem);
      case 'document':
      case 'object':
      case 'image': {
        if (typeof value !== 'object' || Array.isArray(value)) return problem('expected an object');
        const record = value as Record<string, unknown>;
        const allowed = new Set((fields ?? []).map((field) => field.name as string));
        const system =
          intrinsic === 'document' ? DOCUMENT_KEYS : intrinsic === 'image' ? IMAGE_KEYS : new Set(['_type', '_key']);
        for (const key of Object.keys(record))
          if (!allowed.has(key) && !system.has(key)) problem(`unknown field "${key}"`);
        // A named type stores its name as _type; an inline object its own name; an inline image "image".
        const expectedType = chain.length > 1 ? chain[1]?.name : intrinsic === 'object' ? def.name : intrinsic;
        if (intrinsic !== 'document' && record._type !== undefined && record._type !== expectedType) {
          problem(`_type "${String(record._type)}" should be "${expectedType}"`);
        }
        if (intrinsic === 'image') this.checkImageAsset(record, problem);
        for (const field of fields ?? []) {
          const name = field.name as string;
          this.checkValue(record[name], field, {
            ...ctx,
            parent: record,
            path: ctx.path ? `${ctx.path}.${name}` : name,
          });
        }
        return;
      }
    }
  }

  private applyRules(
    value: unknown,
    intrinsic: string,
    chains: RuleCall[][],
    empty: boolean,
    ctx: Context,
    problem: (m: string) => void,
  ): void {
    for (const calls of chains) {
      for (const { name, args } of calls) {
        if (name === 'custom') {
          // Sanity runs custom rules on empty values too; they decide what "empty" means.
          const run = Promise.resolve(
            (args[0] as (v: unknown, c: unknown) => unknown)(value ?? undefined, {
              document: ctx.document,
              parent: ctx.parent,
              path: ctx.path,
            }),
          ).then((result) => {
            if (result === true || result === undefined) return;
            problem(
              typeof result === 'string' ? result : ((result as { message?: string })?.message ?? 'custom rule failed'),
            );
          });
          ctx.pending.push(run);
          continue;
        }
        if (empty) {
          if (name === 'required') problem('is required');
          continue;
        }
        const size =
          typeof value === 'number'
            ? value
            : typeof value === 'string' || Array.isArray(value)
              ? value.length
              : undefined;
        const limit = args[0] as number;
        switch (name) {
          case 'min':
          case 'positive':
            if (size !== undefined && size < (name === 'positive' ? 0 : limit))
              problem(`must be at least ${name === 'positive' ? 0 : limit} (is ${size})`);
            break;
          case 'max':
            if (size !== undefined && size > limit) problem(`must be at most ${limit} (is ${size})`);
            break;
          case 'length':
            if (size !== limit) problem(`must have length ${limit} (is ${String(size)})`);
            break;
          case 'greaterThan':
            if (typeof value === 'number' && !(value > limit)) problem(`must be greater than ${limit}`);
            break;
          case 'lessThan':
            if (typeof value === 'number' && !(value < limit)) problem(`must be less than ${limit}`);
            break;
          case 'integer':
            if (!Number.isInteger(value)) problem('must be a whole number');
            break;
          case 'precision': {
            const decimals = String(value).split('.')[1]?.length ?? 0;
            if (decimals > limit) problem(`must have at most ${limit} decimals`);
            break;
          }
          case 'email':
            if (typeof value !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
              problem('must be an email address');
            break;
          case 'uri': {
            const schemes = (args[0] as { scheme?: string[] } | undefined)?.scheme ?? ['http', 'https'];
            const protocol =
              typeof value === 'string' && URL.canParse(value) ? new URL(value).protocol.replace(':', '') : undefined;
            if (!protocol || !schemes.includes(protocol)) problem(`must be a ${schemes.join(' or ')} URL`);
            break;
          }
          case 'assetRequired':
            if (intrinsic === 'image' && !hasAsset(value)) problem('image file is required');
            break;
        }
      }
    }
  }

  private checkArray(value: unknown, of: TypeDef[], ctx: Context, problem: (m: string) => void): void {
    if (!Array.isArray(value)) return problem('expected a list');
    const keys = new Set<string>();
    value.forEach((item, index) => {
      const itemPath = `${ctx.path}[${index}]`;
      const isObject = typeof item === 'object' && item !== null;
      const member = isObject
        ? of.find(
            (m) =>
              (m.name ?? m.type) === (item as { _type?: string })._type ||
              (m.type === 'block' && (item as { _type?: string })._type === 'block'),
          )
        : of.find(
            (m) =>
              this.intrinsicOf(m) === (typeof item === 'string' ? 'string' : typeof item) ||
              (typeof item === 'string' && ['text', 'url'].includes(this.intrinsicOf(m))),
          );
      if (!member)
        return void ctx.problems.push(
          `${itemPath}: item type ${isObject ? `"${String((item as { _type?: string })._type)}"` : typeof item} is not allowed here`,
        );
      if (isObject) {
        const key = (item as { _key?: unknown })._key;
        if (typeof key !== 'string' || key === '') ctx.problems.push(`${itemPath}: missing _key`);
        else if (keys.has(key)) ctx.problems.push(`${itemPath}: duplicate _key "${key}"`);
        else keys.add(key);
      }
      this.checkValue(item, member, { ...ctx, parent: value, path: itemPath });
    });
  }

  private checkBlock(value: unknown, def: TypeDef, ctx: Context, problem: (m: string) => void): void {
    const block = value as Record<string, unknown>;
    if (typeof block !== 'object' || block._type !== 'block') return problem('expected a text block');
    for (const key of Object.keys(block))
      if (!['_type', '_key', 'style', 'listItem', 'level', 'markDefs', 'children'].includes(key))
        problem(`unknown block key "${key}"`);
    const styles = def.styles?.map((s) => s.value) ?? DEFAULT_STYLES;
    if (block.style !== undefined && !styles.includes(block.style as string))
      problem(`style "${String(block.style)}" is not allowed`);
    const lists = def.lists?.map((l) => l.value) ?? DEFAULT_LISTS;
    if (block.listItem !== undefined && !lists.includes(block.listItem as string))
      problem(`list "${String(block.listItem)}" is not allowed`);
    if (block.listItem !== undefined && typeof block.level !== 'number') problem('list items need a level');
    const annotations = def.marks?.annotations ?? [];
    const markDefs = (block.markDefs ?? []) as Record<string, unknown>[];
    if (!Array.isArray(markDefs)) return problem('markDefs must be a list');
    const markKeys = new Set<string>();
    markDefs.forEach((markDef, index) => {
      const annotation = annotations.find((a) => a.name === markDef._type);
      if (!annotation) return problem(`annotation "${String(markDef._type)}" is not allowed`);
      markKeys.add(markDef._key as string);
      this.checkValue(
        markDef,
        { ...annotation, name: markDef._type as string },
        { ...ctx, parent: block, path: `${ctx.path}.markDefs[${index}]` },
      );
    });
    const decorators = def.marks?.decorators?.map((d) => d.value) ?? DEFAULT_DECORATORS;
    const children = block.children as Record<string, unknown>[];
    if (!Array.isArray(children) || children.length === 0) return problem('a block needs text');
    children.forEach((span, index) => {
      const where = `children[${index}]`;
      if (span._type !== 'span' || typeof span.text !== 'string' || typeof span._key !== 'string')
        return problem(`${where} is not a text span`);
      for (const key of Object.keys(span))
        if (!['_type', '_key', 'text', 'marks'].includes(key)) problem(`${where} has unknown key "${key}"`);
      for (const mark of (span.marks ?? []) as string[])
        if (!decorators.includes(mark) && !markKeys.has(mark)) problem(`${where} uses unknown mark "${mark}"`);
    });
  }

  private checkImageAsset(image: Record<string, unknown>, problem: (m: string) => void): void {
    const ref = image._sanityAsset;
    if (ref === undefined) return;
    const file = typeof ref === 'string' ? ASSET_PATTERN.exec(ref)?.[1] : undefined;
    if (!file) return problem(`_sanityAsset must look like image@file://./images/<file>, got ${JSON.stringify(ref)}`);
    if (!existsSync(path.resolve(this.contentDir, file))) problem(`image file ${file} does not exist`);
  }

  private intrinsicOf(def: TypeDef): string {
    return (this.chain(def).at(-1) as TypeDef).type;
  }
}

function hasAsset(value: unknown): boolean {
  const image = value as { asset?: { _ref?: unknown }; _sanityAsset?: unknown } | null;
  return typeof image?._sanityAsset === 'string' || typeof image?.asset?._ref === 'string';
}
