// fast-check arbitraries made from the contract's zod schemas (through their JSON Schema, the same
// conversion the OpenAPI document uses), and hostile variants of the values they make.
import fc from 'fast-check';
import { z } from 'zod';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Schema {
  type?: string | string[];
  const?: Json;
  enum?: Json[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  propertyNames?: Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/**
 * Values for named properties that the schema alone cannot make useful: ids of records the fuzzer
 * owns (its fixture books, plan and orders), so that valid requests reach the code behind the
 * lookups instead of stopping at 404, and never touch the demo shop's own records.
 */
export type Overrides = Record<string, fc.Arbitrary<unknown>>;

export const toJsonSchema = (schema: z.ZodType): Schema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

// Text a shopper might type: ASCII, Chinese, full-width forms and the odd emoji.
const textChar = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -_.,@') },
  { weight: 3, arbitrary: fc.constantFrom(...'臺北市中正區重慶南路一段號書房訂購團購王小明林美華測試') },
  { weight: 1, arbitrary: fc.constantFrom('（', '）', '！', '、', '😀', '\u00e9', '\u200b') },
);

/** Lookaheads are beyond fast-check's stringMatching: generate without them, keep what the full pattern accepts. */
function patternArbitrary(pattern: string): fc.Arbitrary<string> {
  const full = new RegExp(pattern);
  const simple = pattern.replace(/\(\?[!=][^)]*\)/g, '');
  return fc.stringMatching(new RegExp(simple)).filter((s) => full.test(s));
}

function stringArbitrary(s: Schema): fc.Arbitrary<string> {
  if (s.pattern) return patternArbitrary(s.pattern);
  if (s.format === 'email') return fc.tuple(fc.stringMatching(/^[a-z][a-z0-9._-]{0,20}[a-z0-9]$/), fc.constantFrom('example.com', 'example.org', 'mail.example.tw')).map(([u, d]) => `${u}@${d}`);
  if (s.format === 'uri') return fc.webUrl({ validSchemes: ['https', 'http'] }).filter((u) => u.length <= (s.maxLength ?? 2048));
  if (s.format === 'date-time') return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  const min = s.minLength ?? 0;
  const max = Math.min(s.maxLength ?? min + 40, min + 40);
  return fc.string({ unit: textChar, minLength: min, maxLength: max }).filter((v) => v.trim().length >= Math.min(min, 1) || min === 0);
}

/** An arbitrary of the values the JSON Schema accepts (mostly: refinements are the zod schema's to judge). */
export function arbitraryOf(s: Schema, overrides: Overrides = {}): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, overrides)));
  if (s.allOf?.length) return arbitraryOf(s.allOf[0]!, overrides);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArbitrary(s);
    case 'integer': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 100000);
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 20) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? arbitraryOf(s.items, overrides) : fc.jsonValue(), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, (s.minItems ?? 0) + 3) });
    case 'object': {
      if (s.properties) {
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, v] of Object.entries(s.properties)) record[k] = overrides[k] ?? arbitraryOf(v, overrides);
        return fc.record(record, { requiredKeys: s.required ?? [] });
      }
      if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        const key = s.propertyNames ? (arbitraryOf(s.propertyNames, overrides) as fc.Arbitrary<string>) : fc.string({ minLength: 1, maxLength: 10 });
        return fc.dictionary(key, arbitraryOf(s.additionalProperties, overrides), { minKeys: 1, maxKeys: 3 });
      }
      return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Strings that have broken shops before: reserved Firestore ids, path tricks, lone surrogates, markup, huge. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '__x__',
  '__name__',
  '__.*__',
  '..',
  '.',
  'a/b',
  'a.b',
  '%2F',
  '\ud800',
  'ab\udfffcd',
  '\u0000',
  '\u202egnp.exe',
  '<script>alert(1)</script>',
  "' OR '1'='1",
  '${7*7}',
  'null',
  '0',
  '-1',
  '1e309',
  '😀'.repeat(40),
  'x'.repeat(300),
  'x'.repeat(1000),
  'x'.repeat(5000),
];

const wrongTypeValues: Json[] = [null, true, 0, -1, 1.5, 1e308, '', 'text', [], [1], {}, { a: 1 }];

/** A way to break one value inside a JSON body, at a random place. */
export type Mutation =
  | { kind: 'drop'; path: string[] }
  | { kind: 'replace'; path: string[]; value: Json }
  | { kind: 'extra'; path: string[]; key: string; value: Json };

function paths(value: unknown, at: string[] = []): string[][] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, i) => paths(v, [...at, String(i)]))];
  if (value && typeof value === 'object') return [at, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...at, k]))];
  return [at];
}

export function mutationArbitrary(value: unknown): fc.Arbitrary<Mutation> {
  const all = paths(value);
  const inner = all.filter((p) => p.length > 0);
  const containers = all.filter((p) => {
    const v = get(value, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
  // The root is only replaced by another object or array: a bare JSON primitive never reaches the app
  // (Cloud Functions parses JSON bodies before the app and answers those with its own 400 page).
  const options: fc.Arbitrary<Mutation>[] = [
    fc.record({ kind: fc.constant('replace' as const), path: fc.constant([] as string[]), value: fc.constantFrom<Json>([], [1], {}, { a: 1 }) }),
  ];
  if (inner.length) {
    options.push(fc.record({ kind: fc.constant('replace' as const), path: fc.constantFrom(...inner), value: fc.oneof(fc.constantFrom(...wrongTypeValues), fc.constantFrom(...HOSTILE_STRINGS)) }));
  }
  if (inner.length) options.push(fc.record({ kind: fc.constant('drop' as const), path: fc.constantFrom(...inner) }));
  if (containers.length) {
    options.push(
      fc.record({
        kind: fc.constant('extra' as const),
        path: fc.constantFrom(...containers),
        key: fc.constantFrom('__proto__', 'constructor', 'price', 'unitPrice', 'totalPrice', 'status', 'userId', 'admin', 'x'),
        value: fc.constantFrom<Json>(0, 1, -1, 'shipped', true, null, { admin: true }),
      }),
    );
  }
  return fc.oneof(...options);
}

function get(value: unknown, path: string[]): unknown {
  return path.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), value);
}

/** Applies a mutation to a deep copy. A replacement at the root replaces the whole body. */
export function mutate(value: unknown, m: Mutation): unknown {
  if (m.path.length === 0 && m.kind === 'replace') return m.value;
  const copy = JSON.parse(JSON.stringify(value ?? null)) as unknown;
  const parent = get(copy, m.path.slice(0, m.kind === 'extra' ? m.path.length : -1)) as Record<string, unknown> | unknown[] | undefined;
  if (!parent || typeof parent !== 'object') return copy;
  const key = m.kind === 'extra' ? m.key : m.path[m.path.length - 1]!;
  if (m.kind === 'drop') {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else if (m.kind === 'extra') {
    // defineProperty: a plain assignment to `__proto__` would not make an own key, so JSON would drop it.
    Object.defineProperty(parent, key, { value: m.value, enumerable: true, writable: true, configurable: true });
  } else {
    (parent as Record<string, unknown>)[key] = m.value;
  }
  return copy;
}
