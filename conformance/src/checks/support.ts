// What every stateful check shares: the request bodies it sends (marked with the run's marker),
// the error a command throws when the server departs from the model, and the runner that drives
// fast-check's model-based run against the server and turns the shrunk counterexample into a
// Failure carrying exactly the requests that run sent.
import fc from 'fast-check'
import { canonicalJson, HEADER_KEY, readProblemDetail } from 'shipper-rules'
import { KIT_CRASH, type CheckResult, type Failure, type KitContext, type RuleId } from '../check.js'
import { BudgetExhausted, USER_AGENT, type Received, type SentRequest } from '../http.js'

/** Thrown by a command when the server's answer departs from the model: the rule it breaks, what the model expected, what came. */
export class RuleBroken extends Error {
  constructor(
    readonly rule: RuleId,
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`${rule}: expected ${expected}, got ${actual}`)
  }
}

/** A short account of an answer for a failure's `actual`: the status, the reason if it is a problem, and the start of the body. */
export const describe = (r: Received): string => {
  const problem = r.json === undefined ? undefined : readProblemDetail(r.json)
  const reason = problem !== undefined && problem._tag === 'Right' ? ` ${problem.right.reason}` : ''
  const text = r.text.length > 300 ? `${r.text.slice(0, 300)}…` : r.text
  return `${r.status}${reason} ${text}`.trim()
}

/** The reason of a problem body (`reason`, or `reasonCode` as ERR-04 allows), or undefined. */
export const reasonOf = (r: Received): string | undefined => {
  if (r.json === undefined) return undefined
  const p = readProblemDetail(r.json)
  return p._tag === 'Right' ? p.right.reason : undefined
}

/** Throws RuleBroken unless the answer has this status (and this reason, when one is given). */
export const expectAnswer = (rule: RuleId, what: string, r: Received, status: number, reason?: string): void => {
  if (r.status !== status || (reason !== undefined && reasonOf(r) !== reason)) {
    throw new RuleBroken(rule, `${what}: ${status}${reason === undefined ? '' : ` ${reason}`}`, describe(r))
  }
}

/** A JSON object field of a 2xx body, or RuleBroken. */
export const field = (rule: RuleId, what: string, r: Received, name: string): unknown => {
  const j = r.json
  if (typeof j !== 'object' || j === null || Array.isArray(j)) throw new RuleBroken(rule, `${what}: a JSON object`, describe(r))
  return (j as Record<string, unknown>)[name]
}

/** A string field of a 2xx body, or RuleBroken. */
export const stringField = (rule: RuleId, what: string, r: Received, name: string): string => {
  const v = field(rule, what, r, name)
  if (typeof v !== 'string' || v === '') throw new RuleBroken(rule, `${what}: a string ${name}`, describe(r))
  return v
}

/** Canonical JSON equality (key order does not matter). */
export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b)

// ---------------------------------------------------------------------------------------------
// Bodies. Lanes between ZIP codes every server of the spec can price (the sandbox's geo table
// holds them); freight small and valid, so a create fails only for the reason a command provokes.

export interface Lane {
  readonly pickup: { readonly zipCode: string; readonly city: string; readonly state: string; readonly phoneNumber: string }
  readonly delivery: { readonly zipCode: string; readonly city: string; readonly state: string; readonly phoneNumber: string }
}

export const LANES: ReadonlyArray<Lane> = [
  {
    pickup: { zipCode: '60018', city: 'Des Plaines', state: 'IL', phoneNumber: '+18475550142' },
    delivery: { zipCode: '75201', city: 'Dallas', state: 'TX', phoneNumber: '+12145550100' },
  },
  {
    pickup: { zipCode: '10001', city: 'New York', state: 'NY', phoneNumber: '+12125550100' },
    delivery: { zipCode: '30303', city: 'Atlanta', state: 'GA', phoneNumber: '+14045550100' },
  },
]

export interface Freight {
  readonly palletCount: number
  readonly poundsWeight: number
  readonly dimensions?: { readonly length: number; readonly width: number; readonly height: number }
}

