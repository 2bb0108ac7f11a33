/**
 * Timestamps on the wire as an io-ts codec (spec: Resources and their fields, "Timestamps are ISO
 * 8601 date-time strings"; rule ID-03, CRT-06). The format itself, and the decision behind it,
 * live in the codec-free `timestamps.ts`, re-exported here.
 *
 * @module
 */
import * as t from 'io-ts'
import { WIRE_FORMATS } from './patterns.js'
import { formatted } from './schema.js'

export { DATE_TIME_PATTERN, isDateTimeString } from './timestamps.js'

/**
 * The brand of {@link DateTimeString}.
 *
 * @category model
 * @since 0.1.0
 */
export interface DateTimeStringBrand {
  readonly DateTimeString: unique symbol
}

/**
 * An ISO 8601 date-time string with an explicit offset or `Z` (ID-03). Decoding keeps the text
 * as sent; parse it with `DateTime.fromISO(s, { setZone: true })`.
 *
 * @example
 * DateTimeString.is('2026-02-30T10:00:00Z')
 * //=> false
 *
 * @category codecs
 * @since 0.1.0
 */
export const DateTimeString = formatted<'DateTimeString', DateTimeStringBrand>(WIRE_FORMATS.dateTime, 'DateTimeString')

/**
 * An ISO 8601 date-time string with a zone designator.
 *
 * @category model
 * @since 0.1.0
 */
export type DateTimeString = t.TypeOf<typeof DateTimeString>
