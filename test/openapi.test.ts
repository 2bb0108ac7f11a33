// The OpenAPI 3.1.0 document generated from the codecs (API.md, OpenAPI; spec: Versioning 2,
// Endpoints, Authentication, Errors): valid by the official OpenAPI 3.1 schema, every component
// schema compiled by ajv and agreeing with the examples, the spec's endpoints and credentials,
// and the walker behind it, on a small fixture of codecs of its own.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { isLeft, isRight, type Either } from 'fp-ts/lib/Either.js'
import * as t from 'io-ts'
import { describe, expect, it } from 'vitest'
import {
  normalizeAddress,
  validateAppointmentRequirement,
  validateComponents,
  validateCreateShipment,
  validateQuoteRequest,
  WIRE_FORMATS,
  type ProblemDetail,
  type Violation,
} from '../src/index.js'
import { boundedNumber, crossField, described, documented, formatted, integer, list, orNull, text } from '../src/model/schema.js'
import { NOT_BLANK_WIRE_TEXT_FORMAT, WIRE_TEXT_FORMAT } from '../src/model/patterns.js'
import { REASON_CATALOGUE, type ReasonCode } from '../src/errors/catalogue.js'
import { COMPONENT_CODECS } from '../src/openapi/components.js'
import { openApiDocument, type ComponentName, type OpenApiDocument } from '../src/openapi/index.js'
import { jsonSchemaOf } from '../src/openapi/jsonSchema.js'
import { leftOf, rightOf } from './support/either.js'
import { ajvFor, compiledArrayOf, compiledSchema, generatedDocument } from './support/openapiAjv.js'

const ROOT = join(import.meta.dirname, '..')
type Json = Record<string, unknown>

/** Validates a document with the official OpenAPI 3.1 schema (and checks that every $ref resolves). */
const validateOpenApi = async (document: unknown): Promise<{ valid: boolean; errors?: unknown }> =>
  new Validator().validate(structuredClone(document) as Record<string, unknown>)