/** A small valid pallet group: 1 to 4 pallets of 100 to 2,000 lb, with or without dimensions under every limit. */
export const freightArb: fc.Arbitrary<Freight> = fc.record(
  {
    palletCount: fc.integer({ min: 1, max: 4 }),
    poundsWeight: fc.integer({ min: 100, max: 2000 }),
    dimensions: fc.record({ length: fc.integer({ min: 20, max: 48 }), width: fc.integer({ min: 20, max: 40 }), height: fc.integer({ min: 20, max: 72 }) }),
  },
  { requiredKeys: ['palletCount', 'poundsWeight'] },
)

export const laneArb: fc.Arbitrary<number> = fc.integer({ min: 0, max: LANES.length - 1 })

/** A QuoteRequest for a lane and freight (`customerReference` is the sandbox's name for the reference the spec leaves unnamed). */
export const quoteBody = (lane: Lane, freight: Freight, customerReference?: string): Record<string, unknown> => ({
  pickupAddress: { zipCode: lane.pickup.zipCode },
  deliveryAddress: { zipCode: lane.delivery.zipCode },
  orderComponents: [freight],
  ...(customerReference === undefined ? {} : { customerReference }),
})

export interface CreateOptions {
  readonly quoteId?: string
  readonly deliveryAppointmentRequired?: boolean
  readonly note?: string
}

/** A CreateShipmentRequest on a lane and freight, its description and refNumber starting with the run's marker. */
export const createBody = (ctx: KitContext, lane: Lane, freight: Freight, options: CreateOptions = {}): Record<string, unknown> => ({
  pickupAddress: {
    name: 'Conformance Pickup',
    address1: '1 Dock Rd',
    city: lane.pickup.city,
    state: lane.pickup.state,
    zipCode: lane.pickup.zipCode,
    phoneNumber: lane.pickup.phoneNumber,
    contactPerson: 'Pat Pickup',
  },
  deliveryAddress: {
    name: 'Conformance Delivery',
    address1: '2 Yard Ave',
    city: lane.delivery.city,
    state: lane.delivery.state,
    zipCode: lane.delivery.zipCode,
    phoneNumber: lane.delivery.phoneNumber,
    contactPerson: 'Dee Delivery',
    ...(options.deliveryAppointmentRequired === true ? { appointmentRequired: true } : {}),
  },
  orderComponents: [freight],
  description: `${ctx.marker} ${options.note ?? 'stateful check'}`,
  refNumber: `${ctx.marker}`,
  ...(options.quoteId === undefined ? {} : { quoteId: options.quoteId }),
})

/** A request body and what the kit keeps of a quote and an order it made with the main company. */
export interface Resources {
  readonly quoteId: string
  readonly reference: string
  readonly orderNumber: string
  readonly pickupAddress: Record<string, unknown>
  /** The requests that made them, so a failure's script starts by making them again. */
  readonly requests: ReadonlyArray<SentRequest>
}

export const pickupAddressFor = (): Record<string, unknown> => ({
  name: 'Conformance Dock',
  address1: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
  contactPerson: 'Pat Kit',
  phoneNumber: '+13125550100',
  email: 'dock@example.com',
})

