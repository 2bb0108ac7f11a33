// The sandbox clocks: one per company, as payment sandboxes give test clocks. A company's time is
// real time plus its own offset, stored on the company, so every server sharing the database (and
// a restarted one) reads the same time for it, and advancing one company's clock never changes
// another's quotes, Idempotency-Keys, download links, transit or tracking.
//
// The offset is cached in the process: a write through this process updates the cache at once,
// and a cached offset is read again from the database after CLOCK_CACHE_MS, so a clock advanced by
// another process sharing a PostgreSQL database is seen within that time.
import { DateTime, Duration } from 'luxon'
import { numberOf, type Queryable } from '../db/store.js'

/** The largest total offset of a company's clock: 7,305 days (20 years). */
export const MAX_CLOCK_OFFSET_MS = Duration.fromObject({ days: 7_305 }).as('milliseconds')

/** Milliseconds per unit of a clock advance. */
export const UNIT_MS = { days: Duration.fromObject({ days: 1 }).as('milliseconds'), hours: Duration.fromObject({ hours: 1 }).as('milliseconds'), minutes: Duration.fromObject({ minutes: 1 }).as('milliseconds') } as const

/** The most of each unit one clock advance may send: the clock's whole range (MAX_CLOCK_OFFSET_MS). */
export const CLOCK_LIMITS = { days: MAX_CLOCK_OFFSET_MS / UNIT_MS.days, hours: MAX_CLOCK_OFFSET_MS / UNIT_MS.hours, minutes: MAX_CLOCK_OFFSET_MS / UNIT_MS.minutes } as const

/** How long a cached offset is trusted before it is read again (another process may have moved it). */
export const CLOCK_CACHE_MS = 1_000

const CACHE_SIZE = 4_096

export interface CompanyClock {
  readonly now: DateTime
  readonly offsetMs: number
}

/** The clocks of one server: the offsets it has read or written, by company id. */
export class Clocks {
  private readonly offsets = new Map<string, { readonly offsetMs: number; readonly until: number }>()

  /** The stored offset of a company's clock, milliseconds (0 for an unknown company). */
  async offset(db: Queryable, companyId: string): Promise<number> {
    const hit = this.offsets.get(companyId)
    if (hit !== undefined && hit.until > Date.now()) return hit.offsetMs
    const row = (await db.query<{ clock_offset_ms: unknown }>('SELECT clock_offset_ms FROM companies WHERE id = $1', [companyId]))[0]
    const offsetMs = row === undefined ? 0 : numberOf(row.clock_offset_ms)
    this.remember(companyId, offsetMs)
    return offsetMs
  }

  /** The company's time now: real time plus its offset, in UTC. */
  async now(db: Queryable, companyId: string): Promise<DateTime> {
    const offsetMs = await this.offset(db, companyId)
    return DateTime.fromMillis(Date.now() + offsetMs, { zone: 'utc' })
  }

  /**
   * Moves a company's clock forward by `ms` (never backward: stored times must not lie in the
   * future), unless the total offset would pass {@link MAX_CLOCK_OFFSET_MS}: then nothing moves
   * and the answer is undefined.
   */
  async advance(db: Queryable, companyId: string, ms: number): Promise<CompanyClock | undefined> {
    const row = (
      await db.query<{ clock_offset_ms: unknown }>('UPDATE companies SET clock_offset_ms = clock_offset_ms + $2 WHERE id = $1 AND clock_offset_ms + $2 <= $3 RETURNING clock_offset_ms', [
        companyId,
        Math.round(ms),
        MAX_CLOCK_OFFSET_MS,
      ])
    )[0]
    if (row === undefined) {
      this.offsets.delete(companyId)
      return undefined
    }
    const offsetMs = numberOf(row.clock_offset_ms)
    this.remember(companyId, offsetMs)
    return { now: DateTime.fromMillis(Date.now() + offsetMs, { zone: 'utc' }), offsetMs }
  }

  private remember(companyId: string, offsetMs: number): void {
    this.offsets.delete(companyId)
    if (this.offsets.size >= CACHE_SIZE) this.offsets.delete(this.offsets.keys().next().value as string)
    this.offsets.set(companyId, { offsetMs, until: Date.now() + CLOCK_CACHE_MS })
  }
}

/** Writes an instant as the API does: ISO 8601 in UTC with a Z; milliseconds only when there are some (14:00:00Z, 14:00:00.250Z). */
export const wireTime = (t: DateTime): string => t.toUTC().toISO({ suppressMilliseconds: true }) ?? ''
