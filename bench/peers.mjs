// The peers of the request benchmark: the same request structure written for ajv (compiled from
// the library's own generated OpenAPI document, draft 2020-12, allErrors: the fairest peer, since
// it checks exactly the document's shapes, patterns, limits and cross-field if/then rules),
// valibot 1 and zod 4 (shape, patterns, enums and the default limits, as an integrator would write
// them by hand; strict like the library: no trimming or case folding), and io-ts 2 (the library's
// own request codecs). They are devDependencies of the benchmark only; the library uses none of
// them at run time except io-ts for its codecs.
import ajv2020 from 'ajv/dist/2020.js'
import * as v from 'valibot'
import * as z from 'zod'
import { CreateShipmentRequest, QuoteRequest, US_STATES_AND_DC, US_TERRITORIES } from '../dist/esm/index.js'
import { openApiDocument } from '../dist/esm/openapi/index.js'

// ---- ajv, compiled from the generated OpenAPI document
const Ajv2020 = ajv2020.default ?? ajv2020
const document = openApiDocument()
if (document._tag !== 'Right') throw new Error('bench: the OpenAPI document cannot be generated')
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictRequired: false })
ajv.addFormat('int64', true)
ajv.addKeyword('components')
ajv.addSchema({ $id: 'urn:bench:openapi', components: { schemas: document.right.components.schemas } })
const ajvOf = (name) => ajv.compile({ $ref: `urn:bench:openapi#/components/schemas/${name}` })

// ---- shared patterns of the hand-written peers
const STATES = [...US_STATES_AND_DC, ...US_TERRITORIES]
const COUNTRY = new RegExp(`^(?:${['US', ...US_TERRITORIES].join('|')})$`, 'i')
const ZIP = /^\d{5}$/
const NOT_BLANK = /\S/
const E164 = /^\+[1-9]\d{1,14}$/
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
const SCAC = /^[A-Z]{2,4}$/
const CLASSES = ['50', '55', '60', '65', '70', '77.5', '85', '92.5', '100', '110', '125', '150', '175', '200', '250', '300', '400', '500']

// ---- zod 4
const zText = z.string().regex(NOT_BLANK)
const zAddressFields = {
  address2: z.string().optional(), email: z.email().max(320).optional(), phoneExtension: z.string().regex(/^\d{1,10}$/).optional(),
  openTime: z.string().regex(TIME).optional(), closeTime: z.string().regex(TIME).optional(), notes: z.string().optional(),
  country: z.string().regex(COUNTRY).optional(),
  liftgateRequired: z.boolean().optional(), limitedAccess: z.boolean().optional(), appointmentRequired: z.boolean().optional(),
  callAheadRequired: z.boolean().optional(), lumperRequired: z.boolean().optional(), insideRequired: z.boolean().optional(),
}
const zZip = z.string().regex(ZIP)
const zShipAddress = z.object({ ...zAddressFields, name: zText, address1: zText, city: zText, contactPerson: zText, state: z.enum(STATES), zipCode: zZip, phoneNumber: z.string().regex(E164) })
const zQuoteAddress = z.object({ ...zAddressFields, zipCode: zZip, state: z.enum(STATES).optional() })
const zDim = z.number().int().min(1).max(108)
const zComponent = z.object({
  palletCount: z.number().int().min(1), poundsWeight: z.number().int().min(1).max(3000),
  dimensions: z.object({ length: zDim.max(96), width: zDim.max(96), height: zDim }).optional(),
  palletDimensions: z.tuple([zDim, zDim.max(96), zDim.max(96)]).optional(),
  freightClass: z.enum(CLASSES).optional(), description: z.string().optional(), nmfcCode: z.string().optional(), packagingType: z.string().optional(), pieceCount: z.number().int().min(0).optional(),
})
const zContact = z.object({ name: z.string().regex(NOT_BLANK).max(200), email: z.email().max(320).optional(), phone: z.string().max(32).regex(/^\+[1-9]\d{7,14}$/).optional(), role: z.string().max(100).optional() })
const zAppointment = z.object({
  channel: z.enum(['PHONE', 'EMAIL', 'PORTAL']), portalUrl: z.url({ protocol: /^https$/ }).max(512).optional(), contacts: z.array(zContact).max(20).optional(),
  instructions: z.string().max(2000).optional(), referenceNumbers: z.array(z.string().max(64)).max(10).optional(), leadTimeHours: z.number().int().min(0).max(168).optional(),
})
const zCreate = z.object({
  pickupAddress: zShipAddress, deliveryAddress: zShipAddress, orderComponents: z.array(zComponent).min(1), description: zText,
  quoteId: z.string().regex(UUID).optional(), poNumber: z.string().optional(), refNumber: z.string().optional(), instructions: z.string().max(2000).optional(),
  referenceNumbers: z.array(z.string().regex(NOT_BLANK).max(128)).max(10).optional(), requiredPickupDate: z.string().regex(DATE_TIME).optional(), requiredDeliveryBy: z.string().regex(DATE_TIME).optional(),
  appointments: z.object({ pickup: zAppointment.optional(), delivery: zAppointment.optional() }).optional(),
  shipperDispatch: z.object({ name: z.string().regex(NOT_BLANK).max(200), email: z.email().max(320).optional(), phone: z.string().max(32).regex(E164).optional(), scac: z.string().regex(SCAC).optional() }).optional(),
})
const zQuote = z.object({ pickupAddress: zQuoteAddress, deliveryAddress: zQuoteAddress, orderComponents: z.array(zComponent).min(1), requiredPickupDate: z.string().regex(DATE_TIME).optional(), shipmentMode: z.enum(['ltl', 'ftl']).optional() })

