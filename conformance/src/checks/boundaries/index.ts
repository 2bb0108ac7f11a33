// The boundary checks, in order: each is a table of cases built from the declared configuration
// (values at, one under and one over each threshold first, then random ones) and judged by the
// library's prediction (./table.ts).
import type { Check } from '../../check.js'
import { countries, zipCodes } from './address.js'
import { echoedOnInvoice } from './echo.js'
import { wireTextBodies } from './encoding.js'
import { createFields, palletSizes, wireTimestamps } from './fields.js'
import { freightClass, palletLimits } from './freight.js'
import { changeReasonEdges, parameterEdges } from './parameters.js'
import { trackingInclude, uploadTransport } from './transport.js'
import { unknownOrder } from './unknownOrder.js'
import { multipartCut, wholeBodies } from './uploadBodies.js'

export const BOUNDARY_CHECKS: ReadonlyArray<Check> = [palletLimits, freightClass, palletSizes, zipCodes, countries, createFields, wireTimestamps, uploadTransport, multipartCut, wholeBodies, trackingInclude, unknownOrder, parameterEdges, changeReasonEdges, wireTextBodies, echoedOnInvoice]
