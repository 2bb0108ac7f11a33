/**
 * shipper-rules/arbitraries: the project's fast-check generators for every request body and
 * domain value, valid and invalid, so that an integrator property-tests their own code with the
 * generators the library's own properties, its client and its conformance kit use.
 *
 * fast-check (version 4) is an optional peer dependency: install it to use this entry point; the
 * package's main entry never imports it. Generators labelled "at limits" or "at the edge" take an
 * optional configuration (default `defaultConfig`) and aim at the boundaries of its limits, each
 * value labelled with the answer the rules must give. docs/arbitraries.md describes them all.
 *
 * @packageDocumentation
 */
export { corruptedAddressArb, countryStateArb, emailArb, phoneArb, shipmentAddressArb } from './address.js'
export { contactArb, corruptedRequirementArb, requirementArb } from './appointment.js'
export { boundsOf, componentsArb, componentWithin, configArb, type Bounds, type Spelling } from './components.js'
export { corruptedArb, corruptionOf, type Corruption, type CorruptionOp, type CorruptionOptions } from './corruption.js'
export { dateTimeArb, orderedDateTimesArb, wireDateTimeArb, type WireDateTime } from './dateTime.js'
export { dispatchArb, fullCreateArb } from './dispatch.js'
export { pathArb, problemArb, reasonCodeArb, violationArb, violationsArb } from './errors.js'
export { randomScaleArb, type SpecScale } from './freight.js'
export {
  componentAtLimitsArb,
  invalidZipCodeArb,
  limitEdges,
  orderAtPalletLimitArb,
  overweightPalletWeightArb,
  palletAtBandEdgeArb,
  palletNearBandEdgeArb,
  palletWeightArb,
  quoteAtValidityEdgeArb,
  uploadAtSizeLimitArb,
  zipCodeArb,
  type ComponentAtLimits,
  type LimitEdge,
  type LimitEdges,
  type OrderAtPalletLimit,
  type PalletAtBandEdge,
  type PalletNearBandEdge,
  type QuoteAtValidityEdge,
  type UploadAtSizeLimit,
} from './limits.js'
export { wireComponentArb, wireComponentsArb } from './orderComponents.js'
export { quoteAddressArb, quoteRequestArb, responseAddressArb } from './quote.js'
export { createArb } from './requests.js'
export { gpsArb } from './tracking.js'
export { typedArb, type NoisyField, type Typed } from './typing.js'
export { calendarEdgePickups, pickupAcrossCalendarArb, windowEdgeSteps, windowStepArb, type CalendarPickup, type WindowStep } from './windows.js'
