/**
 * shipper-rules: the executable specification of the shipper integration API.
 *
 * Every export is pure and total: no clock reads, no I/O, no randomness, no mutation of its
 * arguments, and no exceptions for any input.
 *
 * Every name exported here is a deliberate promise: docs/exports.md lists each one with the page
 * that describes it, and test/surface.test.ts fails when the two disagree.
 *
 * @packageDocumentation
 */
export * from './errors/index.js'
export {
  defaultConfig,
  makeConfig,
  type ConfigOverrides,
  type DimensionLimits,
  type HolidayCalendarSetting,
  type RulesConfig,
  type TrackingModel,
} from './config.js'
export * from './model/index.js'
export * from './rules/index.js'
export { isLeft, isRight, match } from './internal/either.js'