describe('jsonSchemaOf: the walker, on a fixture of its own', () => {
  const schemaOf = (codec: t.Any, components: ReadonlyMap<unknown, string> = new Map()) => rightOf(jsonSchemaOf(codec, components))

  it('states the plain combinators by their _tag', () => {
    expect(schemaOf(t.string)).toEqual({ type: 'string' })
    expect(schemaOf(t.number)).toEqual({ type: 'number' })
    expect(schemaOf(t.boolean)).toEqual({ type: 'boolean' })
    expect(schemaOf(t.null)).toEqual({ type: 'null' })
    expect(schemaOf(t.literal('application/pdf'))).toEqual({ type: 'string', const: 'application/pdf' })
    expect(schemaOf(t.keyof({ ltl: null, ftl: null }))).toEqual({ type: 'string', enum: ['ltl', 'ftl'] })
    expect(schemaOf(t.array(t.string))).toEqual({ type: 'array', items: { type: 'string' } })
    expect(schemaOf(t.readonlyArray(t.boolean))).toEqual({ type: 'array', items: { type: 'boolean' } })
    expect(schemaOf(t.type({ a: t.string, b: t.number }))).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a', 'b'],
    })
    expect(schemaOf(t.partial({ a: t.string }))).toEqual({ type: 'object', properties: { a: { type: 'string' } } })
    expect(schemaOf(t.exact(t.type({ a: t.string })))).toEqual(schemaOf(t.type({ a: t.string })))
    expect(schemaOf(t.readonly(t.type({ a: t.string })))).toEqual(schemaOf(t.type({ a: t.string })))
  })

  it('never forbids unknown properties', () => {
    const s = JSON.stringify(schemaOf(t.exact(t.intersection([t.type({ a: t.string }), t.partial({ b: t.string })]))))
    expect(s).not.toContain('additionalProperties')
  })

  it('a union is anyOf; "or null" adds a {type: null} member', () => {
    expect(schemaOf(orNull(t.string))).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] })
    expect(schemaOf(t.union([t.string, t.number]))).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] })
  })

  it('an intersection of objects is ONE object: properties and required united, cross-field keywords kept, required-only alternatives as whole objects', () => {
    const contact = crossField(
      t.intersection([t.type({ name: t.string }), t.partial({ email: t.string, phone: t.string })]),
      (c) => c.email !== undefined || c.phone !== undefined,
      { anyOf: [{ required: ['email'] }, { required: ['phone'] }] },
      'Contact',
    )
    // alternatives that only require members become whole object schemas (the same values; code
    // generators type them as a union of objects instead of unknown), annotations kept at the top
    const properties = { name: { type: 'string' }, email: { type: 'string' }, phone: { type: 'string' } }
    expect(schemaOf(contact)).toEqual({
      anyOf: [
        { type: 'object', properties, required: ['name', 'email'] },
        { type: 'object', properties, required: ['name', 'phone'] },
      ],
    })
    expect(schemaOf(documented(contact, { description: 'A contact.' }))).toEqual({
      description: 'A contact.',
      anyOf: [
        { type: 'object', properties, required: ['name', 'email'] },
        { type: 'object', properties, required: ['name', 'phone'] },
      ],
    })
    // two members with the same cross-field keyword: each member's keywords become one allOf entry
    const a = crossField(t.type({ x: t.string }), () => true, { anyOf: [{ required: ['x'] }] })
    const b = crossField(t.type({ y: t.string }), () => true, { anyOf: [{ required: ['y'] }] })
    expect(schemaOf(t.intersection([a, b]))).toEqual({
      type: 'object',
      properties: { x: { type: 'string' }, y: { type: 'string' } },
      required: ['x', 'y'],
      allOf: [{ anyOf: [{ required: ['x'] }] }, { anyOf: [{ required: ['y'] }] }],
    })
    // a member that is not an object: allOf
    expect(schemaOf(t.intersection([t.type({ x: t.string }), t.string]))).toEqual({
      allOf: [{ type: 'object', properties: { x: { type: 'string' } }, required: ['x'] }, { type: 'string' }],
    })
  })

  it('a refinement built in model/schema.ts: its keywords merged with its base, bounds tightened, integer narrowing number', () => {
    expect(schemaOf(text({ maxLength: 64, notBlank: true }))).toEqual({ type: 'string', maxLength: 64, pattern: NOT_BLANK_WIRE_TEXT_FORMAT.pattern })
    expect(schemaOf(text())).toEqual({ type: 'string', pattern: WIRE_TEXT_FORMAT.pattern })
    expect(schemaOf(formatted(WIRE_FORMATS.scac, 'Scac'))).toEqual({ type: 'string', pattern: WIRE_FORMATS.scac.pattern, maxLength: 4 })
    expect(schemaOf(integer({ minimum: 0, maximum: 168 }))).toEqual({ type: 'integer', minimum: 0, maximum: 168 })
    expect(schemaOf(boundedNumber({ minimum: -90, maximum: 90 }))).toEqual({ type: 'number', minimum: -90, maximum: 90 })
    expect(schemaOf(list(t.string, { minItems: 1, maxItems: 10 }))).toEqual({ type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 10 })
    const narrower = described(t.refinement(integer({ minimum: 0, maximum: 1000 }), (n) => n <= 359, 'Heading'), { minimum: -5, maximum: 359 })
    expect(schemaOf(narrower)).toEqual({ type: 'integer', minimum: 0, maximum: 359 })
    expect(schemaOf(documented(list(t.number), { deprecated: true, description: 'old' }))).toEqual({
      type: 'array',
      items: { type: 'number' },
      deprecated: true,
      description: 'old',
    })
    // a keyword the base already has with another value is kept beside it, in allOf
    expect(schemaOf(described(t.refinement(text({ notBlank: true }), () => true, 'Digits'), { pattern: '^\\d+$' }))).toEqual({
      type: 'string',
      pattern: NOT_BLANK_WIRE_TEXT_FORMAT.pattern,
      allOf: [{ pattern: '^\\d+$' }],
    })
  })

  it('a registered codec nested anywhere is a $ref; the codec itself is expanded', () => {
    const Zip = formatted(WIRE_FORMATS.zipCode, 'ZipCode')
    const Place = t.type({ zipCode: Zip, alternates: t.array(Zip) }, 'Place')
    const names = new Map<unknown, string>([
      [Zip, 'ZipCode'],
      [Place, 'Place'],
    ])
    expect(schemaOf(Place, names)).toEqual({
      type: 'object',
      properties: {
        zipCode: { $ref: '#/components/schemas/ZipCode' },
        alternates: { type: 'array', items: { $ref: '#/components/schemas/ZipCode' } },
      },
      required: ['zipCode', 'alternates'],
    })
    expect(schemaOf(Zip, names)).toEqual({ type: 'string', pattern: WIRE_FORMATS.zipCode.pattern })
    expect(schemaOf(t.union([Place, t.null]), names)).toEqual({ anyOf: [{ $ref: '#/components/schemas/Place' }, { type: 'null' }] })
  })

  it('a hand-made codec (new t.Type) with an annotation is its annotation', () => {
    const status = described(new t.Type<number, number, unknown>('Status', (u): u is number => typeof u === 'number', (u, c) => t.failure(u, c), t.identity), {
      type: 'integer',
      minimum: 400,
      maximum: 599,
    })
    expect(schemaOf(status)).toEqual({ type: 'integer', minimum: 400, maximum: 599 })
  })

  it('fails loudly, as a Left naming the path, on an unannotated refinement, an unknown combinator or a non-JSON annotation', () => {
    const bare = t.brand(t.string, (s): s is t.Branded<string, { readonly Bare: unique symbol }> => s !== '', 'Bare')
    const fixture = t.type(
      {
        fine: t.string,
        bare,
        nested: t.array(t.partial({ inner: t.refinement(t.number, (n) => n > 0, 'Positive') })),
        anything: t.unknown,
        tuple: t.tuple([t.string, t.number]),
        infinite: described(t.refinement(t.number, () => true, 'Huge'), { maximum: Number.POSITIVE_INFINITY }),
      },
      'Fixture',
    )
    const errors = leftOf(jsonSchemaOf(fixture, new Map()))
    expect(errors).toHaveLength(5)
    expect(errors[0]).toMatch(/^Fixture\.bare: the refinement 'Bare' carries no JSON Schema/)
    expect(errors[1]).toMatch(/^Fixture\.nested\[\]\.inner: the refinement 'Positive'/)
    expect(errors[2]).toMatch(/^Fixture\.anything: no JSON Schema for the codec 'unknown' \(_tag UnknownType\)/)
    expect(errors[3]).toMatch(/^Fixture\.tuple: .*_tag TupleType/)
    expect(errors[4]).toMatch(/^Fixture\.infinite: the annotation of 'Huge' is not JSON/)
  })
})