// ---- valibot 1
const vText = v.pipe(v.string(), v.regex(NOT_BLANK))
const vTime = v.pipe(v.string(), v.regex(TIME))
const vAddressFields = {
  address2: v.optional(v.string()), email: v.optional(v.pipe(v.string(), v.maxLength(320), v.email())), phoneExtension: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/))),
  openTime: v.optional(vTime), closeTime: v.optional(vTime), notes: v.optional(v.string()), country: v.optional(v.pipe(v.string(), v.regex(COUNTRY))),
  liftgateRequired: v.optional(v.boolean()), limitedAccess: v.optional(v.boolean()), appointmentRequired: v.optional(v.boolean()),
  callAheadRequired: v.optional(v.boolean()), lumperRequired: v.optional(v.boolean()), insideRequired: v.optional(v.boolean()),
}
const vZip = v.pipe(v.string(), v.regex(ZIP))
const vShipAddress = v.object({ ...vAddressFields, name: vText, address1: vText, city: vText, contactPerson: vText, state: v.picklist(STATES), zipCode: vZip, phoneNumber: v.pipe(v.string(), v.regex(E164)) })
const vQuoteAddress = v.object({ ...vAddressFields, zipCode: vZip, state: v.optional(v.picklist(STATES)) })
const vInt = (min, max) => v.pipe(v.number(), v.integer(), v.minValue(min), ...(max === undefined ? [] : [v.maxValue(max)]))
const vComponent = v.object({
  palletCount: vInt(1), poundsWeight: vInt(1, 3000),
  dimensions: v.optional(v.object({ length: vInt(1, 96), width: vInt(1, 96), height: vInt(1, 108) })),
  palletDimensions: v.optional(v.tuple([vInt(1, 108), vInt(1, 96), vInt(1, 96)])),
  freightClass: v.optional(v.picklist(CLASSES)), description: v.optional(v.string()), nmfcCode: v.optional(v.string()), packagingType: v.optional(v.string()), pieceCount: v.optional(vInt(0)),
})
const vContact = v.object({ name: v.pipe(v.string(), v.regex(NOT_BLANK), v.maxLength(200)), email: v.optional(v.pipe(v.string(), v.maxLength(320), v.email())), phone: v.optional(v.pipe(v.string(), v.maxLength(32), v.regex(/^\+[1-9]\d{7,14}$/))), role: v.optional(v.pipe(v.string(), v.maxLength(100))) })
const vAppointment = v.object({
  channel: v.picklist(['PHONE', 'EMAIL', 'PORTAL']), portalUrl: v.optional(v.pipe(v.string(), v.maxLength(512), v.url(), v.startsWith('https://'))), contacts: v.optional(v.pipe(v.array(vContact), v.maxLength(20))),
  instructions: v.optional(v.pipe(v.string(), v.maxLength(2000))), referenceNumbers: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(10))), leadTimeHours: v.optional(vInt(0, 168)),
})
const vDate = v.optional(v.pipe(v.string(), v.regex(DATE_TIME)))
const vCreate = v.object({
  pickupAddress: vShipAddress, deliveryAddress: vShipAddress, orderComponents: v.pipe(v.array(vComponent), v.minLength(1)), description: vText,
  quoteId: v.optional(v.pipe(v.string(), v.regex(UUID))), poNumber: v.optional(v.string()), refNumber: v.optional(v.string()), instructions: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  referenceNumbers: v.optional(v.pipe(v.array(v.pipe(v.string(), v.regex(NOT_BLANK), v.maxLength(128))), v.maxLength(10))), requiredPickupDate: vDate, requiredDeliveryBy: vDate,
  appointments: v.optional(v.object({ pickup: v.optional(vAppointment), delivery: v.optional(vAppointment) })),
  shipperDispatch: v.optional(v.object({ name: v.pipe(v.string(), v.regex(NOT_BLANK), v.maxLength(200)), email: v.optional(v.pipe(v.string(), v.maxLength(320), v.email())), phone: v.optional(v.pipe(v.string(), v.maxLength(32), v.regex(E164))), scac: v.optional(v.pipe(v.string(), v.regex(SCAC))) })),
})
const vQuote = v.object({ pickupAddress: vQuoteAddress, deliveryAddress: vQuoteAddress, orderComponents: v.pipe(v.array(vComponent), v.minLength(1)), requiredPickupDate: vDate, shipmentMode: v.optional(v.picklist(['ltl', 'ftl'])) })

/** Each peer's check of one request kind, as a function returning whether the payload is accepted (after collecting every error). */
export const peers = {
  'create-shipment': {
    ajv: (() => { const f = ajvOf('CreateShipmentRequest'); return (u) => f(u) })(),
    valibot: (u) => v.safeParse(vCreate, u, { abortEarly: false }).success,
    zod: (u) => zCreate.safeParse(u).success,
    'io-ts': (u) => CreateShipmentRequest.decode(u)._tag === 'Right',
  },
  'quote-request': {
    ajv: (() => { const f = ajvOf('QuoteRequest'); return (u) => f(u) })(),
    valibot: (u) => v.safeParse(vQuote, u, { abortEarly: false }).success,
    zod: (u) => zQuote.safeParse(u).success,
    'io-ts': (u) => QuoteRequest.decode(u)._tag === 'Right',
  },
}

/** The versions shown in the table's header. */
export const peerVersions = async () => {
  const { readFileSync } = await import('node:fs')
  const version = (name) => JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')).version
  return { ajv: version('ajv'), valibot: version('valibot'), zod: version('zod'), 'io-ts': version('io-ts') }
}
