// An order that does not exist, asked about on every endpoint of the library's OpenAPI document
// (shipper-rules/openapi) whose path takes an order number: each is 404 with the reason the
// document declares for a missing order on that operation, the library's problem: on the
// appointment endpoints order_not_found (the spec's Errors: "appointment endpoints: order missing
// or not owned"), for the appointment PDF appointmentPdfLookup's answer for an order that does not
// exist (DOC-07: order_not_found, not appointment_pdf_not_generated), elsewhere shipment_not_found
// (AUTH-04: reads and writes find only the caller's company's orders). The table is the
// document's operations, so an endpoint the document gains is checked the day it is added. The
// other path parameters take the first value of their enum, a JSON body is the document's example
// (valid), an upload a small PDF: only the order is wrong.
import fc from 'fast-check'
import { appointmentPdfLookup, isLeft, isOrderNumber, problemFor, type ProblemDetail } from 'shipper-rules'
import { openApiDocument } from 'shipper-rules/openapi'
import type { Check, RuleId } from '../../check.js'
import type { SentRequest } from '../../http.js'
import { multipartFile, tinyPdf } from '../support.js'
import { draw, objectOf, problemOf, runTable, type Case } from './table.js'

type Json = Readonly<Record<string, unknown>>

/** One operation of the document whose path takes an order number. */
interface Operation {
  readonly method: string
  readonly template: string
  /** The value sent for each path parameter other than the order number: the first of its enum. */
  readonly values: Readonly<Record<string, string>>
  readonly body: Json
  /** The reasons the document declares for its 404 answer. */
  readonly reasons404: ReadonlyArray<string>
}

const resolver = (doc: Json) => (v: unknown): Json => {
  const o = objectOf(v)
  const ref = o['$ref']
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return o
  return ref
    .slice(2)
    .split('/')
    .reduce<Json>((at, key) => objectOf(at[key]), doc)
}

/** The enum values a schema allows (through allOf, oneOf, $ref), or []. */
const enumOf = (schema: Json, resolve: (v: unknown) => Json): ReadonlyArray<string> => {
  const s = resolve(schema)
  if (Array.isArray(s['enum'])) return (s['enum'] as unknown[]).filter((v): v is string => typeof v === 'string')
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    const list = s[key]
    if (Array.isArray(list)) for (const part of list) {
      const e = enumOf(objectOf(part), resolve)
      if (e.length > 0) return e
    }
  }
  return []
}

/** Every operation of the library's document with `{orderNumber}` in its path. */
export const orderOperations = (): ReadonlyArray<Operation> => {
  const d = openApiDocument()
  if (isLeft(d)) return []
  const doc = objectOf(d.right)
  const resolve = resolver(doc)
  const ops: Operation[] = []
  for (const [template, item] of Object.entries(objectOf(doc['paths']))) {
    if (!template.includes('{orderNumber}')) continue
    for (const [method, op] of Object.entries(objectOf(item))) {
      if (!['get', 'put', 'post', 'delete', 'patch'].includes(method)) continue
      const o = objectOf(op)
      const params = Array.isArray(o['parameters']) ? (o['parameters'] as unknown[]).map(resolve) : []
      const notFound = resolve(objectOf(o['responses'])['404'])
      const schema = objectOf(objectOf(objectOf(notFound['content'])['application/problem+json'])['schema'])
      // the operation's own part of the schema (not the shared ProblemDetail, whose reason takes every reason)
      const own = Array.isArray(schema['allOf']) ? (schema['allOf'] as unknown[]).map(objectOf).filter((part) => !('$ref' in part)) : []
      const reasons = own.flatMap((part) => enumOf(objectOf(objectOf(part['properties'])['reason']), resolve))
      const values: Record<string, string> = {}
      for (const p of params) {
        const first = enumOf(objectOf(p['schema']), resolve)[0]
        if (p['in'] === 'path' && typeof p['name'] === 'string' && first !== undefined) values[p['name']] = first
      }
      ops.push({ method: method.toUpperCase(), template, values, body: resolve(o['requestBody']), reasons404: reasons })
    }
  }
  return ops
}

/** The library's problem for an order that does not exist on this operation, and the rule it is charged to. */
const predicted = (op: Operation): { readonly rule: RuleId; readonly problem: ProblemDetail } => {
  if (op.template.endsWith('/appointment/{stop}/pdf')) {
    const lookup = appointmentPdfLookup({ orderExists: false, pdfGenerated: false })
    return { rule: 'DOC-07', problem: isLeft(lookup) ? lookup.left : problemFor('order_not_found') }
  }
  // the document's 404 reason for a missing order: order_not_found on the appointment endpoints, else shipment_not_found
  if (op.reasons404.includes('order_not_found')) return { rule: 'ERR-02', problem: problemFor('order_not_found') }
  return { rule: 'AUTH-04', problem: problemFor('shipment_not_found') }
}

/** The path with the order number and the first enum value of every other path parameter. */
const pathOf = (op: Operation, orderNumber: string): string =>
  op.template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(name === 'orderNumber' ? orderNumber : op.values[name] ?? name))

/** A body only the order makes wrong: the document's JSON example, or a small PDF for a multipart upload. */
const bodyOf = (op: Operation): unknown => {
  const content = objectOf(op.body['content'])
  if ('multipart/form-data' in content) return multipartFile('slip.pdf', 'application/pdf', tinyPdf('unknown order'))
  const json = objectOf(content['application/json'])
  return 'example' in json ? json['example'] : undefined
}

const unknownCase = (op: Operation): Case<string> => {
  const { rule, problem } = predicted(op)
  return {
    rule,
    name: `${op.method} ${op.template} of an order that does not exist`,
    build: (_config, orderNumber): SentRequest => {
      const body = bodyOf(op)
      return { method: op.method, path: pathOf(op, orderNumber), headers: {}, credentials: 'main', ...(body === undefined ? {} : { body }) }
    },
    predict: () => problemOf(problem),
  }
}

/** A well-formed order number drawn from the run's seed (5 letters and digits; one of 60 million: no order of the run has it). */
const orderNumberArb = fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'), minLength: 5, maxLength: 5 }).filter(isOrderNumber)

export const unknownOrder: Check = {
  name: 'boundaries: an order that does not exist, on every endpoint',
  rules: [...new Set(orderOperations().map((op) => predicted(op).rule))],
  run: (ctx) =>
    runTable(ctx, {
      name: unknownOrder.name,
      rules: unknownOrder.rules,
      setup: async () => ({ env: draw(ctx, 0x0bd3, orderNumberArb, 1)[0] ?? 'ZZ9Z9', requests: [] }),
      cases: () => orderOperations().map(unknownCase),
    }),
}
