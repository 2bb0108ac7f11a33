/**
 * The rule families.
 *
 * @module
 */
export * from './country.js'
export * from './address.js'
export * from './accessorials.js'
export * from './freightClass.js'
export * from './freightDimensions.js'
export * from './freightComponents.js'
export * from './calendarDays.js'
export * from './calendarHolidays.js'
export * from './calendar.js'
export * from './calendarEta.js'
export * from './quotes.js'
export * from './idempotency.js'
export * from './orderLifecycle.js'
export * from './appointment.js'
export * from './appointmentMerge.js'
export * from './appointmentChecks.js'
export * from './tenancy.js'
export * from './invoice.js'
export * from './documents.js'
export * from './requests.js'
export * from './confirm.js'
export * from './tracking.js'
export * from './trackingEstimate.js'
export * from './trackingStatus.js'
