// Addresses at their edges (ADDR-04, ADDR-05, ADDR-06, ADDR-07). ZIP codes: limitEdges' 00000,
// 00001, 00002, 99997, 99998, 99999 and four and six digits, on the pickup of a quote and of a
// create, then random valid and invalid ones (zipCodeArb, invalidZipCodeArb). Countries: every
// accepted country in either letter case, a territory as its own country or as US with the
// territory in state, a mismatching state, another recognized country and unrecognized codes,
// judged by the library's validators. What the server makes of a spelling is observed through a
// quote it must honour: a quote with one spelling, then a create with another naming it; the
// library normalizes both (checkQuoteForShipment compares the canonical country) and says
// whether they match, so a server that keeps a spelling it should normalize answers
// quote_mismatch where the library books the quote, or the reverse.
import { invalidZipCodeArb, limitEdges, zipCodeArb } from 'shipper-rules/arbitraries'
import type { Check, KitContext, RuleId } from '../../check.js'
import type { Lane } from '../support.js'
import { createBodyOf, createRequest, quoteBodyOf, quoteRequest, type StopFields } from './bodies.js'
import { predictCreate, predictCreateOnQuote, predictQuote } from './predict.js'
import { draw, randomCount, runTable, type Case } from './table.js'

const PALLET = { palletCount: 1, poundsWeight: 500, dimensions: { length: 48, width: 40, height: 48 } }

const zipCase = (ctx: KitContext, name: string, zipCode: unknown, endpoint: 'quote' | 'create'): Case<undefined> => ({
  rule: 'ADDR-04',
  name: `pickup zipCode ${JSON.stringify(zipCode)} (${name}), ${endpoint}`,
  build: () => (endpoint === 'quote' ? quoteRequest(quoteBodyOf([PALLET], { pickup: { zipCode } })) : createRequest(createBodyOf(ctx, [PALLET], { pickup: { zipCode } }))),
  predict: (config, req) => (endpoint === 'quote' ? predictQuote(config, req.body) : predictCreate(config, req.body)),
})

export const zipCodes: Check = {
  name: 'boundaries: ZIP codes',
  rules: ['ADDR-04'],
  run: (ctx) =>
    runTable(ctx, {
      name: zipCodes.name,
      rules: zipCodes.rules,
      cases: (config) => {
        const n = randomCount(ctx)
        return [
          ...(['quote', 'create'] as const).flatMap((endpoint) => limitEdges(config).zipCodes.map((z) => zipCase(ctx, `${z.side} ${z.threshold}`, z.value, endpoint))),
          ...draw(ctx, 0xadd404, zipCodeArb, n).map((z) => zipCase(ctx, 'random valid', z, 'quote')),
          ...draw(ctx, 0xadd414, invalidZipCodeArb, n).map((z) => zipCase(ctx, 'random invalid', z, 'quote')),
        ]
      },
    }),
}

/** A stop in each place the spec accepts, with a ZIP code, city and phone of that place. */
interface Place {
  readonly zipCode: string
  readonly city: string
  readonly state: string
  readonly phoneNumber: string
}
const PLACES: Readonly<Record<'IL' | 'PR' | 'GU' | 'VI' | 'AS' | 'MP', Place>> = {
  IL: { zipCode: '60018', city: 'Des Plaines', state: 'IL', phoneNumber: '+18475550142' },
  PR: { zipCode: '00901', city: 'San Juan', state: 'PR', phoneNumber: '+17875550100' },
  GU: { zipCode: '96910', city: 'Hagatna', state: 'GU', phoneNumber: '+16715550100' },
  VI: { zipCode: '00802', city: 'Charlotte Amalie', state: 'VI', phoneNumber: '+13405550100' },
  AS: { zipCode: '96799', city: 'Pago Pago', state: 'AS', phoneNumber: '+16845550100' },
  MP: { zipCode: '96950', city: 'Saipan', state: 'MP', phoneNumber: '+16705550100' },
}

const DALLAS = { zipCode: '75201', city: 'Dallas', state: 'TX', phoneNumber: '+12145550100' }

/** The lane from a place to Dallas. */
const laneFrom = (p: Place): Lane => ({ pickup: p, delivery: DALLAS })

/** A country spelling on a place's pickup: `country` absent when undefined, `state` the place's unless given. */
interface Spelling {
  readonly country?: string
  readonly state?: string
}

const stopsOf = (s: Spelling): StopFields => ({ pickup: { ...(s.country === undefined ? {} : { country: s.country }), ...(s.state === undefined ? {} : { state: s.state }) } })

