// Quote then create (CRT-05, QTE-02): a create on a quote of the same lane and freight is booked
// at the quoted price; different freight or lane is 400 quote_mismatch; another company's quote
// is 403; and, where the kit may move the company's clock (--controls sandbox, by 47, 48 or 49
// hours), a quote 48 hours old or more is 400 quote_expired and one of 47 hours is still good
// (expiry is judged before the match, as the library's checkQuoteForShipment does). The model:
// the quotes the run made and how many hours the clock moved since each.
import fc from 'fast-check'
import type { Check, KitContext } from '../../check.js'
import type { SentRequest } from '../../http.js'
import {
  command,
  createBody,
  describe,
  expectAnswer,
  field,
  freightArb,
  get,
  LANES,
  laneArb,
  makeQuote,
  post,
  quoteBody,
  RuleBroken,
  runModel,
  guarded,
  type Freight,
} from '../support.js'

interface Quote {
  readonly id: string
  readonly price: number
  readonly lane: number
  readonly freight: Freight
  /** Hours the company's clock moved since the quote was made (real time adds seconds, never an hour). */
  ageHours: number
}


interface Model {
  readonly quotes: Quote[]
}

const NAME = 'stateful: quote then create'
const RULES = ['CRT-05', 'QTE-02'] as const

/** Freight that differs from a quote's in one way: a pallet more, or a pound more a pallet. */
const mismatched = (f: Freight, how: 'count' | 'weight'): Freight =>
  how === 'count' ? { ...f, palletCount: f.palletCount + 1 } : { ...f, poundsWeight: f.poundsWeight + 1 }

const run = (ctx: KitContext) => {
  const startedAt = ctx.http.transcript.length
  return guarded(ctx, { name: NAME, rules: RULES }, startedAt, () => body(ctx, startedAt))
}

