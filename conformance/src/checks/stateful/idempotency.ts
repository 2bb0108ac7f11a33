// Idempotency-Key on shipment create (CRT-10; "the same body" is the library's canonicalJson, the
// equality its decideIdempotency uses; the 24-hour window never ends within a run of minutes):
// the same key and the same body (also with its keys in another order and other whitespace: the
// same JSON value) answers the FIRST answer's body byte for byte, and it names the same order;
// the same key with another body is 409 idempotency_key_conflict; the same key used by another
// company is that company's own key (a new order, never the first company's answer).
import fc from 'fast-check'
import { canonicalJson, HEADER } from 'shipper-rules'
import type { Check, KitContext } from '../../check.js'
import type { Received } from '../../http.js'
import { command, createBody, describe, expectAnswer, get, LANES, post, RuleBroken, runModel, stringField, type Who } from '../support.js'

interface Stored {
  readonly body: Record<string, unknown>
  readonly text: string
  readonly orderNumber: string
}

interface Model {
  /** This run's keys (fresh for every run, so runs never meet). */
  readonly keys: ReadonlyArray<string>
  readonly stored: { readonly main: Map<number, Stored>; readonly other: Map<number, Stored> }
}

const NAME = 'stateful: idempotency keys'
const RULES = ['CRT-10'] as const
const KEYS = 3
const BODIES = 2

/** A JSON text of the same value with the object keys in reverse order and spaces after the separators. */
const reordered = (value: unknown): string => {
  if (Array.isArray(value)) return `[ ${value.map(reordered).join(', ')} ]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).reverse()
    return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)} : ${reordered(v)}`).join(', ')} }`
  }
  return JSON.stringify(value)
}

const run = async (ctx: KitContext) => {
  let runs = 0
  const bodies = Array.from({ length: BODIES }, (_, b) => createBody(ctx, LANES[0]!, { palletCount: 1 + b, poundsWeight: 400 }, { note: `idempotency body ${b}` }))

  const send = (who: Who, key: string, b: number, spelling: 'as-is' | 'reordered'): Promise<Received> =>
    ctx.http.send(
      post(
        '/v1/shipper/shipment',
        spelling === 'as-is' ? bodies[b] : { raw: reordered(bodies[b]), contentType: 'application/json' },
        who,
        { [HEADER.idempotencyKey]: key },
      ),
    )

  /** One create with a key, judged against what the model stored under it (decideIdempotency's decision inside the window). */
  const judge = async (m: Model, who: Who, k: number, b: number, spelling: 'as-is' | 'reordered'): Promise<void> => {
    const map = m.stored[who === 'other' ? 'other' : 'main']
    const stored = map.get(k)
    const decision =
      stored === undefined ? { kind: 'new' as const }
      : canonicalJson(stored.body) === canonicalJson(bodies[b]) ? { kind: 'replay' as const, response: stored }
      : { kind: 'conflict' as const }
    const r = await send(who, m.keys[k]!, b, spelling)
    const what = `a create with a ${stored === undefined ? 'new' : 'used'} ${HEADER.idempotencyKey}${who === 'other' ? ' (the other company)' : ''}`
    if (decision.kind === 'conflict') return expectAnswer('CRT-10', `${what} and another body`, r, 409, 'idempotency_key_conflict')
    expectAnswer('CRT-10', what, r, 200)
    if (decision.kind === 'replay') {
      if (r.text !== decision.response.text) {
        throw new RuleBroken('CRT-10', `${what} and the same body (${spelling}): the first answer byte for byte: ${decision.response.text}`, describe(r))
      }
      return
    }
    const orderNumber = stringField('CRT-10', what, r, 'orderNumber')
    const mine = m.stored.main.get(k)
    if (who === 'other' && mine !== undefined && mine.orderNumber === orderNumber) {
      throw new RuleBroken('CRT-10', "another company's create with the same key: its own new order, not the first company's", describe(r))
    }
    map.set(k, { body: bodies[b]!, text: r.text, orderNumber })
  }

  const keyArb = fc.integer({ min: 0, max: KEYS - 1 })
  const bodyArb = fc.integer({ min: 0, max: BODIES - 1 })
  const spellingArb = fc.constantFrom('as-is' as const, 'reordered' as const)
  const commands = [
    fc.tuple(keyArb, bodyArb, spellingArb).map(([k, b, s]) =>
      command<Model, undefined>(`Create(key ${k}, body ${b}, ${s})`, () => true, (m) => judge(m, 'main', k, b, s)),
    ),
    keyArb.map((k) =>
      command<Model, undefined>(`ReadReplayedOrder(key ${k})`, (m) => m.stored.main.has(k), async (m) => {
        const s = m.stored.main.get(k)!
        const r = await ctx.http.send(get(`/v1/shipper/shipment/${encodeURIComponent(s.orderNumber)}`))
        expectAnswer('CRT-10', 'the order a key created, read back', r, 200)
      }),
    ),
  ]
  if (ctx.hasOtherCompany) {
    commands.push(
      fc.tuple(keyArb, bodyArb).map(([k, b]) =>
        command<Model, undefined>(`OtherCompanyCreate(key ${k}, body ${b})`, () => true, (m) => judge(m, 'other', k, b, 'as-is')),
      ),
    )
  }

  return runModel(
    ctx,
    { name: NAME, rules: RULES },
    {
      params: fc.constant(undefined),
      setup: async () => {
        runs += 1
        const keys = Array.from({ length: KEYS }, (_, k) => `${ctx.marker}-idem-${runs}-${k}`)
        return { model: { keys, stored: { main: new Map(), other: new Map() } }, real: undefined }
      },
      commands,
    },
  )
}

/** Idempotency-Key replays (the first answer byte for byte), conflicts (409) and companies apart (CRT-10). */
export const idempotency: Check = { name: NAME, rules: RULES, run }
