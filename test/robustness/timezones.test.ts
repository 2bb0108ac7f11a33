// Issue 13, item 6: the rules never read the machine's time zone or locale. Calendar results
// (transitDays, addBusinessDays, isBusinessDay with holiday calendars and zones), quote results
// (estimateDelivery, quoteExpiresAt, isQuoteMatchable, quoteByReferenceResponse, tenderPrice) and
// tracking results (estimateLocation, buildTracking, describeStatus) for fixed inputs and fixed
// `now` arguments are computed by test/support/timezone-probe.mjs in child processes running the
// built package (dist/, built by `npm run build` before the tests) at UTC+14 with an Arabic
// locale (Arabic-Indic digits), at UTC-11 with a German one, and at UTC with the C locale, and
// in this process from src/. Every answer must be the same; the inputs are instants read into
// each process's own zone, where the calendar day differs between the three.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import * as lib from '../../src/index.js'
import { ROOT_DIR } from '../support/exports.js'
import { compute } from '../support/timezone-probe.mjs'

interface ProbeOutput {
  readonly zone: string
  readonly locale: string
  readonly offsetMinutes: number
  readonly results: unknown
}

const PROCESSES = [
  { TZ: 'Pacific/Kiritimati', LC_ALL: 'ar_SA.UTF-8', offset: 14 * 60, locale: /^ar/ },
  { TZ: 'Pacific/Pago_Pago', LC_ALL: 'de_DE.UTF-8', offset: -11 * 60, locale: /^de/ },
  { TZ: 'UTC', LC_ALL: 'C', offset: 0, locale: /^en/ },
] as const

const runProbe = (tz: string, lcAll: string): ProbeOutput => {
  const r = spawnSync(process.execPath, [join(ROOT_DIR, 'test', 'support', 'timezone-probe.mjs')], {
    cwd: ROOT_DIR,
    encoding: 'utf8',
    env: { ...process.env, TZ: tz, LC_ALL: lcAll, LANG: lcAll, LANGUAGE: lcAll.slice(0, 2) },
  })
  if (r.status !== 0) throw new Error(`timezone-probe.mjs at TZ=${tz} exited ${r.status}: ${r.stderr}`)
  return JSON.parse(r.stdout) as ProbeOutput
}

describe('time zones and locales across processes (issue 13, item 6)', () => {
  it('calendar, quote and tracking results are the same at UTC+14 (Arabic), UTC-11 (German), UTC (C) and in this process', () => {
    expect(existsSync(join(ROOT_DIR, 'dist', 'esm', 'index.js')), 'dist/ is missing: run npm run build').toBe(true)
    const outputs = PROCESSES.map((p) => ({ p, out: runProbe(p.TZ, p.LC_ALL) }))
    // Each child really ran in its zone and locale.
    for (const { p, out } of outputs) {
      expect(out.zone).toBe(p.TZ)
      expect(out.offsetMinutes).toBe(p.offset)
      expect(out.locale).toMatch(p.locale)
    }
    const inProcess = JSON.parse(JSON.stringify(compute(lib, DateTime))) as unknown
    for (const { out } of outputs) expect(out.results).toEqual(inProcess)

    // Not trivially equal: the answers are the ones the rules give, not nulls or invalid dates.
    const r = inProcess as {
      calendar: { transitDays: Array<Array<number | null>>; addBusinessDays: Array<Array<Array<{ dateTime: string }>>>; isBusinessDay: boolean[][] }
      quotes: { estimateDelivery: Array<Array<Array<string | null>>>; quoteExpiresAt: Array<{ dateTime: string }>; isQuoteMatchable: boolean[] }
      tracking: { buildTracking: Array<{ _tag: string; right: { location: { statusDescription?: string; uncertaintyRadiusKm: number } } }>; describeStatus: Array<string | { undefined: true }> }
    }
    const counts = r.calendar.transitDays.flat().filter((n) => typeof n === 'number')
    expect(counts.length).toBeGreaterThan(60)
    expect(new Set(counts).size).toBeGreaterThan(10)
    expect(r.calendar.transitDays.flat()).toContain(null) // delivery before pickup
    // Thanksgiving (Nov 26, 2026) is a business day without holidays, not with the carrier calendar.
    expect(r.calendar.isBusinessDay[1]).toEqual([true, false, true])
    expect(r.calendar.addBusinessDays.flat(2).every((d) => /^20\d\d-\d\d-\d\dT/.test(d.dateTime))).toBe(true)
    expect(r.quotes.estimateDelivery[0]![0]).toEqual(['2026-11-25T22:00:00Z', '2026-11-25T22:30:00Z', '2026-11-26T00:00:00Z'])
    expect(r.quotes.quoteExpiresAt[0]).toEqual({ dateTime: '2026-11-27T10:30:00.000Z' })
    expect(r.quotes.isQuoteMatchable).toEqual([true, false, false])
    expect(r.tracking.buildTracking.map((t) => t._tag)).toEqual(['Right', 'Right', 'Right'])
    expect(r.tracking.buildTracking[1]!.right.location.statusDescription).toBe('In transit near Jefferson City, MO; expected Wednesday, Nov 25')
    // The status sentence is English whatever the locale, its day the ETA's in the given zone.
    expect(r.tracking.describeStatus).toEqual([
      'In transit near Joliet, IL; expected Wednesday, Nov 25',
      'In transit near Joliet, IL; expected Tuesday, Nov 24',
      'In transit near Joliet, IL; expected Wednesday, Nov 25',
    ])
  })
})
