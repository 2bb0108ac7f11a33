// Hostile values for totality and fuzz tests (issue 13): what a JavaScript caller can pass where
// a typed argument is expected. Each value is built fresh by `hostileValues()`, so a test that
// deep-freezes or compares them never shares state with another test.
import { DateTime } from 'luxon'

/** A value with a name to print in failure messages. */
export interface Named {
  readonly name: string
  readonly value: unknown
}

const thrower = (what: string) => (): never => {
  throw new Error(`hostile ${what}`)
}

/** A Proxy whose every trap throws (reading, listing keys, `in`, prototype, descriptors, calling). */
export const throwingProxy = (): object =>
  new Proxy(function target() {}, {
    get: thrower('get trap'),
    has: thrower('has trap'),
    ownKeys: thrower('ownKeys trap'),
    getOwnPropertyDescriptor: thrower('getOwnPropertyDescriptor trap'),
    getPrototypeOf: thrower('getPrototypeOf trap'),
    apply: thrower('apply trap'),
    construct: thrower('construct trap'),
    set: thrower('set trap'),
    defineProperty: thrower('defineProperty trap'),
    deleteProperty: thrower('deleteProperty trap'),
    isExtensible: thrower('isExtensible trap'),
    preventExtensions: thrower('preventExtensions trap'),
  })

/** An object whose every usual key (and `toJSON`, `then`, `valueOf`) is a getter that throws. */
export const throwingGetters = (): object => {
  const o: Record<string, unknown> = {}
  for (const key of ['x', 'length', 'toJSON', 'then', 'valueOf', 'toString', '_tag', 'isLuxonDateTime', 'config', 'status', 'body', 'path']) {
    Object.defineProperty(o, key, { get: thrower(`getter ${key}`), enumerable: true })
  }
  return o
}

/** An object that contains itself, and an array that contains itself. */
export const cyclic = (): { readonly object: object; readonly array: unknown[] } => {
  const object: Record<string, unknown> = { a: 1 }
  object['self'] = object
  object['list'] = [object]
  const array: unknown[] = [1]
  array.push(array)
  return { object, array }
}

/** What JSON.parse makes of `__proto__`, `constructor` and `prototype` keys: own data properties. */
export const pollutingJson = (): unknown =>
  JSON.parse('{"__proto__":{"polluted":true,"isAdmin":true},"constructor":{"prototype":{"polluted":true}},"prototype":{"polluted":true}}')

/** Objects that look like luxon DateTimes to a duck-typing check but are not. */
export const luxonFakes = (): ReadonlyArray<Named> => [
  { name: 'fake DateTime (isLuxonDateTime only)', value: { isLuxonDateTime: true } },
  { name: 'fake DateTime (methods throw)', value: { isLuxonDateTime: true, isValid: true, toMillis: thrower('toMillis'), plus: thrower('plus'), setZone: thrower('setZone'), zone: null } },
  { name: 'fake DateTime (isValid getter throws)', value: Object.defineProperty({ isLuxonDateTime: true }, 'isValid', { get: thrower('isValid'), enumerable: true }) },
  { name: 'invalid DateTime', value: DateTime.invalid('hostile') },
  { name: 'DateTime at the end of time', value: DateTime.fromMillis(8.64e15, { zone: 'utc' }) },
]

/** The battery of hostile values, one of each kind, built fresh. */
export const hostileValues = (): ReadonlyArray<Named> => {
  const cycles = cyclic()
  const sparse: unknown[] = []
  sparse[5] = 1
  const nullProto = Object.create(null) as Record<string, unknown>
  nullProto['x'] = 1
  return [
    { name: 'undefined', value: undefined },
    { name: 'null', value: null },
    { name: '0', value: 0 },
    { name: '-0', value: -0 },
    { name: '-1', value: -1 },
    { name: 'NaN', value: Number.NaN },
    { name: 'Infinity', value: Number.POSITIVE_INFINITY },
    { name: '-Infinity', value: Number.NEGATIVE_INFINITY },
    { name: '1e308', value: 1e308 },
    { name: '2^53', value: 2 ** 53 },
    { name: '1.5', value: 1.5 },
    { name: "''", value: '' },
    { name: "'x'", value: 'x' },
    { name: 'lone surrogate', value: '\ud83d' },
    { name: 'RTL and zero-width text', value: '\u202e\u200b\u200d\u2066abc\ufeff' },
    { name: "'__proto__'", value: '__proto__' },
    { name: 'symbol', value: Symbol('hostile') },
    { name: 'bigint', value: 10n },
    { name: 'true', value: true },
    { name: 'false', value: false },
    { name: '{}', value: {} },
    { name: 'null-prototype object', value: nullProto },
    { name: 'frozen object', value: Object.freeze({ a: Object.freeze([1]) }) },
    { name: '[]', value: [] },
    { name: '[null]', value: [null] },
    { name: 'sparse array', value: sparse },
    { name: 'array with a hole and a symbol', value: [Symbol('s'), , {}] },
    { name: 'boxed number', value: new Number(1) },
    { name: 'boxed string', value: new String('60601') },
    { name: 'boxed boolean', value: new Boolean(false) },
    { name: 'function', value: () => 1 },
    { name: 'Date', value: new Date(0) },
    { name: 'Map', value: new Map([['a', 1]]) },
    { name: 'Proxy whose traps throw', value: throwingProxy() },
    { name: 'object with throwing getters', value: throwingGetters() },
    { name: 'cyclic object', value: cycles.object },
    { name: 'cyclic array', value: cycles.array },
    { name: 'JSON with __proto__/constructor/prototype keys', value: pollutingJson() },
    { name: 'object literal with constructor/prototype keys', value: { constructor: { prototype: { polluted: true } }, prototype: 1, ['__proto__']: 1 } },
    ...luxonFakes(),
  ]
}

/** A short name for the kind of a result, as the totality tests compare it with the declared type. */
export type ResultKind = 'undefined' | 'null' | 'boolean' | 'number' | 'string' | 'array' | 'function' | 'datetime' | 'either' | 'object'

/** The kind of a value at run time. */
export const resultKindOf = (v: unknown): ResultKind | 'symbol' | 'bigint' => {
  if (v === undefined) return 'undefined'
  if (v === null) return 'null'
  if (typeof v === 'boolean' || typeof v === 'number' || typeof v === 'string' || typeof v === 'function' || typeof v === 'symbol' || typeof v === 'bigint') return typeof v as ResultKind
  if (Array.isArray(v)) return 'array'
  if (DateTime.isDateTime(v)) return 'datetime'
  const tag = (v as { _tag?: unknown })._tag
  if (tag === 'Left' || tag === 'Right') return 'either'
  return 'object'
}

/** Whether `v` is a well-formed ProblemDetail (status and reason, violations a list when present). */
export const isProblemDetail = (v: unknown): boolean => {
  if (typeof v !== 'object' || v === null) return false
  const p = v as Record<string, unknown>
  return Number.isInteger(p['status']) && typeof p['reason'] === 'string' && typeof p['type'] === 'string' && typeof p['title'] === 'string'
    && (p['violations'] === undefined || (Array.isArray(p['violations']) && p['violations'].every(isViolation)))
}

/** Whether `v` is a well-formed Violation. */
export const isViolation = (v: unknown): boolean => {
  if (typeof v !== 'object' || v === null) return false
  const x = v as Record<string, unknown>
  return typeof x['field'] === 'string' && typeof x['code'] === 'string' && typeof x['reason'] === 'string' && (x['entity'] === null || typeof x['entity'] === 'string')
}
