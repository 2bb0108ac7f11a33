// Request validation speed: validateCreateShipment and validateQuoteRequest (every semantic rule:
// trimming, case folding, defaults, canonical territories, dimension resolution, exact freight
// class, liftgate limits, totals, appointments, dispatch) against the same structure written in
// valibot and zod 4 (shape, patterns, enums and the default limits only), on the realistic example
// and the broken one. ns per call, median of 5 interleaved rounds; lower is better.
import { readFileSync } from 'node:fs'
import * as v from 'valibot'
import * as z from 'zod'
import { compareAll } from './timing.mjs'
import { US_STATES_AND_DC, US_TERRITORIES, validateCreateShipment, validateQuoteRequest } from '../dist/esm/index.js'

const load = (p) => JSON.parse(readFileSync(new URL(`../examples/${p}`, import.meta.url), 'utf8'))
const create = { valid: load('create-shipment/valid-chicago-to-san-juan.json'), broken: load('create-shipment/invalid-many-violations.json') }
const quote = { valid: load('quote-request/valid-zip-to-zip.json'), broken: load('quote-request/invalid-liftgate-limits.json') }

const STATES = [...US_STATES_AND_DC, ...US_TERRITORIES]
const ZIP = /^\d{5}$/
const E164 = /^\+[1-9]\d{1,14}$/
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
const CLASSES = ['50', '55', '60', '65', '70', '77.5', '85', '92.5', '100', '110', '125', '150', '175', '200', '250', '300', '400', '500']

// ---- zod 4
const zText = z.string().trim().min(1)
const zAddressFields = {
  address2: z.string().optional(), email: z.email().max(320).optional(), phoneExtension: z.string().regex(/^\d{1,10}$/).optional(),
  openTime: z.string().regex(TIME).optional(), closeTime: z.string().regex(TIME).optional(), notes: z.string().optional(),
  country: z.string().toUpperCase().pipe(z.enum(['US', ...US_TERRITORIES])).optional(),
  liftgateRequired: z.boolean().optional(), limitedAccess: z.boolean().optional(), appointmentRequired: z.boolean().optional(),
  callAheadRequired: z.boolean().optional(), lumperRequired: z.boolean().optional(), insideRequired: z.boolean().optional(),
}
const zZip = z.string().regex(ZIP).refine((s) => s !== '00000' && s !== '99999')
const zShipAddress = z.object({ ...zAddressFields, name: zText, address1: zText, city: zText, contactPerson: zText, state: z.string().toUpperCase().pipe(z.enum(STATES)), zipCode: zZip, phoneNumber: z.string().regex(E164) })
const zQuoteAddress = z.object({ ...zAddressFields, zipCode: zZip, state: z.string().toUpperCase().pipe(z.enum(STATES)).optional() })
const zDim = z.number().int().min(1).max(108)
const zComponent = z.object({
  palletCount: z.number().int().min(1), poundsWeight: z.number().int().min(1).max(3000),
  dimensions: z.object({ length: zDim.max(96), width: zDim.max(96), height: zDim }).optional(),
  palletDimensions: z.tuple([zDim, zDim.max(96), zDim.max(96)]).optional(),
  freightClass: z.enum(CLASSES).optional(), description: z.string().optional(), nmfcCode: z.string().optional(), packagingType: z.string().optional(), pieceCount: z.number().int().min(0).optional(),
})
const zContact = z.object({ name: z.string().trim().min(1).max(200), email: z.email().max(320).optional(), phone: z.string().max(32).regex(/^\+[1-9]\d{7,14}$/).optional(), role: z.string().max(100).optional() })
const zAppointment = z.object({
  channel: z.enum(['PHONE', 'EMAIL', 'PORTAL']), portalUrl: z.url({ protocol: /^https$/ }).max(512).optional(), contacts: z.array(zContact).max(20).optional(),
  instructions: z.string().max(2000).optional(), referenceNumbers: z.array(z.string().max(64)).max(10).optional(), leadTimeHours: z.number().int().min(0).max(168).optional(),
})
const zCreate = z.object({
  pickupAddress: zShipAddress, deliveryAddress: zShipAddress, orderComponents: z.array(zComponent).min(1), description: zText,
  quoteId: z.string().regex(UUID).optional(), poNumber: z.string().optional(), refNumber: z.string().optional(), instructions: z.string().max(2000).optional(),
  referenceNumbers: z.array(z.string().trim().min(1).max(128)).max(10).optional(), requiredPickupDate: z.string().regex(DATE_TIME).optional(), requiredDeliveryBy: z.string().regex(DATE_TIME).optional(),
  appointments: z.object({ pickup: zAppointment.optional(), delivery: zAppointment.optional() }).optional(),
  shipperDispatch: z.object({ name: z.string().trim().min(1).max(200), email: z.email().max(320).optional(), phone: z.string().max(32).regex(E164).optional(), scac: z.string().toUpperCase().regex(/^[A-Z]{2,4}$/).optional() }).optional(),
})
const zQuote = z.object({ pickupAddress: zQuoteAddress, deliveryAddress: zQuoteAddress, orderComponents: z.array(zComponent).min(1), requiredPickupDate: z.string().regex(DATE_TIME).optional(), shipmentMode: z.string().toLowerCase().pipe(z.enum(['ltl', 'ftl'])).optional() })

