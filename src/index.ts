/**
 * shipper-rules: the executable specification of the shipper integration API.
 *
 * Every export is pure and total: no clock reads, no I/O, no randomness, no mutation of its
 * arguments, and no exceptions for any input.
 *
 * @packageDocumentation
 */
export * from './errors/index.js'
export * from './config.js'
export * from './model/index.js'
export * from './rules/index.js'
export { isLeft, isRight, match } from './internal/either.js'
