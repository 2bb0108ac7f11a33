// A generic corruption of one field of any payload: picks one place in it (the payload itself, a
// key of any object, an index of any array, at any depth) and replaces its value by one from a
// hostile pool, deletes it, or adds a key to an object there. Each corruption records the path it
// hit and what it did, so a property can name it in its failure message.
//
// The hostile pool holds, for every value: null, empty and blank strings, booleans, the numbers
// that trip integer and range checks (-1, 0, 1.5, 2^53, 2^53 + 2, 1e300, and the JS-only NaN,
// ±Infinity, -0 and undefined), very long strings (2,000 and 2,001 characters; 2,000 emoji, which
// are 4,000 UTF-16 units), text with U+0000 or an unpaired surrogate, arrays and objects; and, from the value it replaces: a string padded,
// case-flipped (ASCII, and the non-ASCII letters that a full case mapping folds into ASCII: ı, İ,
// ſ, ß, K), read as a number, cut, stretched to each limit of the spec in code points, or with one
// character replaced, inserted or removed; a number as a string, off by one, by a half, negated;
// an array shortened, emptied or grown past each list limit; an object wrapped in an array.
import fc from 'fast-check'
import { renderPath, type Path, type PathSegment } from '../errors/path.js'

/**
 * What a corruption did at its path.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export type CorruptionOp = 'replace' | 'delete' | 'add'

/**
 * A payload with one place corrupted.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface Corruption {
  readonly input: unknown
  /** Where: the replaced or deleted value, or the object a key was added to. */
  readonly path: Path
  readonly op: CorruptionOp
  /** The key added (op `add`). */
  readonly key?: string
  /** The value written (ops `replace` and `add`). */
  readonly value?: unknown
}

/**
 * Options of the corruption generators.
 *
 * @category arbitraries
 * @since 0.2.0
 */
export interface CorruptionOptions {
  /**
   * Only values JSON can carry: no undefined, NaN, ±Infinity or -0 (for comparisons with a JSON
   * Schema validator, which never sees them). Deleting a key still expresses absence.
   */
  readonly json?: boolean
}

/** A short, exact rendering of a value for failure messages (-0, NaN, undefined, long strings). */
export const show = (v: unknown): string => {
  if (v === undefined) return 'undefined'
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : String(v)
  if (typeof v === 'string') {
    const cps = [...v].length
    return cps > 40 ? `${JSON.stringify([...v].slice(0, 12).join(''))}… (${cps} code points, ${v.length} UTF-16 units)` : JSON.stringify(v)
  }
  const json = JSON.stringify(v)
  return json === undefined ? String(v) : json.length > 80 ? `${json.slice(0, 80)}…` : json
}

/** One line naming a corruption: `replace at pickupAddress.zipCode: " 60601"`. */
export const describeCorruption = (c: Corruption): string => {
  const where = renderPath(c.path) === '' ? '(the payload)' : renderPath(c.path)
  if (c.op === 'delete') return `delete ${where}`
  if (c.op === 'add') return `add key ${JSON.stringify(c.key)} at ${where}: ${show(c.value)}`
  return `replace ${where} by ${show(c.value)}`
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Every place of a payload, the payload itself first. */
export const placesOf = (payload: unknown): ReadonlyArray<{ readonly path: Path; readonly value: unknown }> => {
  const out: Array<{ path: Path; value: unknown }> = []
  const walk = (v: unknown, path: Path): void => {
    out.push({ path, value: v })
    if (Array.isArray(v)) v.forEach((item: unknown, i) => walk(item, [...path, i]))
    else if (isPlainObject(v)) for (const k of Object.keys(v)) walk(v[k], [...path, k])
  }
  walk(payload, [])
  return out
}

/** Sets an own data property (a `__proto__` key too, as JSON.parse does). */
const define = (o: Record<string, unknown>, key: string, value: unknown): void => {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true })
}

/** A copy of `root` with the value at `path` changed by `f` (`f` returns `DELETE` to remove it). */
const DELETE: unique symbol = Symbol('delete')
const updateAt = (root: unknown, path: Path, f: (v: unknown) => unknown): unknown => {
  if (path.length === 0) return f(root)
  const [head, ...rest] = path as [PathSegment, ...PathSegment[]]
  if (Array.isArray(root) && typeof head === 'number') {
    const next = updateAt(root[head], rest, f)
    const copy = [...root]
    if (next === DELETE) copy.splice(head, 1)
    else copy[head] = next
    return copy
  }
  const o = root as Record<string, unknown>
  const next = updateAt(o[head as string], rest, f)
  const copy: Record<string, unknown> = {}
  for (const k of Object.keys(o)) if (k !== head || next !== DELETE) define(copy, k, k === head ? next : o[k])
  if (!Object.prototype.hasOwnProperty.call(o, head) && next !== DELETE) define(copy, head as string, next)
  return copy
}

