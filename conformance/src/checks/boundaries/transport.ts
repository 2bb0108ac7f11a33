// Transport details at their edges. The appointment upload (DOC-02, DOC-05): a body that is not
// multipart/form-data (a PDF sent raw, text, JSON, a form, no body at all) is the spec's 415
// unsupported_media_type, whatever its own type; a multipart PDF is stored under the name and
// type the library's checkAppointmentUpload gives (a path stripped, an extension made .pdf), at
// the stop parseStop reads from either spelling. Tracking's include (TRK-01): each spelling the
// library's parseTrackingInclude reads or refuses (case, blanks, empty entries, unknown and
// repeated sections, a repeated parameter, the length limit of the served format, at and one
// over), and the answer carries location exactly when it was asked for.
import { checkAppointmentUpload, isLeft, parseStop, parseTrackingInclude, problemFor } from 'shipper-rules'
import { openApiDocument } from 'shipper-rules/openapi'
import type { Check, KitContext } from '../../check.js'
import type { SentRequest } from '../../http.js'
import { get, multipartFile, post, tinyPdf } from '../support.js'
import { createBodyOf, createRequest } from './bodies.js'
import { describeAnswer, objectOf, problemOf, runTable, type Case, type Prediction, type Table } from './table.js'

/** The order a table uploads to or tracks: made once, with the main company. */
interface Order {
  readonly orderNumber: string
  readonly id: string
}

const makeOrder = (tag: string): NonNullable<Table<Order>['setup']> => async (ctx: KitContext) => {
  const req = createRequest(createBodyOf(ctx, [{ palletCount: 1, poundsWeight: 400, dimensions: { length: 48, width: 40, height: 48 } }]))
  const r = await ctx.http.send(req)
  const b = objectOf(r.json)
  if (r.status !== 200 || typeof b['orderNumber'] !== 'string' || typeof b['id'] !== 'string') {
    return { error: `the order the ${tag} cases need was answered ${describeAnswer(r)}`, requests: [req] }
  }
  return { env: { orderNumber: b['orderNumber'], id: b['id'] }, requests: [req] }
}

const uploadPath = (order: Order, stop: string, type: string): string =>
  `/v1/shipper/shipment/${encodeURIComponent(order.orderNumber)}/appointment/${encodeURIComponent(stop)}/document/${encodeURIComponent(type)}`

/** The spec's answer to an upload body that is not multipart/form-data: the library's problem for unsupported_media_type. */
const NOT_MULTIPART: Prediction = problemOf(problemFor('unsupported_media_type'))

const rawCase = (name: string, body: { raw: string | Uint8Array; contentType: string } | undefined): Case<Order> => ({
  rule: 'DOC-02',
  name: `an upload whose body is ${name}, not multipart/form-data`,
  build: (_config, order) => ({ method: 'POST', path: uploadPath(order, 'PICKUP', 'PACKING_SLIP'), headers: {}, ...(body === undefined ? {} : { body }), credentials: 'main' }),
  predict: () => NOT_MULTIPART,
})

const multipartCase = (stop: string, type: string, filename: string, partType: string): Case<Order> => {
  const bytes = tinyPdf('boundary upload')
  return {
    rule: 'DOC-05',
    name: `a multipart upload to ${stop}/${type} of ${JSON.stringify(filename)} sent as ${partType}`,
    build: (_config, order) => post(uploadPath(order, stop, type), multipartFile(filename, partType, bytes)),
    predict: (config) => {
      const stored = checkAppointmentUpload({ documentType: type, contentType: partType, sizeBytes: bytes.length, filename }, { config })
      if (isLeft(stored)) return problemOf(stored.left)
      const s = parseStop(stop)
      if (isLeft(s)) return problemOf(s.left)
      return {
        kind: 'accepted',
        body: { stop: s.right, type, filename: stored.right.filename, contentType: stored.right.contentType },
        invariants: [
          { what: 'id a non-empty string', holds: (b) => typeof b['id'] === 'string' && b['id'] !== '' },
          { what: 'sizeBytes a whole number of bytes, at least 1', holds: (b) => Number.isSafeInteger(b['sizeBytes']) && (b['sizeBytes'] as number) >= 1 },
        ],
      }
    },
  }
}