/** Makes a quote and an order on it with the main company (both marked), or says why it could not. */
export const makeResources = async (ctx: KitContext, tag: string): Promise<Resources | { error: string; requests: SentRequest[] }> => {
  const reference = `${ctx.marker}-${tag}`
  const components = [{ palletCount: 2, poundsWeight: 500, dimensions: { length: 48, width: 40, height: 50 } }]
  const quoteReq: SentRequest = {
    method: 'POST',
    path: '/v1/shipper/quote',
    headers: {},
    credentials: 'main',
    body: { pickupAddress: { zipCode: '60601' }, deliveryAddress: { zipCode: '10001' }, orderComponents: components, customerReference: reference },
  }
  const q = await ctx.http.send(quoteReq)
  const quoteId = (q.json as Record<string, unknown> | undefined)?.['id']
  if (q.status !== 200 || typeof quoteId !== 'string') return { error: `the quote the kit needs was answered ${describe(q)}`, requests: [quoteReq] }
  const pickupAddress = pickupAddressFor()
  const createReq: SentRequest = {
    method: 'POST',
    path: '/v1/shipper/shipment',
    headers: {},
    credentials: 'main',
    body: {
      pickupAddress,
      deliveryAddress: { ...pickupAddress, name: 'Conformance Receiving', city: 'New York', state: 'NY', zipCode: '10001', phoneNumber: '+12125550123' },
      orderComponents: components,
      description: `${ctx.marker} ${tag} order`,
      quoteId,
    },
  }
  const c = await ctx.http.send(createReq)
  const orderNumber = (c.json as Record<string, unknown> | undefined)?.['orderNumber']
  if (c.status !== 200 || typeof orderNumber !== 'string') return { error: `the order the kit needs was answered ${describe(c)}`, requests: [quoteReq, createReq] }
  return { quoteId, reference, orderNumber, pickupAddress, requests: [quoteReq, createReq] }
}

export type Who = 'main' | 'other'

// No Content-Type here: the Http sets application/json for a JSON body and a RawBody's own type.
export const post = (path: string, body: unknown, credentials: Who = 'main', headers: Record<string, string> = {}): SentRequest => ({
  method: 'POST',
  path,
  headers,
  body,
  credentials,
})

export const get = (path: string, credentials: Who = 'main'): SentRequest => ({ method: 'GET', path, headers: {}, credentials })

export const put = (path: string, body?: unknown, credentials: Who = 'main', headers: Record<string, string> = {}): SentRequest => ({
  method: 'PUT',
  path,
  headers,
  ...(body === undefined ? {} : { body }),
  credentials,
})

export const del = (path: string, credentials: Who = 'main'): SentRequest => ({ method: 'DELETE', path, headers: {}, credentials })

/** Quotes a lane and freight; RuleBroken unless 200 with an id and a price. */
export const makeQuote = async (
  ctx: KitContext,
  lane: Lane,
  freight: Freight,
  who: Who = 'main',
  reference?: string,
): Promise<{ id: string; price: number }> => {
  const r = await ctx.http.send(post('/v1/shipper/quote', quoteBody(lane, freight, reference), who))
  expectAnswer('QTE-01', 'a valid quote request', r, 200)
  const price = field('QTE-01', 'a quote', r, 'quotedPriceInCents')
  if (typeof price !== 'number') throw new RuleBroken('ID-02', 'a quote: integer quotedPriceInCents', describe(r))
  return { id: stringField('QTE-01', 'a quote', r, 'id'), price }
}

/** Creates a shipment; RuleBroken unless 200 INITIALIZED with an order number. */
export const makeShipment = async (ctx: KitContext, body: Record<string, unknown>, who: Who = 'main'): Promise<{ orderNumber: string; price: unknown }> => {
  const r = await ctx.http.send(post('/v1/shipper/shipment', body, who))
  expectAnswer('ORD-02', 'a valid create', r, 200)
  const status = field('ORD-02', 'a created shipment', r, 'orderStatus')
  if (status !== 'INITIALIZED') throw new RuleBroken('ORD-02', 'a created shipment: orderStatus INITIALIZED', describe(r))
  return { orderNumber: stringField('ORD-02', 'a created shipment', r, 'orderNumber'), price: field('ORD-02', 'a created shipment', r, 'totalPriceInCents') }
}

/**
 * The text of a one-page PDF with a correct cross-reference table (any PDF reader opens it), its
 * second line the comment `%<comment>` (a label, or padding to a wanted size).
 */