/** A copy of `payload` with `value` at `path` (objects and arrays along the way copied, never mutated). */
export const setAt = (payload: unknown, path: Path, value: unknown): unknown => updateAt(payload, path, () => value)

/** The limits of the spec, in code points, and one past each (CRT-03, CRT-04, APT-02 … APT-05, CRT-08, ADDR-10). */
const LIMIT_LENGTHS = [16, 17, 32, 33, 64, 65, 100, 101, 128, 129, 200, 201, 320, 321, 512, 513, 2000, 2001] as const
/** The list limits of the spec, and around them (CRT-04, APT-03, APT-05, palletDimensions' 3). */
const LIST_LENGTHS = [2, 3, 4, 9, 10, 11, 19, 20, 21] as const
/** Characters that break formats: digits, letters, separators, white space, lookalikes, an emoji, lone surrogates, U+0000. */
const CHARS = ['0', '9', 'a', 'Z', 'T', '-', '+', ':', '.', '/', '@', '#', ' ', '\t', '\n', '\u00a0', '\u200b', '\ufeff', 'ı', 'İ', 'ſ', 'ß', '\u212a', 'é', '📦', '\ud83d', '\udce6', '\u0000', '٣'] as const

const JS_ONLY: ReadonlyArray<unknown> = [undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0]
const GENERIC: ReadonlyArray<unknown> = [
  null, '', ' ', '\t', '\u00a0', '\n', true, false,
  0, 1, -1, 1.5, -0.5, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, 1e300, -1e300, 1e-300,
  [], {}, [null], [''], { a: 1 },
  'x'.repeat(2000), 'x'.repeat(2001), '📦'.repeat(2000), '📦'.repeat(2001),
  // text a server cannot store (ERR-01, ID-03): U+0000, unpaired surrogates, a pair reversed; and a well-formed pair
  'a\u0000b', '\u0000', '\ud800', 'x\udc00', '\udce6\ud83d', '\ud83d\udce6',
  '0', '1', '-1', '1.5', '1e3', 'NaN', 'null', 'true', 'false', 'undefined',
  '2026-11-24T08:00:00Z', '60601', 'PR', 'us', '+13125550100', 'dock@example.com', 'https://book.example.com/x', 'PORTAL', 'ltl', '70',
]
/** Numbers on and just past the bounds of the spec (TRK-02, APT-06). */
const BOUNDARY_NUMBERS: ReadonlyArray<number> = [
  -90, 90, -90.000001, 90.000001, -180, 180, -180.000001, 180.000001, 359, 360, 359.5, 168, 169, 167.5,
  2 ** 31, 2 ** 32, Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON,
]

/** Case variants: ASCII flips, and the non-ASCII letters a full case mapping folds into ASCII. */
const caseVariants = (s: string): string[] => {
  const flip = s.replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) ^ 0x20))
  const bases = [s, s.toLowerCase(), s.toUpperCase()]
  const nonAscii = bases.flatMap((b) => [
    b.replace(/i/g, 'ı'),
    b.replace(/I/g, 'İ'),
    b.replace(/[sS]/g, 'ſ'),
    b.replace(/ss|SS/g, 'ß'),
    b.replace(/[kK]/g, '\u212a'),
  ])
  return [flip, s.toLowerCase(), s.toUpperCase(), flip.slice(0, 1) + s.slice(1), ...nonAscii].filter((v) => v !== s)
}

/** A string stretched (or cut) to `n` code points with a filler at its start or end. */
const toLength = (s: string, n: number, filler: string, atStart: boolean): string => {
  const cps = [...s]
  if (cps.length >= n) return cps.slice(0, n).join('')
  const fill = filler.repeat(n - cps.length)
  return atStart ? fill + s : s + fill
}

