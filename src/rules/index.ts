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
