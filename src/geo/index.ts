/**
 * shipper-rules/geo: US ZIP code geography, kept out of the root entry point so that code which
 * does not need the table does not bundle it. `zipCentroid` and `timeZoneForZip` answer for one
 * ZIP code; `nearestZip` names the ZIP code nearest to a position (the place of a status
 * sentence, TRK-05).
 *
 * @packageDocumentation
 */
export { nearestZip, timeZoneForZip, zipCentroid, type NearestZip, type ZipPlace } from './zips.js'
