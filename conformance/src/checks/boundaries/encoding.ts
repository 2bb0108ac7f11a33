// Text that is not wire text (ID-03, ERR-01: the library's decision that a string a server cannot
// store, with an unpaired surrogate or U+0000, is a 400 violation of code `encoding` at the
// field, never a 500), as a table over the string fields of each JSON body the API takes: the
// request example of each operation in the library's OpenAPI document (createQuote,
// createShipment, putAppointmentRequirement) with one of its strings at a time made ill-formed,
// an unpaired surrogate (sent as the JSON escape \ud800) or U+0000 (\u0000) appended, the two in
// turn. The library's validator of that operation, with the declared configuration, predicts the
// answer: the status, reason and exact violation list (field and code). A string the validator
// never reads (an unknown member such as companyId) has no prediction here and is not sent.
import { isLeft, validateAppointmentRequirement, validateCreateShipment, validateQuoteRequest, validationProblem, type RulesConfig } from 'shipper-rules'
import { openApiDocument } from 'shipper-rules/openapi'
import type { Check, KitContext } from '../../check.js'
import type { SentRequest } from '../../http.js'
import { createBodyOf, createRequest } from './bodies.js'
import { describeAnswer, objectOf, problemOf, runTable, type Case, type Prediction, type Table } from './table.js'

interface Env {
  readonly orderNumber: string
}

/** The library's validator of each operation that takes a JSON body, with the declared configuration (Left: the ProblemDetail). */
const VALIDATORS: Readonly<Record<string, (body: unknown, config: RulesConfig) => Prediction | undefined>> = {
  createQuote: (body, config) => {
    const v = validateQuoteRequest(body, { config })
    return isLeft(v) ? problemOf(v.left) : undefined
  },
  createShipment: (body, config) => {
    const v = validateCreateShipment(body, { config })
    return isLeft(v) ? problemOf(v.left) : undefined
  },
  putAppointmentRequirement: (body) => {
    const v = validateAppointmentRequirement(body)
    return isLeft(v) ? problemOf(validationProblem(v.left)) : undefined
  },
}

/** The request example of each operation of the document that takes a JSON body, by operationId, with its method and path template. */
export const bodyExamples = (): Array<{ readonly operationId: string; readonly method: string; readonly template: string; readonly example: unknown }> => {
  const doc = openApiDocument()
  if (doc._tag === 'Left') return []
  const out: Array<{ operationId: string; method: string; template: string; example: unknown }> = []
  for (const [template, item] of Object.entries(objectOf(objectOf(doc.right)['paths']))) {
    for (const method of ['post', 'put'] as const) {
      const op = objectOf(objectOf(item)[method])
      const json = objectOf(objectOf(objectOf(op['requestBody'])['content'])['application/json'])
      if (json['example'] === undefined || typeof op['operationId'] !== 'string') continue
      out.push({ operationId: op['operationId'], method: method.toUpperCase(), template, example: json['example'] })
    }
  }
  return out
}

type Segment = string | number

/** The path of every string in a JSON value, in document order. */
export const stringPaths = (v: unknown, at: ReadonlyArray<Segment> = []): Segment[][] => {
  if (typeof v === 'string') return [[...at]]
  if (Array.isArray(v)) return v.flatMap((x, i) => stringPaths(x, [...at, i]))
  if (typeof v === 'object' && v !== null) return Object.entries(v).flatMap(([k, x]) => stringPaths(x, [...at, k]))
  return []
}

/** A copy of a JSON value with the string at `path` replaced. */
const withString = (v: unknown, path: ReadonlyArray<Segment>, f: (s: string) => string): unknown => {
  if (path.length === 0) return typeof v === 'string' ? f(v) : v
  const [head, ...rest] = path
  if (Array.isArray(v)) return v.map((x, i) => (i === head ? withString(x, rest, f) : x))
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === head ? withString(x, rest, f) : x]))
  return v
}

const render = (path: ReadonlyArray<Segment>): string => path.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('')

/** The two kinds of text that is not wire text, appended in turn. */
const ILL_FORMED: ReadonlyArray<{ readonly what: string; readonly text: string }> = [
  { what: 'an unpaired surrogate (\\ud800)', text: '\ud800' },
  { what: 'U+0000 (\\u0000)', text: '\u0000' },
]

/** Every case: each string field of each operation's example, one ill-formed text appended (the two kinds alternate along the fields). */
export const encodingCases = (ctx: KitContext): Case<Env>[] => {
  const cases: Case<Env>[] = []
  for (const ex of bodyExamples()) {
    const validate = VALIDATORS[ex.operationId]
    if (validate === undefined) continue
    stringPaths(ex.example).forEach((path, i) => {
      const bad = ILL_FORMED[i % ILL_FORMED.length]!
      const body = withString(ex.example, path, (s) => `${s}${bad.text}`)
      cases.push({
        rule: 'ID-03',
        name: `${ex.method} ${ex.template}: the example body with ${bad.what} appended to ${render(path)}`,
        build: (_config, env): SentRequest => ({ method: ex.method, path: ex.template.replace('{orderNumber}', encodeURIComponent(env.orderNumber)).replace('{stop}', 'PICKUP'), headers: {}, body, credentials: 'main' }),
        predict: (config) => validate(body, config) ?? { kind: 'accepted', denials: true },
      })
    })
  }
  // only the strings the validator reads: an unknown member (companyId) is dropped unread, and the rest of that body decides its answer
  return cases.filter((c) => c.predict(ctx.config, c.build(ctx.config, { orderNumber: 'A1B2C' }), { orderNumber: 'A1B2C' }).kind === 'problem')
}

const setup: NonNullable<Table<Env>['setup']> = async (ctx) => {
  const req = createRequest(createBodyOf(ctx, [{ palletCount: 1, poundsWeight: 400, dimensions: { length: 48, width: 40, height: 48 } }]))
  const r = await ctx.http.send(req)
  const b = objectOf(r.json)
  if (r.status !== 200 || typeof b['orderNumber'] !== 'string') return { error: `the order the encoding cases need was answered ${describeAnswer(r)}`, requests: [req] }
  return { env: { orderNumber: b['orderNumber'] }, requests: [req] }
}

export const wireTextBodies: Check = {
  name: 'boundaries: text that is not wire text in every body field',
  rules: ['ID-03'],
  run: (ctx) => runTable(ctx, { name: wireTextBodies.name, rules: wireTextBodies.rules, setup, cases: (_config, _env, c) => encodingCases(c) }),
}
