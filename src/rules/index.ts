/**
 * The rule families.
 *
 * @module
 */
export * from './country.js'
export * from './address.js'
export * from './accessorials.js'
