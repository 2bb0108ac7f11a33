// Time windows crossed with the clock control, and several quotes under one reference (CRT-10,
// QTE-02, QTE-05, QTE-06; needs `--controls sandbox`: only the sandbox's clock control,
// POST /sandbox/clock in whole minutes, moves a company's time). The model: the quotes the run made
// under its references and the Idempotency-Keys it used, each with the interval in which the
// server made it (the company clock read before and after the request). Every answer is the
// library's: the newest quote under a reference (newestQuoteByReference) and whether it is
// matchable (quoteByReferenceResponse at the company's now, the declared quoteValidityHours),
// the quote's expiry (quoteExpiresAt), and new, replay or conflict for a key (decideIdempotency
// with the declared idempotencyWindowHours). The request is judged at both ends of the
// intervals; where the two ends disagree (a step that lands within the run's own seconds of an
// edge) either answer passes. The windows are met first at their edges, whatever the seed: a
// minute under, exactly at (outside: the windows are half-open) and a minute over the end
// (shipper-rules/arbitraries windowEdgeSteps), then by generated sequences whose clock steps come
// from windowStepArb.
import fc from 'fast-check'
import { DateTime } from 'luxon'
import {
  canonicalJson,
  checkQuoteForShipment,
  decideIdempotency,
  HEADER,
  newestQuoteByReference,
  quoteByReferenceResponse,
  quoteExpiresAt,
  validateCreateShipment,
  validateQuoteRequest,
  type StoredQuote,
} from 'shipper-rules'
import { windowEdgeSteps, windowStepArb } from 'shipper-rules/arbitraries'
import type { Check, KitContext, RuleId } from '../../check.js'
import type { Received } from '../../http.js'
import { judge, renderDiffs } from '../../judge.js'
import {
  command,
  createBody,
  describe,
  expectAnswer,
  field,
  get,
  guarded,
  LANES,
  post,
  quoteBody,
  reasonOf,
  RuleBroken,
  runModel,
  stringField,
  type Freight,
} from '../support.js'

const NAME = 'stateful: windows crossed with the clock'
const RULES = ['CRT-10', 'CRT-05', 'QTE-02', 'QTE-05', 'QTE-06'] as const

/** The company every stored quote of the model belongs to (the kit's main company; only compared with itself). */
const COMPANY = 'main'
const REFERENCES = 2
const KEYS = 3
/** The most minutes a generated run moves the clock (3 days), so many runs stay far inside the sandbox's 20-year limit. */
const MAX_RUN_MINUTES = 3 * 24 * 60

/** The interval in which something happened on the server: the company clock read before and after. */
interface Between {
  readonly lo: DateTime
  readonly hi: DateTime
}

interface Quote {
  readonly id: string
  readonly freight: number
  readonly reference: string
  readonly made: Between
  readonly price: number
  /** The quote's answer as made: a read by id answers it again, however far the clock moved. */
  readonly answer: unknown
}

interface Keyed {
  readonly body: number
  readonly text: string
  readonly orderNumber: string
  readonly made: Between
}

interface Model {
  readonly references: ReadonlyArray<string>
  readonly keys: ReadonlyArray<string>
  readonly quotes: Quote[]
  readonly stored: Map<number, Keyed>
  moved: number
}

const FREIGHTS: ReadonlyArray<Freight> = [
  { palletCount: 1, poundsWeight: 500 },
  { palletCount: 2, poundsWeight: 700 },
]

const run = (ctx: KitContext) => {
  const startedAt = ctx.http.transcript.length
  if (ctx.controls !== 'sandbox') {
    const why = 'the windows are crossed with the sandbox clock control (POST /sandbox/clock): needs --controls sandbox'
    return Promise.resolve({ check: NAME, rules: [], failures: [], notChecked: RULES.map((rule) => ({ rule, why })), requests: 0 })
  }
  return guarded(ctx, { name: NAME, rules: RULES }, startedAt, () => body(ctx, startedAt))
}