// ---- valibot
const vText = v.pipe(v.string(), v.trim(), v.minLength(1))
const vUpperEnum = (values) => v.pipe(v.string(), v.toUpperCase(), v.picklist(values))
const vTime = v.pipe(v.string(), v.regex(TIME))
const vAddressFields = {
  address2: v.optional(v.string()), email: v.optional(v.pipe(v.string(), v.maxLength(320), v.email())), phoneExtension: v.optional(v.pipe(v.string(), v.regex(/^\d{1,10}$/))),
  openTime: v.optional(vTime), closeTime: v.optional(vTime), notes: v.optional(v.string()), country: v.optional(vUpperEnum(['US', ...US_TERRITORIES])),
  liftgateRequired: v.optional(v.boolean()), limitedAccess: v.optional(v.boolean()), appointmentRequired: v.optional(v.boolean()),
  callAheadRequired: v.optional(v.boolean()), lumperRequired: v.optional(v.boolean()), insideRequired: v.optional(v.boolean()),
}
const vZip = v.pipe(v.string(), v.regex(ZIP), v.check((s) => s !== '00000' && s !== '99999'))
const vShipAddress = v.object({ ...vAddressFields, name: vText, address1: vText, city: vText, contactPerson: vText, state: vUpperEnum(STATES), zipCode: vZip, phoneNumber: v.pipe(v.string(), v.regex(E164)) })
const vQuoteAddress = v.object({ ...vAddressFields, zipCode: vZip, state: v.optional(vUpperEnum(STATES)) })
const vInt = (min, max) => v.pipe(v.number(), v.integer(), v.minValue(min), ...(max === undefined ? [] : [v.maxValue(max)]))
const vComponent = v.object({
  palletCount: vInt(1), poundsWeight: vInt(1, 3000),
  dimensions: v.optional(v.object({ length: vInt(1, 96), width: vInt(1, 96), height: vInt(1, 108) })),
  palletDimensions: v.optional(v.tuple([vInt(1, 108), vInt(1, 96), vInt(1, 96)])),
  freightClass: v.optional(v.picklist(CLASSES)), description: v.optional(v.string()), nmfcCode: v.optional(v.string()), packagingType: v.optional(v.string()), pieceCount: v.optional(vInt(0)),
})
const vContact = v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)), email: v.optional(v.pipe(v.string(), v.maxLength(320), v.email())), phone: v.optional(v.pipe(v.string(), v.maxLength(32), v.regex(/^\+[1-9]\d{7,14}$/))), role: v.optional(v.pipe(v.string(), v.maxLength(100))) })
const vAppointment = v.object({
  channel: v.picklist(['PHONE', 'EMAIL', 'PORTAL']), portalUrl: v.optional(v.pipe(v.string(), v.maxLength(512), v.url(), v.startsWith('https://'))), contacts: v.optional(v.pipe(v.array(vContact), v.maxLength(20))),
  instructions: v.optional(v.pipe(v.string(), v.maxLength(2000))), referenceNumbers: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(64))), v.maxLength(10))), leadTimeHours: v.optional(vInt(0, 168)),
})
const vDate = v.optional(v.pipe(v.string(), v.regex(DATE_TIME)))
const vCreate = v.object({
  pickupAddress: vShipAddress, deliveryAddress: vShipAddress, orderComponents: v.pipe(v.array(vComponent), v.minLength(1)), description: vText,
  quoteId: v.optional(v.pipe(v.string(), v.regex(UUID))), poNumber: v.optional(v.string()), refNumber: v.optional(v.string()), instructions: v.optional(v.pipe(v.string(), v.maxLength(2000))),
  referenceNumbers: v.optional(v.pipe(v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(128))), v.maxLength(10))), requiredPickupDate: vDate, requiredDeliveryBy: vDate,
  appointments: v.optional(v.object({ pickup: v.optional(vAppointment), delivery: v.optional(vAppointment) })),
  shipperDispatch: v.optional(v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)), email: v.optional(v.pipe(v.string(), v.maxLength(320), v.email())), phone: v.optional(v.pipe(v.string(), v.maxLength(32), v.regex(E164))), scac: v.optional(v.pipe(v.string(), v.toUpperCase(), v.regex(/^[A-Z]{2,4}$/))) })),
})
const vQuote = v.object({ pickupAddress: vQuoteAddress, deliveryAddress: vQuoteAddress, orderComponents: v.pipe(v.array(vComponent), v.minLength(1)), requiredPickupDate: vDate, shipmentMode: v.optional(v.pipe(v.string(), v.toLowerCase(), v.picklist(['ltl', 'ftl']))) })

