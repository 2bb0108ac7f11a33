// The sandbox clock: real time plus an offset stored in the database, so every server sharing the
// database (and a restarted one) reads the same time. Quotes, Idempotency-Keys, download links,
// transit and tracking are all judged by it. Advanced by POST /sandbox/clock.
import { DateTime } from 'luxon'
import { numberOf, type Queryable } from './db/store.js'

/** The stored offset from real time, milliseconds. */
export const clockOffset = async (db: Queryable): Promise<number> =>
  numberOf((await db.query<{ offset_ms: unknown }>('SELECT offset_ms FROM sandbox_clock WHERE id = 1'))[0]?.offset_ms ?? 0)

export const sandboxNow = async (db: Queryable): Promise<DateTime> => DateTime.fromMillis(Date.now() + (await clockOffset(db)), { zone: 'utc' })

/** Moves the clock forward by `ms` (never backward: stored times must not lie in the future). */
export const advanceClock = async (db: Queryable, ms: number): Promise<DateTime> => {
  await db.query('UPDATE sandbox_clock SET offset_ms = offset_ms + $1 WHERE id = 1', [Math.round(ms)])
  return sandboxNow(db)
}

/** Writes an instant as the API does: ISO 8601 in UTC with a Z; milliseconds only when there are some (14:00:00Z, 14:00:00.250Z). */
export const wireTime = (t: DateTime): string => t.toUTC().toISO({ suppressMilliseconds: true }) ?? ''