const stringVariants = (s: string): fc.Arbitrary<unknown> => {
  const numeric = s.trim() !== '' && Number.isFinite(Number(s)) ? [Number(s)] : []
  const fixed = [
    ` ${s}`, `${s} `, `\t${s}\n`, `\u00a0${s}`, `${s}\u00a0`, `\ufeff${s}`, `${s}\u200b`, `${s}\n`,
    `${s}${s}`, s.slice(1), s.slice(0, -1), ...caseVariants(s), ...numeric,
  ]
  const cps = [...s]
  return fc.oneof(
    fc.constantFrom(...fixed),
    fc
      .record({ n: fc.constantFrom(...LIMIT_LENGTHS), filler: fc.constantFrom('a', '📦', ' ', '0'), atStart: fc.boolean() })
      .map(({ n, filler, atStart }) => toLength(s, n, filler, atStart)),
    fc
      .record({ i: fc.nat({ max: Math.max(0, cps.length) }), c: fc.constantFrom(...CHARS), how: fc.constantFrom('replace', 'insert', 'remove') })
      .map(({ i, c, how }) => {
        const out = [...cps]
        if (how === 'insert') out.splice(i, 0, c)
        else if (how === 'remove') out.splice(i, 1)
        else out.splice(i, 1, c)
        return out.join('')
      }),
  )
}

const numberVariants = (n: number): fc.Arbitrary<unknown> =>
  fc.constantFrom<unknown>(String(n), ` ${n}`, n + 1, n - 1, n + 0.5, n - 0.5, -n, n * 10, n + 1e-9, [n], ...BOUNDARY_NUMBERS)

const arrayVariants = (a: ReadonlyArray<unknown>): fc.Arbitrary<unknown> => {
  const first = a[0]
  return fc.oneof(
    fc.constantFrom<unknown>([], a.slice(0, -1), a.slice(1), [...a, ...a], { ...a }, ...(a.length > 0 ? [first] : [])),
    fc.constantFrom(...LIST_LENGTHS).map((n) => (a.length === 0 ? Array.from({ length: n }, () => null) : Array.from({ length: n }, (_, i) => a[i % a.length]))),
  )
}

const objectVariants = (o: Record<string, unknown>): fc.Arbitrary<unknown> => fc.constantFrom<unknown>([o], Object.values(o), {})

/** A hostile replacement for `v`: the generic pool, or a variant of `v` itself. */
export const hostileFor = (v: unknown, options: CorruptionOptions = {}): fc.Arbitrary<unknown> => {
  const json = options.json === true
  const generic = fc.constantFrom(...GENERIC, ...(json ? [] : JS_ONLY))
  const specific: fc.Arbitrary<unknown> | undefined =
    typeof v === 'string' ? stringVariants(v)
    : typeof v === 'number' ? numberVariants(v)
    : typeof v === 'boolean' ? fc.constantFrom<unknown>(!v, String(v), v ? 1 : 0, 'yes')
    : Array.isArray(v) ? arrayVariants(v)
    : isPlainObject(v) ? objectVariants(v)
    : undefined
  return specific === undefined ? generic : fc.oneof({ weight: 1, arbitrary: generic }, { weight: 2, arbitrary: specific })
}

/** Keys an added property may take: every field name of the spec's request bodies, and names it has not. */
const KEYS = [
  'name', 'address1', 'address2', 'city', 'state', 'zipCode', 'country', 'phoneNumber', 'phoneExtension', 'contactPerson',
  'email', 'openTime', 'closeTime', 'notes', 'liftgateRequired', 'limitedAccess', 'appointmentRequired', 'callAheadRequired',
  'lumperRequired', 'insideRequired',
  'palletCount', 'poundsWeight', 'dimensions', 'palletDimensions', 'description', 'nmfcCode', 'freightClass', 'packagingType',
  'pieceCount', 'length', 'width', 'height',
  'pickupAddress', 'deliveryAddress', 'orderComponents', 'quoteId', 'poNumber', 'refNumber', 'instructions', 'referenceNumbers',
  'requiredPickupDate', 'requiredDeliveryBy', 'appointments', 'shipperDispatch', 'shipmentMode', 'customerReference',
  'pickup', 'delivery', 'channel', 'portalUrl', 'contacts', 'leadTimeHours', 'phone', 'role', 'scac',
  'vehicleId', 'timestamp', 'latitude', 'longitude', 'heading', 'speed',
  'companyId', 'extra', 'id', '', 'Name', 'zipcode', '\ud800', 'k\u0000', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf',
] as const

const addKey = (payload: unknown, path: Path, key: string, v: unknown): Corruption => ({
  input: updateAt(payload, path, (o) => {
    const copy: Record<string, unknown> = {}
    for (const k of Object.keys(o as object)) define(copy, k, (o as Record<string, unknown>)[k])
    define(copy, key, v)
    return copy
  }),
  path,
  op: 'add',
  key,
  value: v,
})

