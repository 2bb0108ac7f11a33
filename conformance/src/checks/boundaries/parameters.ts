// Parameters at their edges, as a table over the operations of the library's OpenAPI document (the
// spec's fifteen endpoints): every path parameter of every operation sent empty (a server routes
// `/shipment//tracking` with an empty order number) and holding U+0000; every query parameter
// sent empty, repeated (`?reference=a&reference=a`: a server's query parser gives the list of its
// values) and holding U+0000; and the Idempotency-Key header of a create sent empty, with a blank
// inside, twice (two field lines reach a server as one value joined with ", ": RFC 9110 §5.3, so
// the kit sends that joined value) and with a character outside ASCII. Each value is judged by
// the library's reader of that parameter (parseOrderNumber, parseQuoteId, parseStop,
// parseDocumentType, parseAppointmentDocumentType, newestQuoteByReference, parseTrackingInclude,
// checkAppointmentWrite, parseIdempotencyKey): the status, reason and exact violations. The
// other parameters are the kit's valid ones (its own order), and a body where the operation takes
// one is valid, so each case shows one parameter's reading.
import {
  checkAppointmentWrite,
  HEADER,
  newestQuoteByReference,
  parseAppointmentDocumentType,
  parseDocumentType,
  parseIdempotencyKey,
  parseOrderNumber,
  parseQuoteId,
  parseStop,
  parseTrackingInclude,
  type ProblemDetail,
} from 'shipper-rules'
import { openApiDocument } from 'shipper-rules/openapi'
import type { Check, KitContext, RuleId } from '../../check.js'
import type { SentRequest } from '../../http.js'
import { multipartFile, tinyPdf } from '../support.js'
import { createBodyOf, createRequest } from './bodies.js'
import { describeAnswer, objectOf, problemOf, runTable, type Case, type Prediction, type Table } from './table.js'

/** What the table needs: an order of the main company (INITIALIZED), whose number fills the other path parameters. */
interface Env {
  readonly orderNumber: string
}

/** What a reader of the library answers (fp-ts's Either, as the library builds it). */
type Either<E, A> = { readonly _tag: 'Left'; readonly left: E } | { readonly _tag: 'Right'; readonly right: A }

/** A parameter's value as a server reads it: a text, or the list of a repeated query parameter. */
type Read = string | ReadonlyArray<string>

/**
 * How the library reads each parameter of the document (by its name under
 * components.parameters), the rule that reading implements, and a valid value that fills it when
 * another parameter of the same operation is the one under test. A parameter left out is listed in
 * NOT_IN_TABLE with why.
 */
export const PARAMETER_READERS: Readonly<Record<string, { readonly rule: RuleId; readonly read: (v: Read | undefined) => Either<ProblemDetail, unknown>; readonly valid: (env: Env) => string }>> = {
  orderNumber: { rule: 'ID-01', read: parseOrderNumber, valid: (env) => env.orderNumber },
  quoteId: { rule: 'QTE-08', read: parseQuoteId, valid: () => '3f2504e0-4f89-11d3-9a0c-0305e82c3301' },
  stop: { rule: 'APT-17', read: parseStop, valid: () => 'PICKUP' },
  shipmentDocumentType: { rule: 'DOC-01', read: parseDocumentType, valid: () => 'BILL_OF_LADING' },
  appointmentDocumentType: { rule: 'DOC-04', read: parseAppointmentDocumentType, valid: () => 'PACKING_SLIP' },
  reference: { rule: 'QTE-05', read: (v) => newestQuoteByReference([], { companyId: 'caller', reference: v }), valid: () => 'PO-1' },
  include: { rule: 'TRK-01', read: parseTrackingInclude, valid: () => 'location' },
  // the kit's order is INITIALIZED: the flag is read, the lock does not hold
  confirmChangeAfterAcceptance: {
    rule: 'ORD-06',
    read: (v) => checkAppointmentWrite('INITIALIZED', { endpoint: 'PUT_REQUIREMENT', confirmChangeAfterAcceptance: v }),
    valid: () => 'false',
  },
  idempotencyKey: { rule: 'CRT-10', read: parseIdempotencyKey, valid: () => 'k' },
}

