// The company controls' limits: one home that both the handlers (routes.ts) and the document
// part (openapi.ts) read.
// The clock's units and bounds live with the clock (the console's clock preview reads them too).
export { CLOCK_LIMITS, UNIT_MS } from '../../clock/clock.js'

/** The carrier-side events a control may send; CONFIRM and CANCEL are the API's own endpoints. */
export const CONTROL_EVENTS = ['ACCEPT', 'REJECT', 'ASSIGN', 'PICK_UP', 'DELIVER'] as const

/** The simulated truck's bounds: minutes late, kilometres off route (each from 0). */
export const SIMULATION_LIMITS = { delayMinutes: 100_000, offRouteKm: 5_000 } as const
