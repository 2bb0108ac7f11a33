/**
 * Tracking requests and vehicle positions (spec: Tracking, GpsData, endpoint rule 6; rules TRK-01,
 * TRK-02): the `include` query of the tracking endpoint, and a GPS ping checked against the
 * clock.
 *
 * @module
 */
import type { Either } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { defaultConfig, type RulesConfig } from '../config.js'
import { parsePath, type Path } from '../errors/path.js'
import { validationProblem, type ProblemDetail } from '../errors/problem.js'
import { violationAt, type Result, type Violations } from '../errors/violation.js'
import { left, right } from '../internal/either.js'
import { instantOf } from '../internal/instant.js'
import { DATE_TIME_FIELD, readInteger, readNumber, readPattern, readText, report, typeMessage, type Sink } from '../validate/fields.js'
import { isWellFormedWireText, WIRE_TEXT_MESSAGE } from '../internal/text.js'
import { isObject, own } from '../internal/input.js'
import type { GpsData } from '../model/tracking.js'
import { TRACKING_INCLUDE_FORMAT } from '../model/patterns.js'
import { total } from '../internal/total.js'
import { unreadableResult } from '../errors/unreadable.js'

/**
 * The optional sections of a tracking response (TRK-01): only `location` exists.
 *
 * @internal
 */
export const TRACKING_SECTIONS = ['location'] as const

/**
 * Which optional sections a tracking call asked for.
 *
 * @category model
 * @since 0.1.0
 */
export interface TrackingInclude {
  readonly location: boolean
}

const SECTION_LIST = TRACKING_SECTIONS.join(', ')

/**
 * The longest `include` value read (D): 1,024 characters, over a hundred repetitions of the one
 * section there is. Anything longer is rejected on its length, unsplit.
 *
 * @internal
 */
export const TRACKING_INCLUDE_MAX_LENGTH: number = TRACKING_INCLUDE_FORMAT.maxLength

/**
 * Reads the `include` query parameter of the tracking endpoint exactly as sent: absent
 * (`undefined`) asks for no section; otherwise a comma-separated list of sections, each entry
 * exactly `location` (case-sensitive, no blanks; a repeated entry is allowed). Anything else is
 * one 400 `validation_failed` violation at `include`: `invalid` naming every unknown or empty
 * entry, or `type` for a value that is not a string (null, or the array of a repeated
 * parameter).
 *
 * Implements TRK-01. Decisions (D): an empty value (`include=`) and an empty entry (`location,`)
 * are 400, as is a repeated parameter, so the whole format is the pattern `^location(,location)*$`;
 * a value longer than 1,024 characters is one `max_length` violation, judged on its length before
 * it is split, so a 10 MB value costs what a short one does; a value that is not wire text (an
 * unpaired surrogate or U+0000; ERR-01, ID-03) is one `encoding` violation, never echoed.
 *
 * @example
 * [parseTrackingInclude('location').right, parseTrackingInclude(undefined).right, parseTrackingInclude('location,route').left.violations[0].reason]
 * //=> [{ location: true }, { location: false }, "has an unknown section 'route'; the supported sections are: location (exactly, comma-separated, without blanks)"]
 *
 * @category rules
 * @since 0.1.0
 */
export const parseTrackingInclude = (query: unknown): Either<ProblemDetail, TrackingInclude> => {
  const path: Path = ['include']
  if (query === undefined) return right({ location: false })
  if (typeof query !== 'string') {
    return left(validationProblem([violationAt(path, null, 'type', typeMessage('one comma-separated list of sections (the parameter given once)', query))]))
  }
  if (query.length > TRACKING_INCLUDE_MAX_LENGTH) {
    return left(validationProblem([violationAt(path, null, 'max_length', `must be at most ${TRACKING_INCLUDE_MAX_LENGTH} characters`)]))
  }
  // text that is not wire text is never echoed in the reason below (ERR-01, ID-03)
  if (!isWellFormedWireText(query)) return left(validationProblem([violationAt(path, null, 'encoding', WIRE_TEXT_MESSAGE)]))
  const unknownSet = new Set<string>()
  let empty = false
  for (const section of query.split(',')) {
    if (section === '') empty = true
    else if (!(TRACKING_SECTIONS as ReadonlyArray<string>).includes(section)) unknownSet.add(section)
  }
  if (unknownSet.size === 0 && !empty) return right({ location: true }) // every entry is `location`
  const unknown = [...unknownSet]
  // A section name is no personal data: naming it is what lets a caller fix the query.
  // cut at 40 code points, never inside a surrogate pair
  const named = unknown.map((s) => `'${s.length > 40 && [...s].length > 40 ? `${[...s].slice(0, 40).join('')}…` : s}'`).join(', ')
  const problems = [
    ...(unknown.length === 0 ? [] : [`${unknown.length > 1 ? 'unknown sections' : 'an unknown section'} ${named}`]),
    ...(empty ? ['an empty entry'] : []),
  ]
  const reason = `has ${problems.join(' and ')}; the supported sections are: ${SECTION_LIST} (exactly, comma-separated, without blanks)`
  return left(validationProblem([violationAt(path, null, 'invalid', reason)]))
}