/** The document's parameters this table does not send, with why. */
export const NOT_IN_TABLE: Readonly<Record<string, string>> = {
  changeReason: 'read only on an order the carrier accepted: its own table below (changeReasonCases, with the sandbox controls)',
  requestId: 'never refused: a server makes its own id for a value it does not take',
}

/** One operation of the document with its parameters (resolved from components.parameters). */
interface Operation {
  readonly method: string
  readonly template: string
  readonly operationId: string
  readonly parameters: ReadonlyArray<{ readonly key: string; readonly name: string; readonly in: string }>
}

/** The operations of the library's OpenAPI document, each with its parameters. */
export const documentOperations = (): Operation[] => {
  const doc = openApiDocument()
  if (doc._tag === 'Left') return []
  const shared = objectOf(objectOf(objectOf(doc.right)['components'])['parameters'])
  const out: Operation[] = []
  for (const [template, item] of Object.entries(objectOf(objectOf(doc.right)['paths']))) {
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const op = objectOf(objectOf(item)[method])
      if (Object.keys(op).length === 0) continue
      const params = Array.isArray(op['parameters']) ? (op['parameters'] as unknown[]) : []
      const parameters = params.flatMap((p) => {
        const ref = objectOf(p)['$ref']
        const key = typeof ref === 'string' && ref.startsWith('#/components/parameters/') ? ref.slice('#/components/parameters/'.length) : undefined
        const def = key === undefined ? objectOf(p) : objectOf(shared[key])
        const name = def['name']
        const where = def['in']
        return typeof name === 'string' && typeof where === 'string' ? [{ key: key ?? name, name, in: where }] : []
      })
      out.push({ method: method.toUpperCase(), template, operationId: String(op['operationId'] ?? ''), parameters })
    }
  }
  return out
}

/** A valid body for an operation that takes one (the other parameters are what a case is about). */
const bodyOf = (ctx: KitContext, op: Operation): unknown => {
  if (op.operationId === 'createShipment') return createBodyOf(ctx, [{ palletCount: 1, poundsWeight: 400 }])
  if (op.operationId === 'putAppointmentRequirement') return { channel: 'PHONE', instructions: `${ctx.marker} parameter case` }
  if (op.operationId === 'uploadAppointmentDocument') return multipartFile('slip.pdf', 'application/pdf', tinyPdf('parameter case'))
  if (op.operationId === 'createQuote') return { pickupAddress: { zipCode: '60601' }, deliveryAddress: { zipCode: '10001' }, orderComponents: [{ palletCount: 1, poundsWeight: 400 }] }
  return undefined
}

/** What a case sets: one parameter to a value; the others valid. */
interface Setting {
  readonly key: string
  readonly name: string
  readonly in: string
  /** As sent: one text, or the query parameter repeated. */
  readonly sent: Read
  /** As a server reads it (a header's repeated lines joined). */
  readonly read: Read
  readonly what: string
}