export const onePagePdfText = (comment: string): string =>
  pdfText(
    [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>`,
    ],
    comment,
  )

/** The text of a PDF of these objects (numbered from 1, the first the catalog) with a correct cross-reference table, its second line `%<comment>`. */
export const pdfText = (objs: ReadonlyArray<string>, comment: string): string => {
  let out = `%PDF-1.4\n%${comment}\n`
  const offsets: number[] = []
  objs.forEach((o, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${o}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  return `${out}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
}

/** A one-page PDF of 300-odd bytes, labelled. */
export const tinyPdf = (label: string): Uint8Array => new TextEncoder().encode(onePagePdfText(` ${label.replace(/[^A-Za-z0-9 -]/g, '')}`))

/** A multipart/form-data body with one part `file` (the upload of spec endpoint 11). */
export const multipartFile = (filename: string, contentType: string, bytes: Uint8Array): { raw: Uint8Array; contentType: string } => {
  const boundary = 'conformance-boundary-7d1f0c'
  const enc = new TextEncoder()
  const head = enc.encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  )
  const tail = enc.encode(`\r\n--${boundary}--\r\n`)
  const raw = new Uint8Array(head.length + bytes.length + tail.length)
  raw.set(head, 0)
  raw.set(bytes, head.length)
  raw.set(tail, head.length + bytes.length)
  return { raw, contentType: `multipart/form-data; boundary=${boundary}` }
}

// ---------------------------------------------------------------------------------------------
// The runner.

/** How many more runs fast-check may make after the first failure while it shrinks: each run is a few requests to a live server. */
const SHRINK_RUNS = 40

/** The most commands a generated sequence has (a small default: every command is a request or two). */
export const MAX_COMMANDS = 8

export interface ModelRun<P, M extends object, R> {
  /** The choices a run's setup makes (say whether the order has a quote); shrunk with the commands. */
  readonly params: fc.Arbitrary<P>
  /** Makes the run's fresh resources on the server (an order, a quote) and the model that describes them. */
  readonly setup: (p: P) => Promise<{ model: M; real: R }>
  readonly commands: ReadonlyArray<fc.Arbitrary<fc.AsyncCommand<M, R>>>
  /**
   * Decisive cases run before the generated ones (fast-check's `examples`), so the departure each
   * shows is met whatever the seed and run count; they are not shrunk (they are short already).
   */
  readonly examples?: ReadonlyArray<{ readonly params: P; readonly commands: ReadonlyArray<fc.AsyncCommand<M, R>> }>
}

/** What a step runner is told: the check, the requests that open every failure's script, where its transcript starts. */
export interface StepCheck {
  readonly name: string
  readonly rules: ReadonlyArray<RuleId>
  readonly notChecked?: ReadonlyArray<{ rule: RuleId; why: string }>
  readonly prelude?: ReadonlyArray<SentRequest>
  readonly startedAt?: number
}

/** Rounds runSteps runs after a counterexample, at most (and only while the check has sent under 3 times its first round's requests). */
export const STEP_ROUNDS = 3

/**
 * The kit's one runner of a property against a live server whose step throws at a departure (the
 * model-based runs and the coverage checks). `runs` runs of `step` over `arb` (after `examples`),
 * seeded by `ctx.seed`; the first departure (a RuleBroken) is shrunk by fast-check (at most
 * `shrinkRuns` further runs), and the failure carries the requests the shrunk run sent, after the
 * prelude. Then, while rules of the check are neither failed nor finished, up to STEP_ROUNDS more
 * rounds of fresh runs (the seed moved on, the request bound kept) in which a departure from a
 * rule already failed ends that run quietly (cut short): a departure from another rule is its
 * failure. When a round finds nothing new, the rules not failed are passed if at most half its
 * runs were cut short, else not reached (their cases did not run to their end). An exception that
 * is not a RuleBroken (a transport error, an answer the kit cannot read) is a failure of KIT-CRASH
 * and ends it; the budget or a 429 not waited out ends the runs, the rules not failed not reached.
 */