/**
 * Options of {@link validateGpsData}.
 *
 * @category model
 * @since 0.1.0
 */
export interface GpsDataOptions {
  /** Prefix of every field, e.g. `pings[3]`. */
  readonly path?: string | Path
  /** The clock-skew allowance comes from `config.gpsClockSkewSeconds`. */
  readonly config?: RulesConfig
}

const ENTITY = 'GpsData'
const TIMESTAMP = { ...DATE_TIME_FIELD, required: true }
/** A fraction with a non-zero digit after the milliseconds. */
const SUB_MILLISECOND = /\.\d{3}\d*[1-9]/
const LATITUDE = { required: true, min: -90, max: 90 }
const LONGITUDE = { required: true, min: -180, max: 180 }
const SPEED = { required: true, min: 0 }
const HEADING_RANGE = 'must be a whole number of degrees from 0 to 359 (0 is North)'
const HEADING = { required: true, min: 0, minMessage: HEADING_RANGE }

/**
 * Returns the GPS ping with only the spec's fields (values as sent), or every
 * violation with its path: every field is required; latitude -90..90 and longitude -180..180 are
 * finite numbers; heading a whole number 0..359 (0 is North); speed whole km/h, at least 0; the
 * timestamp an ISO 8601 date-time with a zone designator, not later than `now` plus the clock-skew
 * allowance.
 *
 * Implements TRK-02. Decision (D): a timestamp up to `config.gpsClockSkewSeconds` (120 s) after
 * `now` is accepted, since a vehicle's clock and the server's never agree exactly; an invalid
 * `now` is a violation at field `now` (the future cannot be judged without it). Every string read must be wire text (ERR-01, ID-03, a library decision: well-formed Unicode
 * without U+0000, which storage cannot hold): otherwise one `encoding` violation at its field,
 * judged after its type and length and before its format; unknown keys are never read, whatever
 * text they hold.
 *
 * Total: input, `now` or options it cannot read give a Left with one `type` violation at the root (never an exception, whatever a JavaScript caller passes).
 *
 * @example
 * validateGpsData({ vehicleId: 'TRK-1', timestamp: '2026-11-24T15:05:00Z', latitude: 41.5, longitude: -88.1, heading: 360, speed: 88.5 },
 *   DateTime.fromISO('2026-11-24T15:00:00Z')).left.map((v) => [v.field, v.code])
 * //=> [['timestamp', 'out_of_range'], ['heading', 'out_of_range'], ['speed', 'not_integer']]
 *
 * @category rules
 * @since 0.1.0
 */
export const validateGpsData = /* @__PURE__ */ total(
(input: unknown, now: DateTime, options: GpsDataOptions = {}): Result<GpsData> => {
  const path = parsePath(options.path)
  const sink: Sink = { entity: ENTITY, out: [] }
  if (!isObject(input)) {
    const v = input === undefined
      ? violationAt(path, ENTITY, 'required', 'is required')
      : violationAt(path, ENTITY, 'type', typeMessage('a GpsData object', input))
    return left([v])
  }
  const vehicleId = readText(sink, own(input, 'vehicleId'), path, 'vehicleId', { required: true })
  const timestamp = readPattern(sink, own(input, 'timestamp'), path, 'timestamp', TIMESTAMP)
  if (timestamp !== undefined) {
    if (!DateTime.isDateTime(now) || !now.isValid) {
      sink.out.push(violationAt(['now'], ENTITY, 'type', 'must be a valid DateTime to judge whether the timestamp lies in the future'))
    } else {
      const skew = (options.config ?? defaultConfig).gpsClockSkewSeconds
      const ms = instantOf(timestamp)
      const limit = now.toMillis() + skew * 1000
      // milliseconds are kept (as luxon keeps them): digits past them decide a timestamp on the limit
      if (ms > limit || (ms === limit && SUB_MILLISECOND.test(timestamp))) {
        report(sink, path, 'timestamp', 'out_of_range', `must not be in the future (more than ${skew} s after now)`)
      }
    }
  }
  const latitude = readNumber(sink, own(input, 'latitude'), path, 'latitude', LATITUDE)
  const longitude = readNumber(sink, own(input, 'longitude'), path, 'longitude', LONGITUDE)
  let heading = readInteger(sink, own(input, 'heading'), path, 'heading', HEADING)
  if (heading !== undefined && heading > 359) {
    report(sink, path, 'heading', 'out_of_range', HEADING_RANGE)
    heading = undefined
  }
  const speed = readInteger(sink, own(input, 'speed'), path, 'speed', SPEED)
  if (sink.out.length > 0) return left(sink.out as unknown as Violations)
  return right({ vehicleId: vehicleId!, timestamp: timestamp!, latitude: latitude!, longitude: longitude!, heading: heading!, speed: speed! } as GpsData)
},
  () => unreadableResult<GpsData>(),
)
