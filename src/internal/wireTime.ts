/**
 * The instants a wire date-time can name (ID-03, decided by the library): UTC years 0001 to 9999,
 * written with four digits, as RFC 3339's `date-fullyear` and the spec's date-time format allow
 * and PostgreSQL's `timestamptz` reads back. An instant outside the range has no wire text: an
 * ISO writer gives a year 10000 as `+010000`, which no date-time pattern accepts.
 *
 * @internal
 * @module
 */

/** 0001-01-01T00:00:00Z, the first instant of the wire range. */
export const WIRE_MIN_MS = -62_135_596_800_000
/** 9999-12-31T23:59:59.999Z, the last millisecond of the wire range. */
export const WIRE_MAX_MS = 253_402_300_799_999

/** Whether an instant (milliseconds since the epoch) can be written as a wire date-time in UTC. */
export const isWireInstant = (ms: number): boolean => ms >= WIRE_MIN_MS && ms <= WIRE_MAX_MS
