// Issue 13, item 4: hostile structure, for every function export of the root and shipper-rules/geo.
// Each export is called with its valid argument lists (its doc examples' calls and the example
// files it reads) with a hostile structure put in every argument position and at every place
// inside each argument (any key of any object, any index of any array, at any depth):
//  - nesting: an object and an array nested 100,000 levels deep. Each level is a Proxy that records
//    how deep it was read, so the test sees how far a function descends (a walker that recursed
//    into an unknown key, or a nested array coerced to text or to a number, which recurses through
//    Array.prototype.join, reads all the way down). No function may read more than a few levels
//    into one, and no stack overflow may happen, even one that the export's guard (`total`) turns
//    into its failure value: the guard is mocked here to record what it catches. The same
//    structures, plain (no Proxy), must give a value of the declared type too;
//  - size: an array of 1,000,000 elements behind a Proxy that counts every read. A list with a
//    limit in the spec (contacts, referenceNumbers, palletDimensions) is rejected on its length:
//    a bounded number of reads, whatever its length. Any other list a function reads is read in
//    linear time: doubling its length at most doubles the reads. Wall time is never asserted;
//    bench/hostile.mjs shows the times;
//  - prototype keys: own `__proto__`, `constructor` and `prototype` keys (as JSON.parse makes
//    them) added to every object: Object.prototype stays clean, the values under those keys never
//    reach an output (only the exports that hand back a caller's own data, listed below, return
//    them, as own data properties), every object of an output has an ordinary prototype, and the
//    request validators drop them: the answer is the one without those keys;
//  - a getter that throws, a Proxy whose every trap throws, and a cyclic object at every place:
//    a value of the declared type, never an exception.
// docs/robustness.md describes the behaviour these tests hold.
import { describe, expect, it, vi } from 'vitest'
import type { Path } from '../../src/errors/path.js'
import { placesOf } from '../../src/arbitraries/corruption.js'
import { canonical } from '../support/canonical.js'
import { exampleCalls, examplePayloadCalls, functionExports, misfit, type FunctionExport } from '../support/exports.js'
import { cyclic, throwingGetters, throwingProxy } from '../support/hostile.js'
import { replaceAt } from '../support/mutate.js'

// What the guard of every export catches, recorded (the guard still answers the failure value).
const guardCaught = vi.hoisted(() => ({ errors: [] as unknown[] }))
vi.mock('../../src/internal/total.js', () => ({
  total:
    <A extends ReadonlyArray<unknown>, R>(f: (...args: A) => R, failure: () => R) =>
    (...args: A): R => {
      try {
        return f(...args)
      } catch (e) {
        guardCaught.errors.push(e)
        return failure()
      }
    },
}))

const exportsList = functionExports()
const calls = exampleCalls(8)
const payloadCalls = examplePayloadCalls()

/** Valid calls the doc examples do not make, where an export combines values of two arguments. */
const EXTRA_CALLS: Readonly<Record<string, ReadonlyArray<ReadonlyArray<unknown>>>> = {
  mergeAppointment: [[{
    place: { channel: 'EMAIL', contacts: [{ name: 'Dock', email: 'dock@example.com' }], instructions: 'Dock 4', referenceNumbers: ['PO-1'], leadTimeHours: 24 },
    order: { channel: 'PORTAL', portalUrl: 'https://book.example.com', contacts: [{ name: 'Desk', phone: '+13125550100' }], instructions: 'Call ahead', referenceNumbers: ['PO-2'], leadTimeHours: 48 },
    placeRequired: true,
    orderRequired: false,
  }]],
}

/** Valid argument lists: the empty one, the doc examples' calls, the example files and the extra calls. */
const basesOf = (name: string): ReadonlyArray<ReadonlyArray<unknown>> => [[], ...(calls.get(name) ?? []), ...(payloadCalls.get(name) ?? []).slice(0, 3), ...(EXTRA_CALLS[name] ?? [])]