const body = async (ctx: KitContext, startedAt: number) => {
  const config = ctx.config
  const options = { config }
  let runs = 0
  const bodies = FREIGHTS.map((f, b) => createBody(ctx, LANES[0]!, f, { note: `windows body ${b}` }))

  /** The company clock's now (GET /sandbox/clock). */
  const clock = async (rule: RuleId): Promise<DateTime> => {
    const r = await ctx.http.send(get('/sandbox/clock'))
    expectAnswer(rule, 'GET /sandbox/clock', r, 200)
    const now = field(rule, 'the company clock', r, 'now')
    const t = typeof now === 'string' ? DateTime.fromISO(now, { zone: 'utc' }) : DateTime.invalid('no now')
    if (!t.isValid) throw new RuleBroken(rule, 'GET /sandbox/clock: an ISO instant in now', describe(r))
    return t
  }

  /** Sends a request between two clock reads: the answer and the interval in which the server took it. */
  const timed = async (rule: RuleId, send: () => Promise<Received>): Promise<{ r: Received; at: Between }> => {
    const lo = await clock(rule)
    const r = await send()
    const hi = await clock(rule)
    return { r, at: { lo, hi } }
  }

  /** Fails with the judge's diff unless the actual value is one of the expected ones (two when the interval's ends disagree). */
  const oneOf = (rule: RuleId, what: string, expected: ReadonlyArray<unknown>, actual: unknown, r: Received, partial = false): void => {
    const diffs = expected.map((e) => judge(e, actual, { partial }))
    if (diffs.some((d) => d.length === 0)) return
    const either = expected.length > 1 && canonicalJson(expected[0]) !== canonicalJson(expected[1]) ? ' (either: the run\'s own seconds straddle the edge)' : ''
    throw new RuleBroken(rule, `${what}${either}: ${expected.map((e) => JSON.stringify(e)).join(' or ')}\n${renderDiffs(diffs[0]!)}`, describe(r))
  }

  const quote = (reference: number, freight: number) =>
    command<Model, undefined>(`Quote(reference ${reference}, freight ${freight})`, () => true, async (m) => {
      const { r, at } = await timed('QTE-02', () => ctx.http.send(post('/v1/shipper/quote', quoteBody(LANES[0]!, FREIGHTS[freight]!, m.references[reference]))))
      expectAnswer('QTE-01', 'a valid quote request', r, 200)
      const id = stringField('QTE-01', 'a quote', r, 'id')
      const price = field('QTE-01', 'a quote', r, 'quotedPriceInCents')
      // QTE-02: the expiry is the creation plus the declared validity; the creation lies in the interval
      const expires = DateTime.fromISO(String(field('QTE-02', 'a quote', r, 'quoteExpirationTime')), { zone: 'utc' })
      const lo = quoteExpiresAt(at.lo, options)
      const hi = quoteExpiresAt(at.hi, options)
      if (!expires.isValid || expires < lo || expires > hi) {
        throw new RuleBroken('QTE-02', `quoteExpirationTime ${config.quoteValidityHours} hours after the quote's creation: from ${lo.toISO()} to ${hi.toISO()} (quoteExpiresAt)`, describe(r))
      }
      m.quotes.push({ id, freight, reference: m.references[reference]!, made: at, price: typeof price === 'number' ? price : Number.NaN, answer: r.json })
    })

  /** A create on a quote of the run, its lane and freight: checkQuoteForShipment at both ends of the quote's age decides booked or 400. */
  const createOnQuote = (i: number) =>
    command<Model, undefined>(`CreateOnQuote(${i})`, (m) => m.quotes.length > 0, async (m) => {
      const q = m.quotes[i % m.quotes.length]!
      const body = createBody(ctx, LANES[0]!, FREIGHTS[q.freight]!, { quoteId: q.id, note: 'windows create on a quote' })
      const quoted = validateQuoteRequest(quoteBody(LANES[0]!, FREIGHTS[q.freight]!, q.reference), options)
      const request = validateCreateShipment(body, options)
      if (quoted._tag === 'Left' || request._tag === 'Left') throw new Error('a quote or create of the model the library refuses')
      const { r, at } = await timed('QTE-02', () => ctx.http.send(post('/v1/shipper/shipment', body)))
      const decide = (made: DateTime, now: DateTime) => {
        const d = checkQuoteForShipment({ ...stored(q, 'lo'), createdAt: made, request: quoted.right }, request.right, { companyId: COMPANY, now, config })
        return d._tag === 'Right' ? 'booked' : d.left.reason
      }
      const kinds = [...new Set([decide(q.made.hi, at.lo), decide(q.made.lo, at.hi)])]
      const age = `${Math.round(at.lo.diff(q.made.hi).as('minutes'))} minutes old (validity ${config.quoteValidityHours} h)`
      const got = r.status === 200 ? 'booked' : reasonOf(r) ?? String(r.status)
      if (!kinds.includes(got)) {
        const rule: RuleId = kinds.includes('quote_expired') || got === 'quote_expired' ? 'QTE-02' : 'CRT-05'
        throw new RuleBroken(rule, `a create on a quote ${age}: ${kinds.map((k) => (k === 'booked' ? 'booked (200)' : `400 ${k}`)).join(' or ')} (checkQuoteForShipment)`, describe(r))
      }
      if (got === 'booked' && field('CRT-05', 'a create on its quote', r, 'totalPriceInCents') !== q.price) {
        throw new RuleBroken('CRT-05', `a create on a quote ${age}: booked at the quoted price ${q.price}`, describe(r))
      }
    })

  const readQuote = (i: number) =>
    command<Model, undefined>(`ReadQuote(${i})`, (m) => m.quotes.length > 0, async (m) => {
      const q = m.quotes[i % m.quotes.length]!
      const r = await ctx.http.send(get(`/v1/shipper/quote/${encodeURIComponent(q.id)}`))
      expectAnswer('QTE-01', 'GET of a quote by its id', r, 200)
      const diffs = judge(q.answer, r.json)
      if (diffs.length > 0) {
        const rule: RuleId = diffs.some((d) => d.path === '$.quoteExpirationTime') ? 'QTE-02' : 'QTE-01'
        throw new RuleBroken(rule, `GET of a quote by its id, the clock moved ${m.moved} minutes in this run: the quote as it was answered (its expiry fixed at its creation)\n${renderDiffs(diffs)}`, describe(r))
      }
    })

  const stored = (q: Quote, end: 'lo' | 'hi'): StoredQuote => ({
    id: q.id,
    companyId: COMPANY,
    customerReference: q.reference,
    createdAt: q.made[end],
    open: true,
    quotedPriceInCents: q.price,
  })

  const byReference = (reference: number) =>
    command<Model, undefined>(`ReadByReference(reference ${reference})`, () => true, async (m) => {
      const ref = m.references[reference]!
      const { r, at } = await timed('QTE-05', () => ctx.http.send(get(`/v1/shipper/quotes/by-reference?reference=${encodeURIComponent(ref)}`)))
      // the newest by the library, with every quote made at the start of its interval, and at the end
      const early = newestQuoteByReference(m.quotes.map((q) => stored(q, 'lo')), { companyId: COMPANY, reference: ref })
      const late = newestQuoteByReference(m.quotes.map((q) => stored(q, 'hi')), { companyId: COMPANY, reference: ref })
      if (early._tag === 'Left' || late._tag === 'Left') {
        const p = early._tag === 'Left' ? early.left : (late as { left: { status: number; reason: string } }).left
        return expectAnswer('QTE-05', `a reference no quote of the company is held under`, r, p.status, p.reason)
      }
      expectAnswer('QTE-05', 'the newest quote under a reference', r, 200)
      // the quotes that may be the newest: none made surely later (two made within the same clock
      // reading are told apart only by the server's own instants); one, unless the run was that fast
      const under = m.quotes.filter((q) => q.reference === ref)
      const candidates = under.filter((q) => !under.some((p) => p !== q && p.made.lo > q.made.hi))
      const ids = early.right.id === late.right.id && candidates.length === 1 ? [early.right.id] : candidates.map((q) => q.id)
      const answered = field('QTE-05', 'the quote by reference', r, 'quoteId')
      const newest = under.find((q) => q.id === answered && ids.includes(q.id))
      if (newest === undefined) {
        const diffs = judge({ quoteId: ids[0] }, { quoteId: answered })
        throw new RuleBroken('QTE-05', `the newest of ${under.length} quote(s) under the reference${ids.length > 1 ? ` (any of ${ids.join(', ')}: made within one clock reading)` : ''} (newestQuoteByReference)\n${renderDiffs(diffs)}`, describe(r))
      }
      // matchable judged at the extremes of the quote's age: youngest (made late, read early) and oldest
      const expected = [quoteByReferenceResponse(stored(newest, 'hi'), at.lo, options), quoteByReferenceResponse(stored(newest, 'lo'), at.hi, options)]
      oneOf('QTE-06', 'the quote by reference (quoteByReferenceResponse at the company clock\'s now)', expected, r.json, r, true)
    })

  const create = (key: number, b: number) =>
    command<Model, undefined>(`Create(key ${key}, body ${b})`, () => true, async (m) => {
      const was = m.stored.get(key)
      const { r, at } = await timed('CRT-10', () => ctx.http.send(post('/v1/shipper/shipment', bodies[b], 'main', { [HEADER.idempotencyKey]: m.keys[key]! })))
      const decide = (made: DateTime, now: DateTime) =>
        decideIdempotency(was === undefined ? null : { body: bodies[was.body], createdAt: made, response: was.text }, { body: bodies[b], now }, options).kind
      // the key's age at its extremes: the youngest (made late, used early) and the oldest
      const kinds = was === undefined ? ['new' as const] : [...new Set([decide(was.made.hi, at.lo), decide(was.made.lo, at.hi)])]
      const age = was === undefined ? '' : ` ${Math.round(at.lo.diff(was.made.hi).as('minutes'))} minutes after its first use (window ${config.idempotencyWindowHours} h)`
      const what = `a create with a ${was === undefined ? 'new' : 'used'} ${HEADER.idempotencyKey}${age}, ${was === undefined || was.body === b ? 'the same body' : 'another body'}`
      const got =
        r.status === 409 && reasonOf(r) === 'idempotency_key_conflict' ? 'conflict'
        : r.status === 200 && was !== undefined && r.text === was.text ? 'replay'
        : r.status === 200 ? 'new'
        : 'other'
      if (!(kinds as ReadonlyArray<string>).includes(got)) {
        const want = kinds.map((k) => (k === 'conflict' ? '409 idempotency_key_conflict' : k === 'replay' ? 'the first answer byte for byte' : 'a new order (200, another orderNumber)')).join(' or ')
        throw new RuleBroken('CRT-10', `${what}: ${want} (decideIdempotency)`, describe(r))
      }
      if (got === 'new') m.stored.set(key, { body: b, text: r.text, orderNumber: stringField('CRT-10', what, r, 'orderNumber'), made: at })
    })

  const move = (minutes: number, edge: string) =>
    command<Model, undefined>(`Clock+${minutes}min(${edge})`, (m) => m.moved + minutes <= MAX_RUN_MINUTES, async (m) => {
      const r = await ctx.http.send(post('/sandbox/clock', { minutes }))
      expectAnswer('CRT-10', `POST /sandbox/clock {"minutes": ${minutes}}`, r, 200)
      m.moved += minutes
    })

  // The edges first: each window's end a minute under, at and a minute over, after the things it applies to were made.
  const keyEdges = windowEdgeSteps(config.idempotencyWindowHours)
  const quoteEdges = windowEdgeSteps(config.quoteValidityHours)
  const edgesOf = <T>(steps: ReadonlyArray<{ minutes: number; edge: string }>, at: (i: number) => T[]): T[] => {
    let moved = 0
    return steps.flatMap((s, i) => {
      const step = s.minutes - moved
      moved = s.minutes
      return [move(step, s.edge) as unknown as T, ...at(i)]
    })
  }
  const keyExample = [
    // keys 0, 1, 2 used at the start; at each edge one of them is used again with the same body, and key 0 also with another body
    create(0, 0),
    create(1, 0),
    create(2, 0),
    ...edgesOf(keyEdges, (i) => (i === 0 ? [create(0, 0), create(0, 1)] : [create(i, 0)])),
  ]
  const quoteExample = [
    // two quotes under one reference, the clock moved between them; the newest answered, matchable up to the validity's end
    quote(0, 0),
    move(1, 'between two quotes'),
    quote(0, 1),
    byReference(0),
    byReference(1),
    ...edgesOf(quoteEdges, (i) => (i < 2 ? [byReference(0), createOnQuote(1)] : [byReference(0)])),
    readQuote(0),
    readQuote(1),
  ]

  const stepArb = fc.oneof(windowStepArb(config.idempotencyWindowHours), windowStepArb(config.quoteValidityHours), fc.integer({ min: 1, max: 120 }).map((minutes) => ({ minutes, edge: 'random' })))
  const refArb = fc.integer({ min: 0, max: REFERENCES - 1 })
  const keyArb = fc.integer({ min: 0, max: KEYS - 1 })
  const commands = [
    fc.tuple(refArb, fc.integer({ min: 0, max: FREIGHTS.length - 1 })).map(([ref, f]) => quote(ref, f)),
    refArb.map(byReference),
    fc.tuple(keyArb, fc.integer({ min: 0, max: bodies.length - 1 })).map(([k, b]) => create(k, b)),
    fc.nat().map(readQuote),
    fc.nat().map(createOnQuote),
    stepArb.map((s) => move(s.minutes, s.edge)),
  ]

  return runModel(
    { ...ctx, runs: Math.min(ctx.runs, 5) },
    { name: NAME, rules: RULES, startedAt },
    {
      params: fc.constant(undefined),
      setup: async () => {
        runs += 1
        const tag = `${ctx.marker}-win-${runs}`
        return {
          model: {
            references: Array.from({ length: REFERENCES }, (_, i) => `${tag}-ref-${i}`),
            keys: Array.from({ length: KEYS }, (_, i) => `${tag}-key-${i}`),
            quotes: [],
            stored: new Map(),
            moved: 0,
          },
          real: undefined,
        }
      },
      commands,
      examples: [
        { params: undefined, commands: keyExample },
        { params: undefined, commands: quoteExample },
      ],
    },
  )
}

/**
 * The Idempotency-Key window and quote validity crossed with the clock at their edges, and the
 * newest of several quotes under one reference (CRT-10, QTE-02, QTE-05, QTE-06).
 */
export const windows: Check = { name: NAME, rules: RULES, run, requires: ['sandboxControls'] }