export const runSteps = async <T extends unknown[]>(
  ctx: KitContext,
  check: StepCheck,
  options: {
    readonly arbs: { [K in keyof T]: fc.Arbitrary<T[K]> }
    readonly step: (...values: T) => Promise<void>
    readonly runs: number
    readonly examples?: ReadonlyArray<T>
    readonly shrinkRuns?: number
    readonly unbiased?: boolean
    readonly crash?: string
  },
): Promise<CheckResult> => {
  const first = check.startedAt ?? ctx.http.transcript.length
  const shrinkRuns = options.shrinkRuns ?? SHRINK_RUNS
  const notChecked = check.notChecked ?? []
  const failed = new Map<RuleId, Failure>()
  let budget: string | false = false
  let stop: string | undefined
  let firstRound = 0
  let tally = { runs: 0, cut: 0 }
  for (let round = 0; ; round++) {
    let last: Failure | undefined
    let afterFailure = -1
    const counts = { runs: 0, cut: 0 }
    const property = fc.asyncProperty(...(options.arbs as unknown as [fc.Arbitrary<unknown>]), async (...values: unknown[]) => {
      if (budget !== false || afterFailure >= shrinkRuns) return true
      if (afterFailure >= 0) afterFailure++
      const start = ctx.http.transcript.length
      try {
        await options.step(...(values as T))
        if (afterFailure < 0) counts.runs++
        return true
      } catch (e) {
        if (e instanceof BudgetExhausted) {
          budget = e.why
          return true
        }
        // a departure already reported: this run ends here, cut short
        if (e instanceof RuleBroken && failed.has(e.rule)) {
          if (afterFailure < 0) {
            counts.runs++
            counts.cut++
          }
          return true
        }
        const requests = [...(check.prelude ?? []), ...ctx.http.transcript.requests(start)]
        last =
          e instanceof RuleBroken
            ? { rule: e.rule, check: check.name, expected: e.expected, actual: e.actual, requests }
            : { rule: KIT_CRASH, check: check.name, expected: options.crash ?? 'an answer the check can judge', actual: `exception: ${e instanceof Error ? e.message : String(e)}`, requests }
        if (afterFailure < 0) afterFailure = 0
        throw e
      }
    })
    const examples = round === 0 ? ((options.examples ?? []) as unknown as Array<[unknown]>) : []
    await fc.check(property, { numRuns: Math.max(1, options.runs) + examples.length, seed: (ctx.seed + round * 7919) | 0, examples, ...(options.unbiased === true ? { unbiased: true } : {}) })
    if (round === 0) firstRound = Math.max(1, ctx.http.transcript.length - first)
    tally = counts
    const found = last as Failure | undefined
    if (found === undefined) break
    failed.set(found.rule, found)
    ctx.onFailure?.(found)
    if (budget !== false) break
    if (found.rule === KIT_CRASH) {
      stop = "the check crashed before this rule's cases ran to their end"
      break
    }
    const open = check.rules.filter((r) => !failed.has(r) && !notChecked.some((n) => n.rule === r))
    if (open.length === 0) break
    if (round >= STEP_ROUNDS || ctx.http.transcript.length - first >= 3 * firstRound) {
      stop = `the check stopped after ${failed.size} counterexample(s) (its bound) before this rule's cases ran to their end`
      break
    }
  }
  if (failed.size === 0) return result(ctx, check, first, [], budget)
  const failures = [...failed.values()]
  const why =
    budget !== false ? `${budget} during the check`
    : stop !== undefined ? stop
    : tally.runs === 0 || tally.cut * 2 > tally.runs ? `after the counterexample of ${[...failed.keys()].join(', ')}, ${tally.cut} of ${tally.runs} runs were cut short by it, so this rule's cases did not run to their end`
    : undefined
  const notReached = why === undefined ? [] : check.rules.filter((r) => !failed.has(r) && !notChecked.some((n) => n.rule === r)).map((rule) => ({ rule, why }))
  return {
    check: check.name,
    rules: check.rules.filter((r) => !notChecked.some((n) => n.rule === r) && !notReached.some((n) => n.rule === r)),
    failures,
    notChecked: [...notChecked],
    notReached,
    requests: ctx.http.transcript.length - first,
  }
}