interface Site {
  readonly label: string
  /** The argument list with `value` at this site. */
  readonly put: (value: unknown) => ReadonlyArray<unknown>
  /** The valid value at this site (undefined for an argument position past a base's end). */
  readonly original: unknown
  /** The path of the site inside its argument, rendered (`orderComponents[0].dimensions`). */
  readonly inside: Path
}

/** Every site of every valid argument list of `f`: each argument position, each place in each argument. */
const sitesOf = (f: FunctionExport): ReadonlyArray<Site> => {
  const out: Site[] = []
  basesOf(f.name).forEach((base, b) => {
    const width = Math.max(base.length, f.fn.length, 1)
    for (let pos = 0; pos < width; pos++) {
      const arg = base[pos]
      const places = arg === undefined ? [{ path: [] as Path, value: undefined }] : placesOf(arg)
      for (const place of places) {
        out.push({
          label: `call ${b}, argument ${pos}${place.path.length === 0 ? '' : ` at ${JSON.stringify(place.path)}`}`,
          put: (value) => {
            const args = [...base]
            args[pos] = place.path.length === 0 ? value : replaceAt(arg, place.path, value)
            return args
          },
          original: place.value,
          inside: place.path,
        })
      }
    }
  })
  return out
}

/** Calls `f`, returning why the answer is wrong (a throw, a misfit), or undefined. */
const answerFault = (f: FunctionExport, args: ReadonlyArray<unknown>): { readonly fault?: string; readonly result?: unknown } => {
  let result: unknown
  try {
    result = f.fn(...args)
  } catch (e) {
    return { fault: `threw ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}` }
  }
  const wrong = misfit(f.declared, result)
  return wrong === undefined ? { result } : { fault: wrong, result }
}

/** The request validators and readers of wire JSON. */
const VALIDATORS: ReadonlySet<string> = new Set([
  'normalizeAddress', 'validateAppointmentRequirement', 'validateComponents', 'inspectComponents', 'validateQuoteRequest',
  'validateCreateShipment', 'validateGpsData', 'readAppointmentResponse', 'readProblemDetail',
])

const isStackOverflow = (e: unknown): boolean => e instanceof RangeError && /call stack/i.test(e.message)

// ---------------------------------------------------------------------------------------------
// Nesting

const DEPTH = 100_000
/** How many levels into a 100,000-deep structure a function may read (the schemas are shallower). */
const READ_DEPTH_BOUND = 12

/** The deepest level read of the current probe. */
const depthSeen = { max: -1 }

/** A structure nested `depth` levels deep, every level a Proxy recording its depth when read. */
const watchedDeep = (kind: 'object' | 'array', depth: number): unknown => {
  let inner: unknown = kind === 'object' ? { leaf: 1 } : [1]
  for (let level = depth - 1; level >= 0; level--) {
    const target = kind === 'object' ? { a: inner } : [inner]
    const seen = (): void => {
      if (level > depthSeen.max) depthSeen.max = level
    }
    inner = new Proxy(target, {
      get: (t, k, r) => (seen(), Reflect.get(t, k, r)),
      has: (t, k) => (seen(), Reflect.has(t, k)),
      ownKeys: (t) => (seen(), Reflect.ownKeys(t)),
      getOwnPropertyDescriptor: (t, k) => (seen(), Reflect.getOwnPropertyDescriptor(t, k)),
    })
  }
  return inner
}

const plainDeep = (kind: 'object' | 'array', depth: number): unknown => {
  let inner: unknown = kind === 'object' ? { leaf: 1 } : [1]
  for (let level = 0; level < depth; level++) inner = kind === 'object' ? { a: inner } : [inner]
  return inner
}

/**
 * Exports that walk any JSON value by design, iteratively, with no recursion (canonicalJson
 * writes the canonical text of a whole body; decideIdempotency compares two bodies by it): they
 * read every level of a deep structure and still answer.
 */
const WHOLE_VALUE_WALKERS: ReadonlySet<string> = new Set(['canonicalJson', 'decideIdempotency', 'checkWireText'])

