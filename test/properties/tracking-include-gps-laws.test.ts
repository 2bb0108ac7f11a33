// Laws for src/rules/tracking.ts (TRK-01, TRK-02) that the mutation analysis found unpinned:
// - parseTrackingInclude against an oracle of its reason: the unknown sections named once each in
//   the order given (cut at 40 characters), "an unknown section" or "unknown sections", "an empty
//   entry", joined by "and"; the length limit judged at exactly 1,024 characters; what is not text;
// - validateGpsData: what is not an object (required or type, at the given path), and each single
//   fault of a valid ping at its own field with its code and reason, the future limit's words
//   naming the configured allowance, an unreadable `now` reported at `now`.
import fc from 'fast-check'
import { isRight } from 'fp-ts/lib/Either.js'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { makeConfig } from '../../src/config.js'
import { validationProblem } from '../../src/errors/problem.js'
import { violationAt } from '../../src/errors/violation.js'
import { parseTrackingInclude, TRACKING_INCLUDE_MAX_LENGTH, validateGpsData } from '../../src/rules/tracking.js'

const jsonWord = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)

describe('TRK-01 parseTrackingInclude', () => {
  const reasonOf = (query: string): string | undefined => {
    const entries = query.split(',')
    const unknown: string[] = []
    for (const e of entries) if (e !== '' && e !== 'location' && !unknown.includes(e)) unknown.push(e)
    const empty = entries.includes('')
    if (unknown.length === 0 && !empty) return undefined
    const parts: string[] = []
    if (unknown.length > 0) parts.push(`${unknown.length > 1 ? 'unknown sections' : 'an unknown section'} ${unknown.map((s) => `'${[...s].length > 40 ? [...s].slice(0, 40).join('') + '…' : s}'`).join(', ')}`)
    if (empty) parts.push('an empty entry')
    return `has ${parts.join(' and ')}; the supported sections are: location (exactly, comma-separated, without blanks)`
  }
  it('a list of sections: location alone (any number of times) is accepted; anything else is one violation whose reason the oracle words', () => {
    const entryArb = fc.constantFrom('location', 'location', 'route', 'Location', ' location', '', 'x'.repeat(41), 'y'.repeat(40), 'stops')
    fc.assert(
      fc.property(fc.array(entryArb, { minLength: 1, maxLength: 6 }), (entries) => {
        const query = entries.join(',')
        const reason = reasonOf(query)
        const r = parseTrackingInclude(query)
        if (reason === undefined) expect(r).toStrictEqual({ _tag: 'Right', right: { location: true } })
        else expect(r).toStrictEqual({ _tag: 'Left', left: validationProblem([violationAt(['include'], null, 'invalid', reason)]) })
      }),
    )
  })

  it(`judged on its length first: ${TRACKING_INCLUDE_MAX_LENGTH} characters are read, one more is max_length; what is not text is a type violation`, () => {
    fc.assert(
      fc.property(fc.integer({ min: TRACKING_INCLUDE_MAX_LENGTH - 2, max: TRACKING_INCLUDE_MAX_LENGTH + 2 }), fc.constantFrom<unknown>(null, 1, ['location'], { location: true }, true), (n, notText) => {
        const query = ('location,'.repeat(200) + 'location').slice(0, n - 8) + 'location'
        expect(query).toHaveLength(n)
        const r = parseTrackingInclude(query)
        if (n <= TRACKING_INCLUDE_MAX_LENGTH) expect(r._tag === 'Right' || (r._tag === 'Left' && r.left.violations?.[0]?.code === 'invalid')).toBe(true)
        else expect(r).toStrictEqual({ _tag: 'Left', left: validationProblem([violationAt(['include'], null, 'max_length', `must be at most ${TRACKING_INCLUDE_MAX_LENGTH} characters`)]) })
        expect(parseTrackingInclude(notText)).toStrictEqual({
          _tag: 'Left',
          left: validationProblem([violationAt(['include'], null, 'type', `must be one comma-separated list of sections (the parameter given once), got ${jsonWord(notText)}`)]),
        })
      }),
    )
  })
})

describe('TRK-02 validateGpsData', () => {
  const NOW = DateTime.fromISO('2026-11-24T15:00:00Z', { zone: 'utc' })
  const ping = { vehicleId: 'TRK-1', timestamp: '2026-11-24T14:55:00Z', latitude: 41.5, longitude: -88.1, heading: 90, speed: 60 }

  it('what is not an object: required when absent, else type, at the path given', () => {
    fc.assert(
      fc.property(fc.constantFrom<unknown>(undefined, null, 'ping', 7, ['x']), fc.constantFrom<ReadonlyArray<string | number>>([], ['pings', 0], ['location', 'center']), (input, path) => {
        const r = validateGpsData(input, NOW, { path })
        const v = input === undefined ? violationAt(path, 'GpsData', 'required', 'is required') : violationAt(path, 'GpsData', 'type', `must be a GpsData object, got ${jsonWord(input)}`)
        expect(r).toStrictEqual({ _tag: 'Left', left: [v] })
      }),
    )
  })

  it('a single fault: one violation at its field; a timestamp too far ahead names the configured allowance; an unreadable now is reported at now', () => {
    const FAULTS: ReadonlyArray<readonly [string, unknown, string]> = [
      ['vehicleId', undefined, 'required'],
      ['vehicleId', 7, 'type'],
      ['latitude', 91, 'out_of_range'],
      ['latitude', '41.5', 'type'],
      ['longitude', -181, 'out_of_range'],
      ['longitude', undefined, 'required'],
      ['heading', 360, 'out_of_range'],
      ['speed', -1, 'out_of_range'],
      ['speed', 1.5, 'not_integer'],
    ]
    fc.assert(
      fc.property(fc.constantFrom(...FAULTS), fc.integer({ min: 0, max: 600 }), ([field, bad, code], skew) => {
        const config = makeConfig({ gpsClockSkewSeconds: skew })
        if (!isRight(config)) throw new Error('configuration refused')
        const faulty: Record<string, unknown> = { ...ping }
        if (bad === undefined) delete faulty[field]
        else faulty[field] = bad
        const r = validateGpsData(faulty, NOW, { config: config.right })
        expect(r._tag).toBe('Left')
        if (r._tag === 'Left') expect(r.left.map((v) => [v.field, v.code, v.entity])).toStrictEqual([[field, code, 'GpsData']])
        const ahead = { ...ping, timestamp: NOW.plus({ seconds: skew + 1 }).toISO({ suppressMilliseconds: true }) }
        expect(validateGpsData(ahead, NOW, { config: config.right })).toStrictEqual({
          _tag: 'Left',
          left: [violationAt(['timestamp'], 'GpsData', 'out_of_range', `must not be in the future (more than ${skew} s after now)`)],
        })
        expect(validateGpsData(ping, DateTime.invalid('unreadable'), { config: config.right })).toStrictEqual({
          _tag: 'Left',
          left: [violationAt(['now'], 'GpsData', 'type', 'must be a valid DateTime to judge whether the timestamp lies in the future')],
        })
      }),
    )
  })
})