const spelled = (s: Spelling): string => `${s.country === undefined ? 'no country' : `country ${JSON.stringify(s.country)}`}${s.state === undefined ? '' : `, state ${s.state}`}`

/** One spelling sent alone, as a quote (state given) and as a create. */
const countryCase = (ctx: KitContext, rule: RuleId, place: Place, s: Spelling, endpoint: 'quote' | 'create'): Case<undefined> => ({
  rule,
  name: `pickup in ${place.city} with ${spelled(s)}, ${endpoint}`,
  build: () =>
    endpoint === 'quote'
      ? quoteRequest(quoteBodyOf([PALLET], { pickup: { state: place.state, ...stopsOf(s).pickup } }, laneFrom(place)))
      : createRequest(createBodyOf(ctx, [PALLET], stopsOf(s), undefined, laneFrom(place))),
  predict: (config, req) => (endpoint === 'quote' ? predictQuote(config, req.body) : predictCreate(config, req.body)),
})

/** A quote with one spelling, then a create with another naming that quote: matched or not as the library's normalization says. */
const pairCase = (ctx: KitContext, rule: RuleId, place: Place, quoted: Spelling, created: Spelling): Case<undefined> => ({
  rule,
  name: `pickup in ${place.city} quoted with ${spelled(quoted)}, then created with ${spelled(created)} on that quote`,
  build: () => quoteRequest(quoteBodyOf([PALLET], { pickup: { state: place.state, ...stopsOf(quoted).pickup } }, laneFrom(place))),
  predict: (config, req) => predictQuote(config, req.body),
  then: (config, first, _env, req) => {
    const id = (first.json as Record<string, unknown>)['id']
    const body = createBodyOf(ctx, [PALLET], stopsOf(created), typeof id === 'string' ? id : undefined, laneFrom(place))
    const prediction = predictCreateOnQuote(config, req.body, first, body)
    return prediction === undefined ? undefined : { request: createRequest(body), prediction }
  },
})

const TERRITORIES = ['PR', 'GU', 'VI', 'AS', 'MP'] as const

const countryCases = (ctx: KitContext): ReadonlyArray<Case<undefined>> => {
  const il = PLACES.IL
  const alone: Array<[RuleId, Place, Spelling]> = [
    ['ADDR-05', il, {}],
    ['ADDR-05', il, { country: 'US' }],
    ['ADDR-05', il, { country: 'us' }],
    ['ADDR-05', il, { country: 'uS' }],
    ...TERRITORIES.flatMap((t): Array<[RuleId, Place, Spelling]> => [
      ['ADDR-06', PLACES[t], { country: t }],
      ['ADDR-06', PLACES[t], { country: t.toLowerCase() }],
      ['ADDR-07', PLACES[t], { country: 'US', state: t }],
    ]),
    ['ADDR-07', PLACES.PR, { country: 'PR', state: 'IL' }],
    ['ADDR-07', il, { country: 'GU', state: 'IL' }],
    ['ADDR-06', il, { country: 'CA' }],
    ['ADDR-06', il, { country: 'mx' }],
    ['ADDR-06', il, { country: 'XX' }],
    ['ADDR-06', il, { country: 'USA' }],
    ['ADDR-06', il, { country: 'U' }],
  ]
  const pairs: Array<[RuleId, Place, Spelling, Spelling]> = [
    ['ADDR-05', il, {}, { country: 'US' }],
    ['ADDR-05', il, { country: 'us' }, {}],
    ['ADDR-05', il, { country: 'US' }, { country: 'us' }],
    ...TERRITORIES.flatMap((t): Array<[RuleId, Place, Spelling, Spelling]> => [
      ['ADDR-07', PLACES[t], { country: t }, { country: 'US', state: t }],
      ['ADDR-07', PLACES[t], { country: 'US', state: t }, { country: t.toLowerCase() }],
    ]),
    ['ADDR-07', PLACES.PR, { country: 'PR' }, { country: 'US', state: 'GU' }],
  ]
  return [
    ...(['quote', 'create'] as const).flatMap((endpoint) => alone.map(([rule, place, s]) => countryCase(ctx, rule, place, s, endpoint))),
    ...pairs.map(([rule, place, q, c]) => pairCase(ctx, rule, place, q, c)),
  ]
}

export const countries: Check = {
  name: 'boundaries: countries and territories',
  rules: ['ADDR-05', 'ADDR-06', 'ADDR-07'],
  run: (ctx) => runTable(ctx, { name: countries.name, rules: countries.rules, cases: () => countryCases(ctx) }),
}