const requestOf = (ctx: KitContext, op: Operation, s: Setting, env: Env): SentRequest => {
  let path = op.template
  const query: string[] = []
  const headers: Record<string, string> = {}
  for (const p of op.parameters) {
    const reader = PARAMETER_READERS[p.key]
    const mine = p.key === s.key
    if (p.in === 'path') {
      const v = mine ? (typeof s.sent === 'string' ? s.sent : s.sent.join(',')) : reader?.valid(env) ?? ''
      path = path.replace(`{${p.name}}`, encodeURIComponent(v))
    } else if (p.in === 'query' && mine) {
      for (const v of typeof s.sent === 'string' ? [s.sent] : s.sent) query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`)
    } else if (p.in === 'query' && p.key === 'reference') {
      // the by-reference lookup needs its reference when another parameter is under test
      query.push(`reference=${encodeURIComponent(`${ctx.marker}-PARAM`)}`)
    } else if (p.in === 'header' && mine && typeof s.sent === 'string') {
      headers[p.name] = s.sent
    }
  }
  const body = bodyOf(ctx, op)
  return { method: op.method, path: query.length === 0 ? path : `${path}?${query.join('&')}`, headers, ...(body === undefined ? {} : { body }), credentials: 'main' }
}

const predictionOf = (r: Either<ProblemDetail, unknown>): Prediction => (r._tag === 'Left' ? problemOf(r.left) : { kind: 'accepted' })

/** The values of a parameter a case sends, by where it is. */
const settingsOf = (key: string, name: string, where: string, valid: string): Setting[] => {
  if (where === 'path') {
    return [
      { key, name, in: where, sent: '', read: '', what: 'empty' },
      { key, name, in: where, sent: `${valid}\u0000`, read: `${valid}\u0000`, what: 'holding U+0000' },
    ]
  }
  if (where === 'query') {
    return [
      { key, name, in: where, sent: '', read: '', what: 'empty' },
      { key, name, in: where, sent: [valid, valid], read: [valid, valid], what: 'repeated' },
      { key, name, in: where, sent: `${valid}\u0000`, read: `${valid}\u0000`, what: 'holding U+0000' },
    ]
  }
  // a header: fetch and HTTP strip blanks around a value, so a blank value is the empty one
  return [
    { key, name, in: where, sent: '', read: '', what: 'empty' },
    { key, name, in: where, sent: 'two words', read: 'two words', what: 'with a blank inside' },
    { key, name, in: where, sent: `${valid}-1, ${valid}-2`, read: `${valid}-1, ${valid}-2`, what: 'twice (two field lines, joined as RFC 9110 §5.3 reads them)' },
    { key, name, in: where, sent: `cl\u00e9`, read: `cl\u00e9`, what: 'with a character outside ASCII (é, one Latin-1 byte)' },
  ]
}

/** The rule a case is charged to: U+0000 is the wire-text rule (ID-03), the rest the parameter's own. */
const ruleOf = (s: Setting, reader: { readonly rule: RuleId }): RuleId => (s.what === 'holding U+0000' ? 'ID-03' : reader.rule)

const show = (v: Read): string => (typeof v === 'string' ? JSON.stringify(v) : v.map((x) => JSON.stringify(x)).join(' and '))

/** Every case of the table: each operation, each parameter it reads, each edge value of it. */
export const parameterCases = (ctx: KitContext): Case<Env>[] => {
  const cases: Case<Env>[] = []
  for (const op of documentOperations()) {
    for (const p of op.parameters) {
      const reader = PARAMETER_READERS[p.key]
      if (reader === undefined) continue
      if (p.in === 'header' && op.operationId !== 'createShipment') continue
      for (const s of settingsOf(p.key, p.name, p.in, reader.valid({ orderNumber: 'A1B2C' }))) {
        cases.push({
          rule: ruleOf(s, reader),
          name: `${op.method} ${op.template} with the ${p.in} parameter ${p.name} ${s.what} (${show(s.sent)})`,
          build: (_config, env) => requestOf(ctx, op, s, env),
          predict: () => predictionOf(reader.read(s.read)),
        })
      }
    }
  }
  return cases
}

/** The rules the table's cases are charged to. */
const RULES: ReadonlyArray<RuleId> = [...new Set([...Object.values(PARAMETER_READERS).map((r) => r.rule), 'ID-03'])]

const setup: NonNullable<Table<Env>['setup']> = async (ctx) => {
  const req = createRequest(createBodyOf(ctx, [{ palletCount: 1, poundsWeight: 400, dimensions: { length: 48, width: 40, height: 48 } }]))
  const r = await ctx.http.send(req)
  const b = objectOf(r.json)
  if (r.status !== 200 || typeof b['orderNumber'] !== 'string') return { error: `the order the parameter cases need was answered ${describeAnswer(r)}`, requests: [req] }
  return { env: { orderNumber: b['orderNumber'] }, requests: [req] }
}

export const parameterEdges: Check = {
  name: 'boundaries: parameters empty or repeated or with U+0000',
  rules: RULES,
  run: (ctx) => runTable(ctx, { name: parameterEdges.name, rules: parameterEdges.rules, setup, cases: (_config, _env, c) => parameterCases(c) }),
}

/** An order the carrier accepted (confirmed on its quote, then the sandbox's ACCEPT event): the lock holds. */
interface Accepted {
  readonly orderNumber: string
}

const acceptedOrder: NonNullable<Table<Accepted>['setup']> = async (ctx) => {
  const requests: SentRequest[] = []
  const send = async (req: SentRequest) => {
    requests.push(req)
    return ctx.http.send(req)
  }
  const components = [{ palletCount: 1, poundsWeight: 400 }]
  const q = await send({ method: 'POST', path: '/v1/shipper/quote', headers: {}, credentials: 'main', body: { pickupAddress: { zipCode: '60018' }, deliveryAddress: { zipCode: '75201' }, orderComponents: components } })
  const quoteId = objectOf(q.json)['id']
  if (q.status !== 200 || typeof quoteId !== 'string') return { error: `the quote the change-reason cases need was answered ${describeAnswer(q)}`, requests }
  const c = await send(createRequest(createBodyOf(ctx, components, {}, quoteId)))
  const n = objectOf(c.json)['orderNumber']
  if (c.status !== 200 || typeof n !== 'string') return { error: `the order the change-reason cases need was answered ${describeAnswer(c)}`, requests }
  const confirmed = await send({ method: 'PUT', path: `/v1/shipper/shipment/${encodeURIComponent(n)}/confirm`, headers: {}, credentials: 'main' })
  if (confirmed.status !== 200) return { error: `the confirm the change-reason cases need was answered ${describeAnswer(confirmed)}`, requests }
  const accepted = await send({ method: 'POST', path: `/sandbox/orders/${encodeURIComponent(n)}/events`, headers: {}, credentials: 'main', body: { event: 'ACCEPT' } })
  if (accepted.status !== 200) return { error: `the carrier's ACCEPT the change-reason cases need was answered ${describeAnswer(accepted)}`, requests }
  return { env: { orderNumber: n }, requests }
}

/**
 * The X-Service-Change-Reason header of the override on an accepted order (ORD-06): empty, a
 * no-break space only (blank to the library, though not HTTP white space, so it reaches the
 * server), twice (joined with ", ", RFC 9110 §5.3: not blank, so the override goes through), and
 * absent; each as checkAppointmentWrite reads it in ACCEPTED with confirmChangeAfterAcceptance=true.
 */
export const changeReasonCases = (ctx: KitContext): Case<Accepted>[] =>
  [
    { what: 'empty', sent: '' as string | undefined },
    { what: 'a no-break space only', sent: '\u00a0' },
    { what: 'twice (two field lines, joined as RFC 9110 §5.3 reads them)', sent: 'Dock moved, Dock moved' },
    { what: 'absent', sent: undefined },
  ].map(({ what, sent }) => ({
    rule: 'ORD-06',
    name: `PUT an accepted order's appointment with confirmChangeAfterAcceptance=true and X-Service-Change-Reason ${what}${sent === undefined ? '' : ` (${JSON.stringify(sent)})`}`,
    build: (_config, env): SentRequest => ({
      method: 'PUT',
      path: `/v1/shipper/shipment/${encodeURIComponent(env.orderNumber)}/appointment/PICKUP?confirmChangeAfterAcceptance=true`,
      headers: sent === undefined ? {} : { [HEADER.changeReason]: sent },
      body: { channel: 'PHONE', instructions: `${ctx.marker} change reason case` },
      credentials: 'main',
    }),
    predict: () => predictionOf(checkAppointmentWrite('ACCEPTED', { endpoint: 'PUT_REQUIREMENT', confirmChangeAfterAcceptance: 'true', ...(sent === undefined ? {} : { changeReason: sent }) })),
  }))

export const changeReasonEdges: Check = {
  name: 'boundaries: the change reason of an override',
  rules: ['ORD-06'],
  requires: ['sandboxControls'],
  run: (ctx) => runTable(ctx, { name: changeReasonEdges.name, rules: changeReasonEdges.rules, setup: acceptedOrder, cases: (_config, _env, c) => changeReasonCases(c) }),
}