describe('the generated document', () => {
  const generated = openApiDocument()

  it('is generated: every codec of every component can be stated (an unannotated refinement would be listed here)', () => {
    expect(isLeft(generated) ? generated.left : []).toEqual([])
  })

  const document = (): OpenApiDocument => generatedDocument()

  it('is a valid OpenAPI 3.1 document by the official 3.1 schema, every $ref resolving', async () => {
    const r = await validateOpenApi(document())
    expect(r.errors ?? []).toEqual([])
    expect(r.valid).toBe(true)
  })

  it('the validator does reject a broken copy (so the check above can fail)', async () => {
    const { info: _info, ...withoutInfo } = document()
    expect((await validateOpenApi(withoutInfo)).valid).toBe(false)
    const badRef = structuredClone(document()) as unknown as { components: { schemas: Record<string, Json> } }
    badRef.components.schemas['Shipment']!['properties'] = { orderStatus: { $ref: '#/components/schemas/NoSuchThing' } }
    expect((await validateOpenApi(badRef)).valid).toBe(false)
    const badScheme = structuredClone(document()) as unknown as { components: { securitySchemes: Record<string, Json> } }
    badScheme.components.securitySchemes['apiKey']!['in'] = 'body'
    expect((await validateOpenApi(badScheme)).valid).toBe(false)
  })

  it('is OpenAPI 3.1.0, interface version 1.2.0, and states strict-by-default and the rules a schema cannot state with the default figures', () => {
    const d = document()
    expect(d.openapi).toBe('3.1.0')
    expect(d.info.version).toBe('1.2.0')
    expect(d.info.description).toContain('## Strict by default')
    expect(d.info.description).toContain('## Rules a schema cannot state')
    for (const figure of ['96 x 96 x 108 in', '1 x 1 x 1 in', '3,000 lb', '60 x 60 x 96 in', '2,500 lb', '26 pallets per order', 'pallet_invalid']) {
      expect([figure, d.info.description.includes(figure)]).toEqual([figure, true])
    }
  })

  it('names the 15 endpoints of the spec with their methods and operation ids', () => {
    const operations = Object.entries(document().paths).flatMap(([path, item]) =>
      Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k)).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(operations.sort()).toEqual(
      [
        'POST /v1/shipper/quote',
        'GET /v1/shipper/quote/{quoteId}',
        'GET /v1/shipper/quotes/by-reference',
        'POST /v1/shipper/shipment',
        'GET /v1/shipper/shipment/{orderNumber}',
        'PUT /v1/shipper/shipment/{orderNumber}/confirm',
        'PUT /v1/shipper/shipment/{orderNumber}/cancel',
        'GET /v1/shipper/shipment/{orderNumber}/tracking',
        'GET /v1/shipper/shipment/{orderNumber}/invoice',
        'GET /v1/shipper/shipment/{orderNumber}/document/{documentType}',
        'GET /v1/shipper/shipment/{orderNumber}/appointment/{stop}',
        'PUT /v1/shipper/shipment/{orderNumber}/appointment/{stop}',
        'POST /v1/shipper/shipment/{orderNumber}/appointment/{stop}/document/{documentType}',
        'DELETE /v1/shipper/shipment/{orderNumber}/appointment/{stop}/document/{documentType}',
        'GET /v1/shipper/shipment/{orderNumber}/appointment/{stop}/pdf',
      ].sort(),
    )
    const ids = Object.values(document().paths).flatMap((item) => Object.values(item).map((op) => (op as Json)['operationId']))
    expect(new Set(ids).size).toBe(15)
  })

  it('requires both credentials together: one global requirement naming bearerAuth (its scope shipper stated in the scheme) and the x-service-api-key header', () => {
    const d = document()
    // a bearer scheme has no OAuth 2 flows to declare a scope in: the requirement lists none
    expect(d.security).toEqual([{ bearerAuth: [], apiKey: [] }])
    expect(d.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    expect(d.components.securitySchemes.bearerAuth['description']).toMatch(/scope `shipper`/)
    expect(d.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-service-api-key' })
    for (const item of Object.values(d.paths)) for (const op of Object.values(item)) expect((op as Json)['security']).toBeUndefined()
  })

  it('has every component schema the spec names', () => {
    expect(Object.keys(document().components.schemas).sort()).toEqual(
      [
        'Address', 'QuoteRequestAddress', 'ShipmentAddress', 'Dimensions', 'OrderComponent', 'QuoteRequest', 'CreateShipmentRequest',
        'AppointmentsBlock', 'ShipperDispatch', 'AppointmentContact', 'AppointmentRequirementRequest', 'AppointmentRequirementResponse',
        'QuoteResponse', 'QuoteByReferenceResponse', 'Shipment', 'Tracking', 'ShipmentLocation', 'GpsData', 'InvoiceResponse',
        'InvoiceLineItem', 'InvoiceCharge', 'DocumentResponse', 'AppointmentDocumentResponse', 'ProblemDetail', 'Violation',
        'OrderStatus', 'AppointmentChannel', 'FreightClass', 'ShipmentMode', 'Provenance',
      ].sort(),
    )
  })

  it('marks OrderComponent.palletDimensions deprecated, and only it', () => {
    const d = document()
    const oc = d.components.schemas.OrderComponent as { properties: Record<string, Json> }
    expect(oc.properties['palletDimensions']).toMatchObject({ deprecated: true, type: 'array', minItems: 3, maxItems: 3 })
    const deprecated: string[] = []
    const visit = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return
      if ((node as Json)['deprecated'] === true) deprecated.push(path)
      for (const [k, v] of Object.entries(node)) visit(v, `${path}/${k}`)
    }
    visit(d.components.schemas, '')
    expect(deprecated).toEqual(['/OrderComponent/properties/palletDimensions'])
  })

  it('allows null exactly where the spec says "or null", and never forbids unknown properties', () => {
    const d = document()
    const nullable: string[] = []
    const visit = (node: unknown, path: string): void => {
      if (typeof node !== 'object' || node === null) return
      if ((node as Json)['type'] === 'null') nullable.push(path.replace(/\/anyOf\/\d+$/, ''))
      for (const [k, v] of Object.entries(node)) visit(v, `${path}/${k}`)
    }
    visit(d.components.schemas, '')
    expect(nullable.sort()).toEqual(
      [
        '/AppointmentRequirementResponse/properties/channel',
        '/AppointmentRequirementResponse/properties/contacts',
        '/AppointmentRequirementResponse/properties/instructions',
        '/AppointmentRequirementResponse/properties/leadTimeHours',
        '/AppointmentRequirementResponse/properties/portalUrl',
        '/AppointmentRequirementResponse/properties/referenceNumbers',
        '/InvoiceLineItem/properties/nmfcCode',
        '/QuoteResponse/properties/estimatedDeliveryDate',
        '/QuoteResponse/properties/transitDays',
        '/ShipmentLocation/properties/statusDescription',
        '/Tracking/properties/estimatedDeliveryDate',
        '/Tracking/properties/orderStatus',
        '/Violation/properties/entity',
      ].sort(),
    )
    expect(JSON.stringify(d)).not.toContain('additionalProperties')
  })

  it('every pattern is an ECMAScript regular expression valid under the u flag', () => {
    const patterns: string[] = []
    const visit = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return
      const p = (node as Json)['pattern']
      if (typeof p === 'string') patterns.push(p)
      for (const v of Object.values(node)) visit(v)
    }
    visit(document())
    expect(patterns.length).toBeGreaterThan(20)
    for (const p of patterns) expect(() => new RegExp(p, 'u')).not.toThrow()
  })

  it('path, query and header parameters as the spec gives them', () => {
    const p = document().components.parameters as Record<string, Json>
    expect(p['orderNumber']).toMatchObject({ name: 'orderNumber', in: 'path', required: true, schema: { type: 'string', pattern: WIRE_FORMATS.orderNumber.pattern } })
    expect(p['quoteId']).toMatchObject({ name: 'quoteId', in: 'path', required: true, schema: { type: 'string', pattern: WIRE_FORMATS.quoteId.pattern } })
    expect(p['stop']).toMatchObject({ in: 'path', schema: { enum: ['PICKUP', 'DELIVERY', 'pickup', 'delivery'] } })
    expect(p['shipmentDocumentType']).toMatchObject({ name: 'documentType', schema: { enum: ['BILL_OF_LADING', 'INVOICE', 'SHIPPING_LABEL', 'POD'] } })
    expect(p['appointmentDocumentType']).toMatchObject({ name: 'documentType', schema: { enum: ['PACKING_SLIP', 'CUSTOMER_BOL', 'APPOINTMENT_DOCUMENT'] } })
    expect(p['appointmentDocumentType']!['description']).toMatch(/APPOINTMENT_DOCUMENT is system-only .*400/)
    expect(p['reference']).toMatchObject({ in: 'query', required: true })
    expect(p['include']).toMatchObject({ in: 'query', required: false, schema: { type: 'string' } })
    expect(p['confirmChangeAfterAcceptance']).toMatchObject({ in: 'query', schema: { type: 'boolean', default: false } })
    expect(p['changeReason']).toMatchObject({ in: 'header', name: 'X-Service-Change-Reason' })
    expect(p['idempotencyKey']).toMatchObject({ in: 'header', name: 'Idempotency-Key' })
    const ops = document().paths as Record<string, Record<string, { parameters?: Array<{ $ref: string }> }>>
    expect(p['requestId']).toMatchObject({ in: 'header', name: 'X-Request-Id', required: false })
    const names = (path: string, method: string) => (ops[path]![method]!.parameters ?? []).map((r) => r.$ref.replace('#/components/parameters/', ''))
    // every operation also takes the optional X-Request-Id header (requestId), last
    expect(names('/v1/shipper/quote', 'post')).toEqual(['requestId'])
    expect(names('/v1/shipper/shipment', 'post')).toEqual(['idempotencyKey', 'requestId'])
    expect(names('/v1/shipper/quotes/by-reference', 'get')).toEqual(['reference', 'requestId'])
    expect(names('/v1/shipper/shipment/{orderNumber}/tracking', 'get')).toEqual(['orderNumber', 'include', 'requestId'])
    expect(names('/v1/shipper/shipment/{orderNumber}/appointment/{stop}', 'put')).toEqual(['orderNumber', 'stop', 'confirmChangeAfterAcceptance', 'changeReason', 'requestId'])
    expect(names('/v1/shipper/shipment/{orderNumber}/document/{documentType}', 'get')).toEqual(['orderNumber', 'shipmentDocumentType', 'requestId'])
    expect(names('/v1/shipper/shipment/{orderNumber}/appointment/{stop}/document/{documentType}', 'post')).toEqual(['orderNumber', 'stop', 'appointmentDocumentType', 'requestId'])
  })

  it('bodies and responses: JSON $refs, the multipart upload, 204 without a body, the PDF, problem+json errors per the spec', () => {
    const ops = document().paths as Record<string, Record<string, Json>>
    const op = (path: string, method: string) => ops[path]![method] as { requestBody?: Json; responses: Record<string, Json> }
    const body = (path: string, method: string) => op(path, method).requestBody as { required: boolean; content: Record<string, { schema: Json; encoding?: Json }> }
    expect(body('/v1/shipper/quote', 'post').content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/QuoteRequest' })
    expect(body('/v1/shipper/shipment', 'post').content['application/json']!.schema).toEqual({ $ref: '#/components/schemas/CreateShipmentRequest' })
    expect(body('/v1/shipper/shipment/{orderNumber}/appointment/{stop}', 'put').content['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/AppointmentRequirementRequest',
    })
    const upload = body('/v1/shipper/shipment/{orderNumber}/appointment/{stop}/document/{documentType}', 'post')
    expect(upload.required).toBe(true)
    expect(upload.content['multipart/form-data']).toMatchObject({
      schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' } } },
      encoding: { file: { contentType: 'application/pdf, image/jpeg, image/png' } },
    })
    expect(upload).toHaveProperty('description', expect.stringMatching(/10 MB/))
    const del = op('/v1/shipper/shipment/{orderNumber}/appointment/{stop}/document/{documentType}', 'delete').responses
    expect(del['204']).toBeDefined()
    expect(del['204']!['content']).toBeUndefined()
    expect(del['200']).toBeUndefined()
    expect(op('/v1/shipper/shipment/{orderNumber}/appointment/{stop}/pdf', 'get').responses['200']!['content']).toMatchObject({
      'application/pdf': { schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' } },
    })
    const errorStatuses = (path: string, method: string) => Object.keys(op(path, method).responses).filter((s) => s >= '400')
    const everywhere = ['408', '414', '429', '431']
    const sorted = (xs: string[]) => [...xs].sort()
    expect(errorStatuses('/v1/shipper/quote', 'post')).toEqual(sorted(['400', '401', '403', '413', '415', '422', '500', ...everywhere]))
    expect(errorStatuses('/v1/shipper/shipment', 'post')).toEqual(sorted(['400', '401', '403', '409', '413', '415', '422', '500', ...everywhere]))
    expect(errorStatuses('/v1/shipper/shipment/{orderNumber}/confirm', 'put')).toEqual(sorted(['400', '401', '403', '404', '422', '500', ...everywhere]))
    expect(errorStatuses('/v1/shipper/shipment/{orderNumber}/appointment/{stop}', 'put')).toEqual(sorted(['400', '401', '403', '404', '409', '413', '415', '500', ...everywhere]))
    expect(errorStatuses('/v1/shipper/shipment/{orderNumber}/appointment/{stop}/document/{documentType}', 'post')).toEqual(
      sorted(['400', '401', '403', '404', '409', '413', '415', '500', ...everywhere]),
    )
    for (const [path, item] of Object.entries(ops)) {
      for (const [method, o] of Object.entries(item)) {
        const responses = (o as { responses: Record<string, Json> }).responses
        for (const s of ['400', '401', '403', '500', ...everywhere]) expect([path, method, s, s in responses]).toEqual([path, method, s, true])
        for (const [status, r] of Object.entries(responses)) {
          expect([path, method, status, (r['headers'] as Json)['X-Request-Id']]).toEqual([path, method, status, { $ref: '#/components/headers/X-Request-Id' }])
          if (status < '400') continue
          const media = (r['content'] as Record<string, { schema: { allOf: Json[] } }>)['application/problem+json']!
          // the ProblemDetail, narrowed to this status and to the reasons this operation gives
          expect([path, method, status, media.schema.allOf[0]]).toEqual([path, method, status, { $ref: '#/components/schemas/ProblemDetail' }])
          const narrowed = media.schema.allOf[1] as { properties: { status: Json; reason: { enum: string[] } } }
          expect(narrowed.properties.status).toEqual({ type: 'integer', const: Number(status) })
          for (const reason of narrowed.properties.reason.enum) expect([path, method, reason, REASON_CATALOGUE[reason as ReasonCode].status]).toEqual([path, method, reason, Number(status)])
          if (status === '429' || status === '500') expect((r['headers'] as Json)['Retry-After']).toBeDefined()
        }
        const ok = responses['200'] as { content?: Record<string, { schema: Json }> } | undefined
        if (ok?.content?.['application/json'] !== undefined) expect(ok.content['application/json'].schema['$ref']).toMatch(/^#\/components\/schemas\//)
      }
    }
  })

  it('is built afresh: changing one result does not change the next', () => {
    const a = document() as unknown as { info: Json; components: { securitySchemes: Record<string, Json> } }
    a.info['version'] = '0.0.0'
    a.components.securitySchemes['apiKey']!['name'] = 'changed'
    expect(document().info.version).toBe('1.2.0')
    expect(document().components.securitySchemes.apiKey['name']).toBe('x-service-api-key')
  })

  it('every component schema compiles with ajv (draft 2020-12, strict)', () => {
    const ajv = ajvFor(document())
    for (const name of Object.keys(COMPONENT_CODECS) as ComponentName[]) {
      expect(() => compiledSchema(name), name).not.toThrow()
      expect(ajv.validateSchema(document().components.schemas[name])).toBe(true)
    }
  })
})

/** The kind of each examples/ directory: its component schema and the library validator a server would call. */
const EXAMPLE_KINDS: Readonly<Record<string, { readonly schema: (u: unknown) => boolean; readonly library: (u: unknown) => Either<ProblemDetail | ReadonlyArray<Violation>, unknown> }>> = {
  address: { schema: (u) => compiledSchema('ShipmentAddress')(u), library: (u) => normalizeAddress(u, { purpose: 'shipment' }) },
  'quote-request': { schema: (u) => compiledSchema('QuoteRequest')(u), library: (u) => validateQuoteRequest(u) },
  'create-shipment': { schema: (u) => compiledSchema('CreateShipmentRequest')(u), library: (u) => validateCreateShipment(u) },
  appointment: { schema: (u) => compiledSchema('AppointmentRequirementRequest')(u), library: (u) => validateAppointmentRequirement(u) },
  components: { schema: (u) => compiledArrayOf('OrderComponent')(u), library: (u) => validateComponents(u) },
  // examples/tracking holds CLI inputs (order facts from which the CLI builds a Tracking
  // response), not wire payloads of any endpoint: no schema applies to them.
}

/** Violation codes of the rules a schema cannot state (model/decisions.ts CROSS_FIELD_RULES). */
const CROSS_FIELD_CODES: ReadonlySet<string> = new Set(['not_allowed', 'mismatch'])

describe('the examples agree with the component schemas', () => {
  const dir = join(ROOT, 'examples')
  const kinds = readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)

  it('every examples/ kind is covered (tracking: CLI inputs, not wire payloads)', () => {
    expect(kinds.filter((k) => k !== 'tracking' && !(k in EXAMPLE_KINDS))).toEqual([])
  })

  for (const kind of Object.keys(EXAMPLE_KINDS)) {
    const files = readdirSync(join(dir, kind)).filter((f) => /^(valid|invalid)-.+\.json$/.test(f)).sort()
    for (const file of files) {
      it(`${kind}/${file}`, () => {
        const input = JSON.parse(readFileSync(join(dir, kind, file), 'utf8')) as unknown
        const { schema, library } = EXAMPLE_KINDS[kind]!
        const accepted = schema(input)
        if (file.startsWith('valid-')) {
          expect(accepted).toBe(true)
          return
        }
        if (!accepted) return
        // The schema accepts it: the library must reject it for a reason no schema can state.
        const result = library(input)
        expect(isRight(result)).toBe(false)
        const failure = leftOf(result)
        const problem = Array.isArray(failure) ? undefined : (failure as ProblemDetail)
        const violations = problem === undefined ? (failure as ReadonlyArray<Violation>) : (problem.violations ?? [])
        console.log(`${kind}/${file}: schema accepts; library: ${problem?.reason ?? 'violations'} ${violations.map((v) => `${v.field} [${v.code}]`).join(', ')}`)
        const crossField = problem?.reason === 'pallet_invalid' || (violations.length > 0 && violations.every((v) => CROSS_FIELD_CODES.has(v.code)))
        expect(crossField).toBe(true)
      })
    }
  }
})

describe('shipper-rules openapi, the shipped openapi.json and the entry point (built by npm run build)', () => {
  const expected = (): OpenApiDocument => generatedDocument()

  it('the CLI prints the document as 2-space JSON, exit 0; the same text as the shipped openapi.json', () => {
    const r = spawnSync(process.execPath, [join(ROOT, 'dist', 'cli.js'), 'openapi'], { cwd: ROOT, encoding: 'utf8' })
    expect(r.status).toBe(0)
    expect(r.stderr).toBe('')
    expect(JSON.parse(r.stdout)).toEqual(expected())
    expect(r.stdout).toBe(`${JSON.stringify(expected(), null, 2)}\n`)
    expect(readFileSync(join(ROOT, 'openapi.json'), 'utf8')).toBe(r.stdout)
  })

  it('the package exports shipper-rules/openapi.json and shipper-rules/openapi (import and require alike)', async () => {
    const require = createRequire(import.meta.url)
    expect(require('shipper-rules/openapi.json')).toEqual(expected())
    const esm = (await import('shipper-rules/openapi')) as unknown as typeof import('../src/openapi/index.js')
    const cjs = require('shipper-rules/openapi') as typeof import('../src/openapi/index.js')
    expect(Object.keys(cjs).sort()).toEqual(Object.keys(esm).sort())
    expect(rightOf(esm.openApiDocument())).toEqual(expected())
    expect(rightOf(cjs.openApiDocument())).toEqual(expected())
  })
})