/**
 * Runs a model-based property against the server (runSteps): `ctx.runs` sequences of at most
 * MAX_COMMANDS commands (seeded by `ctx.seed`), each on fresh resources made by `setup`; the first
 * departure is shrunk by fast-check (at most SHRINK_RUNS further runs), and the failure carries the
 * requests the shrunk run sent, after `prelude` (the requests that made resources shared by every
 * run, so the curl script replays on a fresh server).
 */
export const runModel = async <P, M extends object, R>(ctx: KitContext, check: StepCheck, run: ModelRun<P, M, R>): Promise<CheckResult> =>
  runSteps<[P, Iterable<fc.AsyncCommand<M, R>>]>(ctx, check, {
    arbs: [run.params, fc.commands([...run.commands], { maxCommands: MAX_COMMANDS, size: 'max' })],
    step: async (p, cmds) => {
      const s = await run.setup(p)
      await fc.asyncModelRun(() => s, cmds)
    },
    runs: ctx.runs,
    examples: (run.examples ?? []).map((e): [P, Iterable<fc.AsyncCommand<M, R>>] => [e.params, [...e.commands]]),
    // unbiased: fast-check's bias makes the first runs' sequences short, and a kit run has few runs
    unbiased: true,
    crash: 'an answer the model can judge',
  })

/**
 * The CheckResult of a check that does not count cases by rule. Its rules less those not checked;
 * a rule no failure names is not reached when the check stopped early: at another rule's
 * counterexample (the property stops there), or when the kit stopped sending (`budget`: true, or
 * the why; the request budget, a 429 not waited out). Never passed without its cases run.
 */
export const result = (
  ctx: KitContext,
  check: { readonly name: string; readonly rules: ReadonlyArray<RuleId>; readonly notChecked?: ReadonlyArray<{ rule: RuleId; why: string }> },
  first: number,
  failures: ReadonlyArray<Failure>,
  budget: boolean | string,
): CheckResult => {
  const notChecked = [...(check.notChecked ?? [])]
  const failed = new Set(failures.map((f) => f.rule))
  const stopWhy =
    budget !== false ? (typeof budget === 'string' ? budget : ctx.http.stoppedWhy ?? 'the request budget (--max-requests) ran out') + ' during the check'
    : failures.length > 0 ? `the check stopped at a counterexample of ${[...failed].join(', ')} before this rule's cases ran to their end`
    : undefined
  const notReached =
    stopWhy === undefined ? [] : check.rules.filter((r) => !failed.has(r) && !notChecked.some((n) => n.rule === r)).map((rule) => ({ rule, why: stopWhy }))
  return {
    check: check.name,
    rules: check.rules.filter((r) => !notChecked.some((n) => n.rule === r) && !notReached.some((n) => n.rule === r)),
    failures,
    notChecked,
    notReached,
    requests: ctx.http.transcript.length - first,
  }
}

/** A command made of a name, a precondition and the async step: fast-check's AsyncCommand without a class per command. */
export const command = <M extends object, R>(
  name: string,
  check: (m: Readonly<M>) => boolean,
  step: (m: M, r: R) => Promise<void>,
): fc.AsyncCommand<M, R> => ({
  check,
  run: step,
  toString: () => name,
})

/**
 * Runs a check whose shared resources are made before its model runs: a departure while making
 * them (a RuleBroken) is the check's failure, with the requests sent so far; the budget running
 * out leaves its rules not checked.
 */
export const guarded = async (
  ctx: KitContext,
  check: { readonly name: string; readonly rules: ReadonlyArray<RuleId> },
  startedAt: number,
  body: () => Promise<CheckResult>,
): Promise<CheckResult> => {
  try {
    return await body()
  } catch (e) {
    if (e instanceof BudgetExhausted) return result(ctx, check, startedAt, [], e.why)
    if (!(e instanceof RuleBroken)) throw e
    const failure: Failure = { rule: e.rule, check: check.name, expected: e.expected, actual: e.actual, requests: ctx.http.transcript.requests(startedAt) }
    return result(ctx, check, startedAt, [failure], false)
  }
}