// the validators must agree with themselves on the verdict before they are timed
const sanity = [
  ['create valid', validateCreateShipment(create.valid)._tag === 'Right', zCreate.safeParse(create.valid).success, v.safeParse(vCreate, create.valid).success],
  ['create broken', validateCreateShipment(create.broken)._tag === 'Left', !zCreate.safeParse(create.broken).success, !v.safeParse(vCreate, create.broken).success],
  ['quote valid', validateQuoteRequest(quote.valid)._tag === 'Right', zQuote.safeParse(quote.valid).success, v.safeParse(vQuote, quote.valid).success],
]
for (const [name, ...oks] of sanity) if (!oks.every(Boolean)) console.log(`warning: ${name}: verdicts ${oks.join(', ')}`)

console.log(`node ${process.version}; ns per call, median of 5 interleaved rounds (lower is better)\n`)
console.log(`| payload | shipper-rules | valibot 1.5 | zod 4 |\n|---|---:|---:|---:|`)
for (const [name, lib, zs, vs, payload] of [
  ['create, realistic (valid)', validateCreateShipment, zCreate, vCreate, create.valid],
  ['create, broken (19 violations)', validateCreateShipment, zCreate, vCreate, create.broken],
  ['quote, realistic (valid)', validateQuoteRequest, zQuote, vQuote, quote.valid],
  ['quote, over liftgate limits', validateQuoteRequest, zQuote, vQuote, quote.broken],
]) {
  const [a, b, c] = compareAll([() => lib(payload), () => v.safeParse(vs, payload), () => zs.safeParse(payload)])
  console.log(`| ${name} | ${a.toFixed(0)} | ${b.toFixed(0)} | ${c.toFixed(0)} |`)
}
