/**
 * The wire model (spec: Resources and their fields; ProblemDetail): every resource as an io-ts
 * codec with the static type of the same name, the branded value types, and the patterns and
 * limits they use.
 *
 * @module
 */
export * from './patterns.js'
export * from './countries.js'
export type { JsonSchema, Described } from './schema.js'
export * from './decisions.js'
export * from './numbers.js'
export * from './nonEmptyArray.js'
export * from './time.js'
export * from './brands.js'
export * from './addressFields.js'
export * from './address.js'
export * from './densityScales.js'
export * from './freightClass.js'
export * from './freight.js'
export * from './appointment.js'
export * from './appointmentDocument.js'
export * from './dispatch.js'
export * from './orderStatuses.js'
export * from './shipment.js'
export * from './quote.js'
export * from './tracking.js'
export * from './invoice.js'
export * from './problem.js'