// ---------------------------------------------------------------------------------------------
// The property runner of the stateless checks: cases attributed to rules, and a counterexample
// of one rule does not end the other rules' cases.

/** What one case found: the rule it departs from, what the library predicted and what came. */
export interface Found {
  readonly rule: RuleId
  readonly expected: string
  readonly actual: string
}

export interface RuleProperty<I> {
  readonly name: string
  /** Every rule the property can judge. */
  readonly rules: ReadonlyArray<RuleId>
  readonly arb: fc.Arbitrary<I>
  /** The rules one case exercises, known before it is sent (the library's prediction): a case that held counts for each. */
  readonly rulesOf: (input: I) => ReadonlyArray<RuleId>
  /** Sends one case (every request it sends pushed on `sent`) and judges the answer: null when it held. */
  readonly send: (input: I, sent: SentRequest[]) => Promise<Found | null>
  /** Smaller cases to try, greedily, after fast-check's shrink (a failure's script then shows only what matters). */
  readonly smaller?: (input: I) => ReadonlyArray<I>
  /** The requests that made what every case uses: they open every failure's script. */
  readonly prelude?: ReadonlyArray<SentRequest>
  /** Cases run first, whatever the seed (fast-check's `examples`). */
  readonly examples?: ReadonlyArray<I>
}

/** More runs fast-check may make while it shrinks one counterexample of a rule property. */
const RULE_SHRINK_RUNS = 40
/** Greedy minimization tries after the shrink, for a rule property's counterexample. */
const MAX_MINIMIZE_TRIES = 60
/** The most rounds of a rule property: the first, and one more after each counterexample, up to this many in all. */
export const MAX_ROUNDS = 8

/**
 * Runs a rule property against the server, rule by rule. Round 1 is `ctx.runs` cases (after the
 * examples) with the run's seed; at a counterexample fast-check shrinks it (at most
 * RULE_SHRINK_RUNS more runs), `smaller` minimizes it, and its rule is failed. The next round
 * runs `ctx.runs` fresh cases (the seed moved on) with that rule's cases left out, and so on until
 * a round ends without a counterexample (every rule not failed ran its cases to the end) or
 * MAX_ROUNDS rounds were run (the rules neither failed nor finished are then not reached). A case
 * that held counts for each rule of `rulesOf`; the budget or a 429 not waited out ends it all, the
 * unfinished rules not reached; an exception of the kit is a KIT-CRASH failure, and the rest not
 * reached.
 */
