// The company controls' limits: one home that both the handlers (routes.ts) and the document
// part (openapi.ts) read.
import { Duration } from 'luxon'
import { MAX_CLOCK_OFFSET_MS } from '../../clock/clock.js'

/** The carrier-side events a control may send; CONFIRM and CANCEL are the API's own endpoints. */
export const CONTROL_EVENTS = ['ACCEPT', 'REJECT', 'ASSIGN', 'PICK_UP', 'DELIVER'] as const

/** Milliseconds per unit of a clock advance. */
export const UNIT_MS = { days: Duration.fromObject({ days: 1 }).as('milliseconds'), hours: Duration.fromObject({ hours: 1 }).as('milliseconds'), minutes: Duration.fromObject({ minutes: 1 }).as('milliseconds') } as const

/** The most of each unit one clock advance may send: the clock's whole range (MAX_CLOCK_OFFSET_MS). */
export const CLOCK_LIMITS = { days: MAX_CLOCK_OFFSET_MS / UNIT_MS.days, hours: MAX_CLOCK_OFFSET_MS / UNIT_MS.hours, minutes: MAX_CLOCK_OFFSET_MS / UNIT_MS.minutes } as const

/** The simulated truck's bounds: minutes late, kilometres off route (each from 0). */
export const SIMULATION_LIMITS = { delayMinutes: 100_000, offRouteKm: 5_000 } as const