/**
 * Typed helpers that once coerced a value of no declared type (a nested array in place of a
 * number or a pattern, which Array.prototype.join recurses into until the stack overflows) now
 * check the type first: none is pending. Listed here when one is found, its test below marked
 * `fails` until the fix lands.
 */
const PENDING_COERCION: Readonly<Record<string, string>> = {}

describe('nesting: objects and arrays 100,000 levels deep (issue 13, item 4)', () => {
  const deepObject = plainDeep('object', DEPTH)
  const deepArray = plainDeep('array', DEPTH)
  const watched = { object: watchedDeep('object', DEPTH), array: watchedDeep('array', DEPTH) }

  /** The faults of `f` at every site: a throw, a misfit, a deep read, a stack overflow in the guard. */
  const nestingFaults = (f: FunctionExport): { answers: string[]; depth: string[]; overflow: string[]; probes: number } => {
    const answers: string[] = []
    const depth: string[] = []
    const overflow: string[] = []
    let probes = 0
    // A whole-value walker reads all 100,000 levels at every site (0.1 s a site): its top-level sites suffice.
    const sites = WHOLE_VALUE_WALKERS.has(f.name) ? sitesOf(f).filter((s) => s.inside.length === 0).slice(0, 3) : sitesOf(f)
    for (const site of sites) {
      for (const kind of ['object', 'array'] as const) {
        probes += 1
        guardCaught.errors.length = 0
        const plain = answerFault(f, site.put(kind === 'object' ? deepObject : deepArray))
        if (plain.fault !== undefined) answers.push(`${site.label}, a deep ${kind}: ${plain.fault}`)
        depthSeen.max = -1
        const proxied = answerFault(f, site.put(watched[kind]))
        if (proxied.fault !== undefined) answers.push(`${site.label}, a watched deep ${kind}: ${proxied.fault}`)
        if (depthSeen.max > READ_DEPTH_BOUND) depth.push(`${site.label}, a deep ${kind}: read ${depthSeen.max} levels into it`)
        if (guardCaught.errors.some(isStackOverflow)) overflow.push(`${site.label}, a deep ${kind}: the stack overflowed (the guard answered)`)
      }
    }
    return { answers, depth, overflow, probes }
  }

  for (const f of exportsList) {
    const pending = PENDING_COERCION[f.name]
    const walker = WHOLE_VALUE_WALKERS.has(f.name)
    it(`${f.name}: a value of the declared type${pending === undefined ? `, ${walker ? 'walked iteratively' : `never read more than ${READ_DEPTH_BOUND} levels deep`}, no stack overflow` : ''}`, () => {
      const r = nestingFaults(f)
      expect(r.answers.slice(0, 8)).toEqual([])
      expect(r.probes).toBeGreaterThan(1)
      if (pending !== undefined) return
      if (!walker) expect(r.depth.slice(0, 8)).toEqual([])
      expect(r.overflow.slice(0, 8)).toEqual([])
    })
    if (pending !== undefined) {
      // Marked `fails` while the coercion stays (see PENDING_COERCION): it starts failing, and
      // must then become a plain `it`, once the fix lands.
      it.fails(`${f.name}: never coerces a deep structure (pending: ${pending})`, () => {
        const r = nestingFaults(f)
        expect([...r.depth, ...r.overflow]).toEqual([])
      })
    }
  }

  it('the whole-value walkers read every level of a deep structure and answer without recursion', () => {
    depthSeen.max = -1
    guardCaught.errors.length = 0
    const text = exportsList.find((f) => f.name === 'canonicalJson')!.fn(watched.array)
    expect(depthSeen.max).toBe(DEPTH - 1)
    expect(typeof text === 'string' && text.startsWith('[[[[') && text.length === 2 * DEPTH + 3).toBe(true)
    expect(guardCaught.errors).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Size

const HUGE = 1_000_000
/** Reads of a list that is rejected on its length: `length`, a few prototype lookups, and the type checks. */
const BOUNDED_READS = 32

/** Shared, frozen targets of the counting proxies, by length and element. */
const targets = new Map<string, { readonly list: ReadonlyArray<unknown> }>()
const targetOf = (length: number, element: unknown): ReadonlyArray<unknown> => {
  const key = `${length} ${canonical(element)}`
  let t = targets.get(key)
  if (t === undefined) {
    t = { list: Object.freeze(new Array<unknown>(length).fill(element)) }
    targets.set(key, t)
  }
  return t.list
}

/** A list of `length` copies of `element` behind a Proxy counting every read of it. */
const countedList = (length: number, element: unknown): { readonly list: unknown; readonly reads: () => number } => {
  let reads = 0
  const list = new Proxy(targetOf(length, element) as unknown[], {
    get: (t, k, r) => ((reads += 1), Reflect.get(t, k, r)),
    has: (t, k) => ((reads += 1), Reflect.has(t, k)),
    ownKeys: (t) => ((reads += 1), Reflect.ownKeys(t)),
    getOwnPropertyDescriptor: (t, k) => ((reads += 1), Reflect.getOwnPropertyDescriptor(t, k)),
  })
  return { list, reads: () => reads }
}

/**
 * The places whose lists have a limit in the spec: a validator rejects an over-long one on its
 * length. (A typed helper such as mergeAppointment takes lists a validator has already bounded.)
 */
const LIMITED_LIST = /(^|\.)(contacts|referenceNumbers|palletDimensions)$/

const renderInside = (p: Path): string => p.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('').replace(/^\./, '')

describe('size: arrays of 1,000,000 elements (issue 13, item 4)', () => {
  for (const f of exportsList) {
    it(`${f.name}: a list with a spec limit is rejected on its length; any other list is read in linear time`, () => {
      const faults: string[] = []
      let bounded = 0
      let limited = 0
      for (const site of sitesOf(f)) {
        const element = Array.isArray(site.original) && site.original.length > 0 ? site.original[0] : 0
        const mustBound = Array.isArray(site.original) && LIMITED_LIST.test(renderInside(site.inside)) && VALIDATORS.has(f.name)
        if (mustBound) limited += 1
        const small = countedList(1_000, element)
        const a = answerFault(f, site.put(small.list))
        if (a.fault !== undefined) faults.push(`${site.label}, 1,000 elements: ${a.fault}`)
        if (small.reads() <= BOUNDED_READS) {
          // Bounded at 1,000: it must stay bounded at 1,000,000 (the list is rejected or ignored unread).
          bounded += 1
          const huge = countedList(HUGE, element)
          const b = answerFault(f, site.put(huge.list))
          if (b.fault !== undefined) faults.push(`${site.label}, 1,000,000 elements: ${b.fault}`)
          if (huge.reads() > BOUNDED_READS) faults.push(`${site.label}: ${small.reads()} reads of 1,000 elements, ${huge.reads()} of 1,000,000`)
        } else {
          if (mustBound) faults.push(`${site.label}: a list over its limit is read element by element (${small.reads()} reads of 1,000)`)
          const double = countedList(2_000, element)
          const b = answerFault(f, site.put(double.list))
          if (b.fault !== undefined) faults.push(`${site.label}, 2,000 elements: ${b.fault}`)
          if (double.reads() > 2 * small.reads() + BOUNDED_READS) faults.push(`${site.label}: ${small.reads()} reads of 1,000 elements but ${double.reads()} of 2,000 (more than linear)`)
        }
      }
      expect(faults.slice(0, 8)).toEqual([])
      // Every export but the whole-value walkers meets at least one list it rejects or ignores unread.
      if (!WHOLE_VALUE_WALKERS.has(f.name)) expect(bounded).toBeGreaterThan(0)
      if (['validateAppointmentRequirement', 'validateCreateShipment', 'validateComponents'].includes(f.name)) expect(limited).toBeGreaterThan(0)
    })
  }

  it('the limited lists at 1,000,000 real elements: one max_length violation, the entries unread', () => {
    const validate = exportsList.find((f) => f.name === 'validateAppointmentRequirement')!.fn
    const contact = { name: 'Dock', phone: '+13125550100' }
    const contacts = countedList(HUGE, contact)
    const refs = countedList(HUGE, 'PO-1')
    const r = validate({ channel: 'PHONE', contacts: contacts.list, referenceNumbers: refs.list }) as { _tag: string; left?: ReadonlyArray<{ field: string; code: string }> }
    expect(r._tag).toBe('Left')
    expect(r.left!.map((v) => [v.field, v.code])).toEqual([['contacts', 'max_length'], ['referenceNumbers', 'max_length']])
    expect(contacts.reads()).toBeLessThanOrEqual(BOUNDED_READS)
    expect(refs.reads()).toBeLessThanOrEqual(BOUNDED_READS)
    const plain = validate({ channel: 'PHONE', contacts: new Array(HUGE).fill(contact) }) as { _tag: string; left?: ReadonlyArray<{ field: string; code: string }> }
    expect(plain.left!.map((v) => [v.field, v.code])).toEqual([['contacts', 'max_length']])
  })

  // orderComponents has no count limit of its own in the spec, but every pallet group carries at
  // least one pallet and an order at most `config.pallet.maxPalletsPerOrder` (26): a longer list
  // can never be accepted, and is judged on its length alone (422 pallet_invalid, out_of_range).
  it('orderComponents longer than the pallets-per-order cap is rejected on its length, its groups unread', () => {
    for (const name of ['validateComponents', 'validateCreateShipment', 'validateQuoteRequest']) {
      const validate = exportsList.find((f) => f.name === name)!.fn
      const groups = countedList(HUGE, { palletCount: 1, poundsWeight: 500 })
      const input = name === 'validateComponents' ? groups.list : { pickupAddress: { zipCode: '60018' }, deliveryAddress: { zipCode: '75201' }, orderComponents: groups.list }
      const r = validate(input) as { _tag: string; left?: { reason: string; violations: ReadonlyArray<{ field: string; code: string }> } }
      expect(r._tag).toBe('Left')
      if (name !== 'validateCreateShipment') {
        expect(r.left!.reason).toBe('pallet_invalid')
        expect(r.left!.violations.map((v) => [v.field, v.code])).toEqual([['orderComponents', 'out_of_range']])
      }
      expect(groups.reads()).toBeLessThanOrEqual(BOUNDED_READS)
    }
  })
})

// ---------------------------------------------------------------------------------------------
// Prototype keys

/** The values put under the hostile keys: found by identity in an output, they leaked. */
const MARKERS = { proto: { polluted: true, isAdmin: true }, ctor: { prototype: { polluted: true } }, prototype: { polluted: true } }
const MARKER_SET: ReadonlySet<unknown> = new Set([MARKERS.proto, MARKERS.ctor, MARKERS.ctor.prototype, MARKERS.prototype])

/** A copy of a plain object with own `__proto__`, `constructor` and `prototype` data properties, as JSON.parse makes them. */
const withHostileKeys = (o: Readonly<Record<string, unknown>>): Record<string, unknown> => {
  const copy: Record<string, unknown> = {}
  for (const k of Object.keys(o)) Object.defineProperty(copy, k, { value: o[k], enumerable: true, writable: true, configurable: true })
  const define = (k: string, v: unknown): void => void Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true })
  define('__proto__', MARKERS.proto)
  define('constructor', MARKERS.ctor)
  define('prototype', MARKERS.prototype)
  return copy
}

/**
 * Exports that hand back a caller's own data by design, so its own keys come back with it:
 * repairInput returns the body with unknown fields untouched (rebuilt objects define every key,
 * so `__proto__` stays an own data property), decideIdempotency returns the stored response,
 * validationProblem the violations it is given, uploadDocument the document it adds to the set,
 * mergeAppointment the sides' own contact objects (validated values, whose unknown keys the
 * validator dropped), and the Either helpers and `match` what they were given. The test still checks that no
 * prototype changed and that every object of their output has an ordinary prototype.
 */
const RETURNS_CALLER_DATA: ReadonlySet<string> = new Set(['repairInput', 'decideIdempotency', 'validationProblem', 'uploadDocument', 'mergeAppointment', 'match', 'isLeft', 'isRight'])

const ORDINARY_PROTOTYPES: ReadonlySet<unknown> = new Set([Object.prototype, Array.prototype, null])

/** Why an output is wrong: a marker reached it, or an object in it has an unusual prototype. */
const leak = (output: unknown, allowMarkers: boolean): string | undefined => {
  const seen = new Set<object>()
  const stack: unknown[] = [output]
  while (stack.length > 0 && seen.size < 100_000) {
    const v = stack.pop()
    if (typeof v !== 'object' || v === null || seen.has(v)) continue
    seen.add(v)
    if (MARKER_SET.has(v)) {
      if (allowMarkers) continue
      return 'a value put under __proto__/constructor/prototype reached the output'
    }
    const proto = Object.getPrototypeOf(v) as unknown
    if (!ORDINARY_PROTOTYPES.has(proto) && MARKER_SET.has(proto)) return 'an output object has a hostile value as its prototype'
    for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k])
  }
  return undefined
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype


const cleanPrototypes = (): boolean => {
  for (const p of [Object.prototype, Array.prototype, Function.prototype] as Array<Record<string, unknown>>) {
    if (Object.hasOwn(p, 'polluted') || Object.hasOwn(p, 'isAdmin')) return false
  }
  return ({} as Record<string, unknown>)['polluted'] === undefined
}

describe('prototype keys: __proto__, constructor, prototype (issue 13, item 4)', () => {
  it('JSON.parse makes __proto__ an own data property (what the tests add)', () => {
    const parsed = JSON.parse('{"__proto__":{"polluted":true}}') as object
    expect(Object.keys(parsed)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
    expect(Object.keys(withHostileKeys({ a: 1 }))).toEqual(['a', '__proto__', 'constructor', 'prototype'])
  })

  for (const f of exportsList) {
    it(`${f.name}: never pollutes a prototype, never returns the values under those keys${VALIDATORS.has(f.name) ? ', drops them' : ''}`, () => {
      const faults: string[] = []
      let probes = 0
      for (const site of sitesOf(f)) {
        if (!isPlainObject(site.original)) continue
        probes += 1
        const a = answerFault(f, site.put(withHostileKeys(site.original)))
        if (a.fault !== undefined) faults.push(`${site.label}: ${a.fault}`)
        if (!cleanPrototypes()) faults.push(`${site.label}: a prototype was polluted`)
        const leaked = leak(a.result, RETURNS_CALLER_DATA.has(f.name))
        if (leaked !== undefined) faults.push(`${site.label}: ${leaked}`)
        if (VALIDATORS.has(f.name)) {
          const without = f.fn(...site.put(site.original))
          if (canonical(a.result) !== canonical(without)) faults.push(`${site.label}: the answer changed with the hostile keys`)
        }
      }
      expect(faults.slice(0, 8)).toEqual([])
      if (VALIDATORS.has(f.name)) expect(probes).toBeGreaterThan(0)
    })
  }
})

// ---------------------------------------------------------------------------------------------
// Throwing getters, throwing proxies, cycles

describe('a getter that throws, a Proxy whose traps throw, a cycle, at any depth (issue 13, item 4)', () => {
  for (const f of exportsList) {
    it(`${f.name}: a value of the declared type`, () => {
      const faults: string[] = []
      for (const site of sitesOf(f)) {
        const cycles = cyclic()
        for (const [name, value] of [['throwing getters', throwingGetters()], ['throwing proxy', throwingProxy()], ['cyclic object', cycles.object], ['cyclic array', cycles.array]] as const) {
          const a = answerFault(f, site.put(value))
          if (a.fault !== undefined) faults.push(`${site.label}, ${name}: ${a.fault}`)
        }
      }
      expect(faults.slice(0, 8)).toEqual([])
      expect(cleanPrototypes()).toBe(true)
    })
  }
})