export const runRuleProperty = async <I>(ctx: KitContext, p: RuleProperty<I>): Promise<CheckResult> => {
  const first = ctx.http.transcript.length
  const failed = new Map<RuleId, Failure>()
  const held: Record<RuleId, number> = {}
  for (const r of p.rules) held[r] = 0
  let stop: string | undefined
  let finished = false
  const extra: Failure[] = []
  for (let round = 0; round < MAX_ROUNDS && stop === undefined; round++) {
    let last: { found: Found; requests: SentRequest[] } | null = null
    let afterFailure = -1
    const property = fc.asyncProperty(p.arb, async (input) => {
      if (stop !== undefined || afterFailure >= RULE_SHRINK_RUNS) return true
      if (afterFailure >= 0) afterFailure++
      const rules = p.rulesOf(input)
      // this rule has its counterexample already: its cases are left out
      if (rules.some((r) => failed.has(r))) return true
      const sent: SentRequest[] = []
      let found: Found | null
      try {
        found = await p.send(input, sent)
      } catch (e) {
        if (e instanceof BudgetExhausted) {
          stop = e.why
          return true
        }
        throw e
      }
      if (found === null) {
        if (afterFailure < 0) for (const r of rules) held[r] = (held[r] ?? 0) + 1
        return true
      }
      if (failed.has(found.rule)) return true
      last = { found, requests: sent }
      if (afterFailure < 0) afterFailure = 0
      return false
    })
    const examples = round === 0 ? (p.examples ?? []).map((e): [I] => [e]) : []
    const out = await fc.check(property, { seed: (ctx.seed + round * 7919) | 0, numRuns: Math.max(1, ctx.runs) + examples.length, examples })
    if (!out.failed) {
      finished = stop === undefined
      break
    }
    let shrunk = last as { found: Found; requests: SentRequest[] } | null
    if (shrunk === null) {
      const err = out.errorInstance
      extra.push({ rule: KIT_CRASH, check: p.name, expected: 'the check runs to its end', actual: err instanceof Error ? err.stack ?? err.message : String(err), requests: [] })
      stop = 'the check crashed before this rule\'s cases ran to their end'
      break
    }
    if (p.smaller !== undefined && out.counterexample !== null) {
      // fast-check shrinks what it generated, but a chained arbitrary keeps most of what it was built
      // on: drop, one at a time, what the failure does not need (greedy, bounded)
      let input = out.counterexample[0]
      let tries = 0
      for (let progress = true; progress && tries < MAX_MINIMIZE_TRIES; ) {
        progress = false
        for (const candidate of p.smaller(input)) {
          if (tries >= MAX_MINIMIZE_TRIES) break
          tries += 1
          const sent: SentRequest[] = []
          let found: Found | null
          try {
            found = await p.send(candidate, sent)
          } catch {
            break
          }
          if (found !== null && found.rule === shrunk.found.rule) {
            input = candidate
            shrunk = { found, requests: sent }
            progress = true
            break
          }
        }
      }
    }
    const failure: Failure = { rule: shrunk.found.rule, check: p.name, expected: shrunk.found.expected, actual: shrunk.found.actual, requests: [...(p.prelude ?? []), ...shrunk.requests] }
    failed.set(failure.rule, failure)
    ctx.onFailure?.(failure)
  }
  const why =
    stop !== undefined ? `${stop} during the check`
    : finished ? undefined
    : `the check stopped after ${MAX_ROUNDS} counterexamples (its bound) before this rule's cases ran to their end`
  const notReached = why === undefined ? [] : p.rules.filter((r) => !failed.has(r)).map((rule) => ({ rule, why }))
  return {
    check: p.name,
    rules: p.rules.filter((r) => !notReached.some((n) => n.rule === r)),
    failures: [...failed.values(), ...extra],
    notChecked: [],
    notReached,
    held,
    requests: ctx.http.transcript.length - first,
  }
}

/**
 * A GET whose answer is kept as bytes too (Http.send keeps the text, which a binary file such as a
 * PDF does not survive): the kit's headers and the credentials of `who`, recorded in the transcript
 * like any exchange (a failure's curl script shows it). Not counted against --max-requests or --rate.
 */
export const getBytes = async (ctx: KitContext, path: string, who: Who = 'main'): Promise<{ readonly received: Received; readonly bytes: Uint8Array }> => {
  // the kit stopped sending (the request budget, a 429 not waited out): so does this GET
  if (ctx.http.stoppedWhy !== undefined) throw new BudgetExhausted(Number.POSITIVE_INFINITY, ctx.http.stoppedWhy)
  const request = get(path, who)
  const requestId = globalThis.crypto.randomUUID()
  try {
    const res = await fetch(ctx.http.baseUrl + path, {
      headers: { 'user-agent': USER_AGENT, [HEADER_KEY.requestId]: requestId, ...ctx.http.credentialHeaders(who) },
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    })
    const bytes = new Uint8Array(await res.arrayBuffer())
    const text = new TextDecoder().decode(bytes)
    const headers: Record<string, string> = {}
    res.headers.forEach((v, k) => {
      headers[k] = v
    })
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    const received: Received = { status: res.status, headers, json, text }
    ctx.http.transcript.entries.push({ request, received, requestId })
    return { received, bytes }
  } catch (e) {
    ctx.http.transcript.entries.push({ request, error: e instanceof Error ? e.message : String(e), requestId })
    throw e
  }
}