const body = async (ctx: KitContext, startedAt: number) => {
  /** QTE-02: a quote is valid the declared quoteValidityHours (48 by default) from creation; expired from that instant on. */
  const VALIDITY_HOURS = ctx.config.quoteValidityHours
  const expired = (q: Quote): boolean => q.ageHours >= VALIDITY_HOURS
  const sandbox = ctx.controls === 'sandbox'
  // Another company's quote, made once (as that company: it is the kit's own quote) and only ever
  // named in the main company's creates, which must fail.
  let other: { id: string; lane: number; freight: Freight } | undefined
  const prelude: SentRequest[] = []
  if (ctx.hasOtherCompany) {
    const freight: Freight = { palletCount: 1, poundsWeight: 500 }
    const from = ctx.http.transcript.length
    other = { ...(await makeQuote(ctx, LANES[0]!, freight, 'other')), lane: 0, freight }
    prelude.push(...ctx.http.transcript.requests(from))
  }

  // QTE-02's instant: quoteExpirationTime is the quote's creation plus 48 hours. The company's
  // clock (the sandbox's, which the checks move) is read before and after the quote, so the
  // creation lies between; a second either side for the wire's precision.
  if (sandbox) {
    const clock = async (): Promise<number> => {
      const r = await ctx.http.send(get('/sandbox/clock'))
      expectAnswer('QTE-02', "the sandbox clock's time", r, 200)
      return Date.parse(String(field('QTE-02', "the sandbox clock's time", r, 'now')))
    }
    const before = await clock()
    const r = await ctx.http.send(post('/v1/shipper/quote', quoteBody(LANES[0]!, { palletCount: 1, poundsWeight: 500 })))
    expectAnswer('QTE-01', 'a valid quote request', r, 200)
    const after = await clock()
    const expires = Date.parse(String(field('QTE-02', 'a quote', r, 'quoteExpirationTime')))
    const H48 = VALIDITY_HOURS * 3_600_000
    if (!(expires >= before + H48 - 1000 && expires <= after + H48 + 1000))
      throw new RuleBroken('QTE-02', `quoteExpirationTime ${VALIDITY_HOURS} hours after the quote's creation: between ${new Date(before + H48).toISOString()} and ${new Date(after + H48).toISOString()}`, describe(r))
  }

  const create = (ctx2: KitContext, lane: number, freight: Freight, quoteId: string) =>
    ctx2.http.send(post('/v1/shipper/shipment', createBody(ctx2, LANES[lane]!, freight, { quoteId, note: 'quote then create' })))

  const newQuote = fc.tuple(laneArb, freightArb).map(([lane, freight]) =>
    command<Model, undefined>(`NewQuote(${lane}, ${JSON.stringify(freight)})`, () => true, async (m) => {
      const q = await makeQuote(ctx, LANES[lane]!, freight)
      m.quotes.push({ ...q, lane, freight, ageHours: 0 })
    }),
  )

  const onQuote = fc.nat().map((i) =>
    command<Model, undefined>(`CreateOnQuote(${i})`, (m) => m.quotes.length > 0, async (m) => {
      const q = m.quotes[i % m.quotes.length]!
      const r = await create(ctx, q.lane, q.freight, q.id)
      if (expired(q)) return expectAnswer('QTE-02', `a create on a quote ${q.ageHours} hours old`, r, 400, 'quote_expired')
      expectAnswer('CRT-05', 'a create matching its quote', r, 200)
      const price = field('CRT-05', 'a create matching its quote', r, 'totalPriceInCents')
      if (price !== q.price) throw new RuleBroken('CRT-05', `a create on its quote booked at the quoted price ${q.price}`, describe(r))
    }),
  )

  const onMismatch = fc.tuple(fc.nat(), fc.constantFrom('count' as const, 'weight' as const, 'lane' as const)).map(([i, how]) =>
    command<Model, undefined>(`CreateMismatching(${i}, ${how})`, (m) => m.quotes.length > 0, async (m) => {
      const q = m.quotes[i % m.quotes.length]!
      const r =
        how === 'lane'
          ? await create(ctx, (q.lane + 1) % LANES.length, q.freight, q.id)
          : await create(ctx, q.lane, mismatched(q.freight, how), q.id)
      if (expired(q)) return expectAnswer('QTE-02', `a create on a quote ${q.ageHours} hours old`, r, 400, 'quote_expired')
      expectAnswer('CRT-05', `a create whose ${how === 'lane' ? 'lane' : 'freight'} differs from its quote`, r, 400, 'quote_mismatch')
    }),
  )

  const commands = [newQuote, onQuote, onMismatch]
  if (other !== undefined) {
    const o = other
    commands.push(
      fc.constant(
        command<Model, undefined>('CreateOnOtherCompanysQuote', () => true, async () => {
          const r = await create(ctx, o.lane, o.freight, o.id)
          expectAnswer('CRT-05', "a create on another company's quote", r, 403)
        }),
      ),
    )
  }
  if (sandbox) {
    commands.push(
      // the validity itself is the boundary: the quote's expiry instant passed by the seconds the run took
      fc.constantFrom(VALIDITY_HOURS - 1, VALIDITY_HOURS, VALIDITY_HOURS + 1).map((hours) =>
        command<Model, undefined>(`Clock+${hours}h`, () => true, async (m) => {
          const r = await ctx.http.send(post('/sandbox/clock', { hours }))
          expectAnswer('QTE-02', `the sandbox clock moved ${hours} hours`, r, 200)
          for (const q of m.quotes) q.ageHours += hours
        }),
      ),
    )
  }

  return runModel(
    ctx,
    {
      name: NAME,
      rules: RULES,
      notChecked: sandbox ? [] : [{ rule: 'QTE-02', why: 'expiry needs a clock the kit can move: run with --controls sandbox' }],
      prelude,
      startedAt,
    },
    {
      params: fc.tuple(laneArb, freightArb),
      setup: async ([lane, freight]) => {
        const q = await makeQuote(ctx, LANES[lane]!, freight)
        return { model: { quotes: [{ ...q, lane, freight, ageHours: 0 }] }, real: undefined }
      },
      commands,
    },
  )
}

/** Quote then create: match, mismatch, another company's quote, expiry (CRT-05, QTE-02). */
export const quoteThenCreate: Check = { name: NAME, rules: RULES, run }