const replaceAt = (payload: unknown, path: Path, value: unknown, options: CorruptionOptions): fc.Arbitrary<Corruption> =>
  hostileFor(value, options).map((v): Corruption => ({ input: updateAt(payload, path, () => v), path, op: 'replace', value: v }))
const deleteAt = (payload: unknown, path: Path): Corruption => ({ input: updateAt(payload, path, () => DELETE), path, op: 'delete' })
const addAt = (payload: unknown, path: Path, options: CorruptionOptions): fc.Arbitrary<Corruption> =>
  fc.tuple(fc.constantFrom(...KEYS), hostileFor(undefined, options)).map(([key, v]) => addKey(payload, path, key, v))

/**
 * One corruption of `payload` (weights 6 : 1 : 2): a place's value (any place, the payload itself
 * included) replaced by a hostile one (null, blanks, numbers that trip integer and range checks,
 * strings at and past length limits, text with U+0000 or a lone surrogate, the value case-flipped,
 * cut or off by one …), a place deleted, or a key added to an object of it; with the path it hit
 * and what it did. With `{ json: true }` only values JSON can carry. Not every corruption makes a
 * payload invalid (a deleted optional field, an unknown key added): a property judges it.
 *
 * Implements no rule ID.
 *
 * @example
 * fc.sample(corruptionOf({ zipCode: '60601' }), { seed: 1, numRuns: 20 }).every((c) => ['replace', 'delete', 'add'].includes(c.op))
 * //=> true
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const corruptionOf = (payload: unknown, options: CorruptionOptions = {}): fc.Arbitrary<Corruption> => {
  const places = placesOf(payload)
  const inner = places.filter((p) => p.path.length > 0)
  const objects = places.filter((p) => isPlainObject(p.value))
  const ops: Array<{ weight: number; arbitrary: fc.Arbitrary<Corruption> }> = [
    { weight: 6, arbitrary: fc.constantFrom(...places).chain(({ path, value }) => replaceAt(payload, path, value, options)) },
  ]
  if (inner.length > 0) ops.push({ weight: 1, arbitrary: fc.constantFrom(...inner).map(({ path }) => deleteAt(payload, path)) })
  if (objects.length > 0) ops.push({ weight: 2, arbitrary: fc.constantFrom(...objects).chain(({ path }) => addAt(payload, path, options)) })
  return fc.oneof(...ops)
}

/**
 * One corruption at every place of `payload`, field by field (each its own copy of the payload):
 * at each place its value replaced, or (weights 6 : 1 : 2) the place deleted, or a key added to
 * the object there.
 */
export const corruptionsAtEveryPlace = (payload: unknown, options: CorruptionOptions = {}): fc.Arbitrary<ReadonlyArray<Corruption>> =>
  fc.tuple(
    ...placesOf(payload).map(({ path, value }) =>
      fc.oneof(
        { weight: 6, arbitrary: replaceAt(payload, path, value, options) },
        ...(path.length > 0 ? [{ weight: 1, arbitrary: fc.constant(deleteAt(payload, path)) }] : []),
        ...(isPlainObject(value) ? [{ weight: 2, arbitrary: addAt(payload, path, options) }] : []),
      ),
    ),
  )

/**
 * A valid payload drawn from `valid` with one place corrupted (see `corruptionOf`).
 *
 * Implements no rule ID.
 *
 * @example
 * fc.sample(corruptedArb(quoteRequestArb, { json: true }), { seed: 1, numRuns: 20 }).length
 * //=> 20
 *
 * @category arbitraries
 * @since 0.2.0
 */
export const corruptedArb = (valid: fc.Arbitrary<unknown>, options: CorruptionOptions = {}): fc.Arbitrary<Corruption> =>
  valid.chain((payload) => corruptionOf(payload, options))

/**
 * A valid payload of `valid` and corruptions of it, field by field: one at every place when it has
 * at most `max` places, otherwise `max` corruptions of places drawn at random ({@link corruptionOf}).
 */
export const corruptedFieldByFieldArb = (
  valid: fc.Arbitrary<unknown>,
  options: CorruptionOptions & { readonly max?: number } = {},
): fc.Arbitrary<ReadonlyArray<Corruption>> => {
  const max = options.max ?? 24
  return valid.chain((payload) =>
    placesOf(payload).length <= max
      ? corruptionsAtEveryPlace(payload, options)
      : fc.array(corruptionOf(payload, options), { minLength: max, maxLength: max }),
  )
}