export const uploadTransport: Check = {
  name: 'boundaries: appointment upload transport',
  rules: ['DOC-02', 'DOC-05'],
  run: (ctx) =>
    runTable(ctx, {
      name: uploadTransport.name,
      rules: uploadTransport.rules,
      setup: makeOrder('upload'),
      cases: () => [
        rawCase('a PDF sent raw as application/pdf', { raw: tinyPdf('raw'), contentType: 'application/pdf' }),
        rawCase('bytes as application/octet-stream', { raw: tinyPdf('octets'), contentType: 'application/octet-stream' }),
        rawCase('text/plain', { raw: 'a packing slip', contentType: 'text/plain' }),
        rawCase('a JSON object', { raw: '{"file":"JVBERi0xLjQK"}', contentType: 'application/json' }),
        rawCase('a urlencoded form', { raw: 'file=JVBERi0xLjQK', contentType: 'application/x-www-form-urlencoded' }),
        rawCase('absent', undefined),
        multipartCase('PICKUP', 'PACKING_SLIP', 'slip.pdf', 'application/pdf'),
        multipartCase('delivery', 'CUSTOMER_BOL', '../scans/bol.PDF', 'application/pdf'),
        multipartCase('PICKUP', 'CUSTOMER_BOL', 'bol', 'Application/PDF'),
        multipartCase('DELIVERY', 'PACKING_SLIP', 'slip.txt', 'text/plain'),
      ],
    }),
}

/** The include parameter's maximum length as the library's OpenAPI document serves it, or undefined. */
const includeMaxLength = (): number | undefined => {
  const doc = openApiDocument()
  if (doc._tag === 'Left') return undefined
  const op = objectOf(objectOf(objectOf(doc.right)['paths'])['/v1/shipper/shipment/{orderNumber}/tracking'])['get']
  const params = objectOf(op)['parameters']
  const shared = objectOf(objectOf(objectOf(doc.right)['components'])['parameters'])
  // a parameter is written in place or as a $ref to components.parameters
  const resolve = (p: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> => {
    const ref = p['$ref']
    return typeof ref === 'string' && ref.startsWith('#/components/parameters/') ? objectOf(shared[ref.slice('#/components/parameters/'.length)]) : p
  }
  const include = Array.isArray(params) ? params.map((p) => resolve(objectOf(p))).find((p) => p['name'] === 'include' && p['in'] === 'query') : undefined
  const max = objectOf(include?.['schema'])['maxLength']
  return typeof max === 'number' && Number.isSafeInteger(max) && max > 0 ? max : undefined
}

/** The query as sent: absent, one value, or the parameter repeated. */
type IncludeQuery = undefined | string | ReadonlyArray<string>

const trackingPath = (order: Order, q: IncludeQuery): string => {
  const base = `/v1/shipper/shipment/${encodeURIComponent(order.orderNumber)}/tracking`
  if (q === undefined) return base
  const values = typeof q === 'string' ? [q] : q
  return `${base}?${values.map((v) => `include=${encodeURIComponent(v)}`).join('&')}`
}

const showQuery = (q: IncludeQuery): string => {
  const s = q === undefined ? 'no include' : typeof q === 'string' ? `include=${JSON.stringify(q)}` : q.map((v) => `include=${JSON.stringify(v)}`).join('&')
  return s.length > 80 ? `${s.slice(0, 60)}… (${s.length} characters)` : s
}

const includeCase = (q: IncludeQuery): Case<Order> => ({
  rule: 'TRK-01',
  name: `tracking with ${showQuery(q)}`,
  build: (_config, order): SentRequest => get(trackingPath(order, q)),
  predict: (_config, _req, order) => {
    // a repeated parameter reaches a server as the list of its values
    const include = parseTrackingInclude(q === undefined || typeof q === 'string' ? q : [...q])
    if (isLeft(include)) return problemOf(include.left)
    const location = include.right.location
    return {
      kind: 'accepted',
      body: { id: order.id, orderNumber: order.orderNumber, orderStatus: 'INITIALIZED' },
      invariants: [
        location
          ? { what: 'location present: it was asked for', holds: (b) => typeof b['location'] === 'object' && b['location'] !== null }
          : { what: 'no location: it was not asked for', holds: (b) => !('location' in b) },
      ],
    }
  },
})

export const trackingInclude: Check = {
  name: 'boundaries: tracking include',
  rules: ['TRK-01'],
  run: (ctx) =>
    runTable(ctx, {
      name: trackingInclude.name,
      rules: trackingInclude.rules,
      setup: makeOrder('tracking'),
      cases: () => {
        const max = includeMaxLength()
        const longest = max === undefined || max < 8 ? [] : ['location' + ',location'.repeat(Math.floor((max - 8) / 9))]
        return [
          undefined,
          'location',
          'location,location',
          'LOCATION',
          'Location',
          'foo',
          'location,foo',
          '',
          ',',
          'location,',
          ',location',
          ' location',
          'location ',
          'location, location',
          ['location', 'location'],
          ...longest,
          ...(max === undefined ? [] : ['x'.repeat(max), 'x'.repeat(max + 1), `${longest[0] ?? 'location'}${','.repeat(Math.max(1, max + 1 - (longest[0] ?? 'location').length))}`]),
        ].map(includeCase)
      },
    }),
}
