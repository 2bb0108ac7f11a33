/**
 * `shipper-rules transit-days`: business days between a pickup and a delivery.
 *
 * @module
 */
import { DateTime } from 'luxon'
import { defaultConfig } from '../config.js'
import { transitDays } from '../rules/calendar.js'
import type { CliIo } from './io.js'
import { usageError } from './usage.js'

export const TRANSIT_DAYS_USAGE = `  shipper-rules transit-days <pickup> <delivery> [--zone Z] [--holidays us-federal|carrier|carrier-new-years-eve]
      business days in (pickup day, delivery day], the days taken in zone Z (default
      ${defaultConfig.businessDays.zone}); pickup and delivery are ISO 8601 dates or date-times
      (a date-time without offset is read in Z). Prints the number, or null when the delivery
      day precedes the pickup day.`

export const transitDaysCommand = async (args: ReadonlyArray<string>, io: CliIo): Promise<number> => {
  const dates: string[] = []
  let zone = defaultConfig.businessDays.zone
  let holidays: 'none' | 'us-federal' | 'carrier' | 'carrier-new-years-eve' = 'none'
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!
    if (a === '--zone') zone = args[++i] ?? ''
    else if (a === '--holidays') {
      const h = args[++i]
      if (h !== 'us-federal' && h !== 'carrier' && h !== 'carrier-new-years-eve' && h !== 'none') return usage(io, '--holidays takes us-federal, carrier, carrier-new-years-eve or none')
      holidays = h
    } else if (a.startsWith('--')) return usage(io, `unknown option '${a}'`)
    else dates.push(a)
  }
  if (dates.length !== 2) return usage(io, 'transit-days takes a pickup and a delivery date')
  const [pickup, delivery] = dates.map((d) => DateTime.fromISO(d, { zone })) as [DateTime, DateTime]
  if (!DateTime.fromISO('2026-01-01T00:00', { zone }).isValid) return usage(io, `unknown time zone '${zone}'`)
  for (const [name, dt] of [['pickup', pickup], ['delivery', delivery]] as const) {
    if (!dt.isValid) return usage(io, `${name} is not an ISO 8601 date or date-time`)
  }
  const n = transitDays(pickup, delivery, { zone, holidays })
  io.stdout(`${n === null ? 'null' : n}\n`)
  return 0
}

const usage = (io: CliIo, message: string): number => usageError(io, 'transit-days', message)
