// The company controls in the sandbox's document: the clock, an order's carrier events, details
// and simulation, the outbox (the key revocation is keysOpenapi.ts). Their limits are limits.ts's,
// read by the handlers too.
import { HEADER, problemFor, WIRE_FORMATS } from 'shipper-rules'
import { MAX_CLOCK_OFFSET_MS } from '../../clock/clock.js'
import {
  BODY,
  COMPANY,
  EXAMPLE_NOW,
  EXAMPLE_ORDER,
  exampleShipment,
  merge,
  nullable,
  ORDER,
  orderNumberString,
  pathParameter,
  ref,
  validation,
  whole,
  type DocumentPart,
  type Endpoint,
  type Json,
  type LibraryPieces,
} from '../../openapi/parts.js'
import { CLOCK_LIMITS, CONTROL_EVENTS, SIMULATION_LIMITS } from './limits.js'

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'get', path: '/sandbox/clock', operationId: 'getClock', tag: 'Clock', caller: 'company', summary: 'Read your company\'s clock',
    description: `The sandbox clock of the caller's company: real time plus the company's own offset. Quote expiry, ${HEADER.idempotencyKey} windows, pickup dates, ETAs and download links of the company all run on it.`,
    success: { status: 200, description: 'The company\'s clock.', schema: 'Clock', example: { now: EXAMPLE_NOW, offsetMs: 7_200_000, maxOffsetMs: MAX_CLOCK_OFFSET_MS } },
    problems: COMPANY,
  },
  {
    method: 'post', path: '/sandbox/clock', operationId: 'advanceClock', tag: 'Clock', caller: 'company', summary: 'Move your company\'s clock forward',
    description: `Adds the days, hours and minutes sent to the company's offset (never backwards; other companies' clocks do not move). The clock may run at most ${CLOCK_LIMITS.days} days (20 years) ahead of real time.`,
    body: { schema: 'ClockAdvance', description: 'At least one of days, hours or minutes, each a whole number of at least 1; nothing else.', example: { hours: 2 } },
    success: { status: 200, description: 'The clock after the move.', schema: 'Clock', example: { now: EXAMPLE_NOW, offsetMs: 7_200_000, maxOffsetMs: MAX_CLOCK_OFFSET_MS } },
    problems: merge(COMPANY, BODY, { 400: { reasons: ['validation_failed'], note: 'nothing to move, a value that is not a whole number from 1 up, an unknown field, or a move past 20 years ahead', example: validation('days', 'required', 'send at least one of days, hours or minutes') } }),
  },
  {
    method: 'post', path: '/sandbox/orders/{orderNumber}/events', operationId: 'sendOrderEvent', tag: 'Orders', caller: 'company', summary: 'Send a carrier event to an order',
    description: `The carrier's side of the lifecycle, judged by the library's transition table: ${CONTROL_EVENTS.join(', ')}. ACCEPT builds the appointment PDF of each stop; PICK_UP records the pickup and predicts the delivery from it; DELIVER records the delivery. Confirm and cancel are the API's own endpoints.`,
    parameters: ['orderNumber'],
    body: { schema: 'OrderEvent', description: 'The event.', example: { event: 'ACCEPT' } },
    success: { status: 200, description: 'The shipment in its new state.', schema: 'Shipment', example: exampleShipment('ACCEPTED') },
    problems: merge(COMPANY, BODY, ORDER, {
      400: { reasons: ['validation_failed', 'invalid_transition'], note: 'an unknown event, or one the order\'s state does not allow', example: problemFor('invalid_transition') },
    }),
  },
  {
    method: 'get', path: '/sandbox/orders/{orderNumber}', operationId: 'getOrderDetails', tag: 'Orders', caller: 'company', summary: 'Read what the API does not show of an order',
    description: 'The shipment with its pricing decision (re-priced or not, why, the difference, whether operations must look), the charges, the planned, predicted and actual times, and the simulation settings.',
    parameters: ['orderNumber'],
    success: {
      status: 200, description: 'The order\'s details.', schema: 'OrderDetails',
      example: {
        shipment: exampleShipment('ACCEPTED'),
        quoteId: 'c79455bb-b6e7-4c3d-b8ae-2726989081ce',
        pricing: { repriced: false, distanceKm: 1293, priceInCents: 36650, transitBusinessDays: 2 },
        charges: [
          { chargeType: 'BASE_FREIGHT', description: 'Line haul, 1293 km, 2 pallet(s), 1800 lb', amountInCents: 31059 },
          { chargeType: 'FUEL_SURCHARGE', description: 'Fuel surcharge, 18%', amountInCents: 5591 },
        ],
        plannedPickupAt: null,
        predictedDeliveryAt: '2026-11-30T22:00:00Z',
        actualPickupAt: null,
        actualDeliveryAt: null,
        simulation: { delayMinutes: 0, offRouteKm: 0 },
      },
    },
    problems: merge(COMPANY, ORDER),
  },
  {
    method: 'post', path: '/sandbox/orders/{orderNumber}/simulation', operationId: 'setOrderSimulation', tag: 'Orders', caller: 'company', summary: 'Make the simulated truck run late or off route',
    description: 'After pickup a simulated truck drives the great circle between the stops and reports a GPS position two minutes old; these settings make it run late or off route, and the tracking estimate flags it. 0 and 0 (or an absent field) put it back.',
    parameters: ['orderNumber'],
    body: { schema: 'Simulation', description: 'The delay and the distance off route, each a whole number of at least 0 (absent: 0).', example: { delayMinutes: 300, offRouteKm: 120 } },
    success: { status: 200, description: 'The order\'s simulation settings.', schema: 'SimulationSettings', example: { orderNumber: EXAMPLE_ORDER, delayMinutes: 300, offRouteKm: 120 } },
    problems: merge(COMPANY, BODY, { 400: { reasons: ['validation_failed'], note: `a value outside its range (delayMinutes 0 to ${SIMULATION_LIMITS.delayMinutes}, offRouteKm 0 to ${SIMULATION_LIMITS.offRouteKm})`, example: validation('delayMinutes', 'out_of_range', 'must be a whole number of at least 0') } }, ORDER),
  },
  {
    method: 'get', path: '/sandbox/outbox', operationId: 'listOutbox', tag: 'Outbox', caller: 'company', summary: 'Read the notifications the sandbox would have sent',
    description: `The carrier-change e-mails of appointment changes after acceptance (each quoting the ${HEADER.changeReason} verbatim), oldest first, the caller's company only; orderNumber narrows to one order.`,
    parameters: ['outboxOrderNumber'],
    success: {
      status: 200, description: 'The messages.', schema: 'Outbox',
      example: {
        messages: [
          {
            id: 'msg_0b1d5f3e9a7c4e21', kind: 'CARRIER_APPOINTMENT_CHANGE', orderNumber: EXAMPLE_ORDER, stop: 'PICKUP', recipient: 'carrier',
            subject: `Appointment change after acceptance: order ${EXAMPLE_ORDER}, PICKUP`,
            body: `The shipper changed the PICKUP appointment requirement of order ${EXAMPLE_ORDER} after the carrier accepted it.`,
            changeReason: 'Dock moved to gate 5', createdAt: EXAMPLE_NOW,
          },
        ],
      },
    },
    problems: merge(COMPANY, { 400: { reasons: ['validation_failed'], note: 'a malformed orderNumber', example: validation('orderNumber', 'pattern', `must be ${WIRE_FORMATS.orderNumber.description}`) } }),
  },
]

/** The feature's own component schemas. */
const schemas = ({ dateTime }: LibraryPieces): Record<string, Json> => ({
  Clock: {
    description: 'A company\'s sandbox clock.',
    type: 'object',
    required: ['now', 'offsetMs', 'maxOffsetMs'],
    properties: {
      now: { ...dateTime, description: 'The company\'s current time.' },
      offsetMs: whole(0, MAX_CLOCK_OFFSET_MS, 'How far ahead of real time, milliseconds.'),
      maxOffsetMs: { type: 'integer', const: MAX_CLOCK_OFFSET_MS, description: 'The largest offset (20 years), milliseconds.' },
    },
  },
  ClockAdvance: {
    description: 'How far to move the clock forward: at least one of days, hours, minutes.',
    type: 'object',
    minProperties: 1,
    additionalProperties: false,
    properties: {
      days: whole(1, CLOCK_LIMITS.days, 'Whole days.'),
      hours: whole(1, CLOCK_LIMITS.hours, 'Whole hours.'),
      minutes: whole(1, CLOCK_LIMITS.minutes, 'Whole minutes.'),
    },
  },
  OrderEvent: {
    description: 'A carrier-side event.',
    type: 'object',
    required: ['event'],
    properties: { event: { type: 'string', enum: [...CONTROL_EVENTS], description: 'The event.' } },
  },
  TenderPricing: {
    description: 'The price the order was booked at (the library\'s tenderPrice): the quoted price, or a fresh one and why, the difference and whether operations must look at it.',
    type: 'object',
    required: ['repriced', 'priceInCents', 'distanceKm', 'transitBusinessDays'],
    properties: {
      repriced: { type: 'boolean', description: 'Whether the order was re-priced instead of booked at its quote\'s price.' },
      reason: { type: 'string', enum: ['no_quote', 'quote_not_matchable', 'freight_mismatch'], description: 'Why it was re-priced (only when repriced).' },
      priceInCents: { type: 'integer', description: 'The booked price, US cents.' },
      differenceInCents: nullable({ type: 'integer', description: 'Fresh price minus quoted price, cents; null without a quoted price.' }),
      flagForOperations: { type: 'boolean', description: 'Whether operations must look at it.' },
      distanceKm: { type: 'integer', minimum: 0, description: 'The lane\'s distance, km.' },
      transitBusinessDays: { type: 'integer', minimum: 0, description: 'The priced transit time, business days.' },
    },
  },
  Charge: {
    description: 'One charge of the order, US cents.',
    type: 'object',
    required: ['chargeType', 'description', 'amountInCents'],
    properties: { chargeType: { type: 'string' }, description: { type: 'string' }, amountInCents: { type: 'integer' } },
  },
  OrderDetails: {
    description: 'What the API does not show of an order.',
    type: 'object',
    required: ['shipment', 'quoteId', 'pricing', 'charges', 'plannedPickupAt', 'predictedDeliveryAt', 'actualPickupAt', 'actualDeliveryAt', 'simulation'],
    properties: {
      shipment: ref('Shipment'),
      quoteId: nullable({ type: 'string', description: 'The quote the order was created with.' }),
      pricing: ref('TenderPricing'),
      charges: { type: 'array', items: ref('Charge') },
      plannedPickupAt: nullable({ ...dateTime, description: 'The requested pickup, when one was requested.' }),
      predictedDeliveryAt: nullable({ ...dateTime, description: 'The predicted delivery.' }),
      actualPickupAt: nullable({ ...dateTime, description: 'When PICK_UP was recorded.' }),
      actualDeliveryAt: nullable({ ...dateTime, description: 'When DELIVER was recorded.' }),
      simulation: ref('Simulation'),
    },
  },
  Simulation: {
    description: 'How the simulated truck runs: minutes late and kilometres off route.',
    type: 'object',
    properties: {
      delayMinutes: whole(0, SIMULATION_LIMITS.delayMinutes, 'Minutes late (absent: 0).'),
      offRouteKm: whole(0, SIMULATION_LIMITS.offRouteKm, 'Kilometres off route (absent: 0).'),
    },
  },
  SimulationSettings: {
    description: 'An order\'s simulation settings.',
    type: 'object',
    required: ['orderNumber', 'delayMinutes', 'offRouteKm'],
    properties: {
      orderNumber: orderNumberString,
      delayMinutes: whole(0, SIMULATION_LIMITS.delayMinutes, 'Minutes late.'),
      offRouteKm: whole(0, SIMULATION_LIMITS.offRouteKm, 'Kilometres off route.'),
    },
  },
  OutboxMessage: {
    description: 'A notification the sandbox would have sent: the carrier-change e-mail of an appointment change after acceptance.',
    type: 'object',
    required: ['id', 'kind', 'orderNumber', 'stop', 'recipient', 'subject', 'body', 'changeReason', 'createdAt'],
    properties: {
      id: { type: 'string' },
      kind: { type: 'string', enum: ['CARRIER_APPOINTMENT_CHANGE'] },
      orderNumber: orderNumberString,
      stop: { type: 'string', enum: ['PICKUP', 'DELIVERY'] },
      recipient: { type: 'string' },
      subject: { type: 'string' },
      body: { type: 'string' },
      changeReason: { type: 'string', description: `The ${HEADER.changeReason}, verbatim.` },
      createdAt: dateTime,
    },
  },
  Outbox: {
    description: 'The messages, oldest first.',
    type: 'object',
    required: ['messages'],
    properties: { messages: { type: 'array', items: ref('OutboxMessage') } },
  },
})

/** The feature's component parameters. */
const parameters = ({ orderNumberSchema }: LibraryPieces): Record<string, Json> => ({
  orderNumber: pathParameter('orderNumber', `The order number (PRO number): ${WIRE_FORMATS.orderNumber.description}.`, orderNumberSchema, EXAMPLE_ORDER),
  outboxOrderNumber: { name: 'orderNumber', in: 'query', required: false, description: 'Only the messages of this order.', schema: orderNumberSchema, example: EXAMPLE_ORDER },
})

/** The controls feature's part of the sandbox's document. */
export const controlsDocument: DocumentPart = {
  tags: [
    { name: 'Clock', description: 'Your company\'s sandbox clock: read it, move it forward.' },
    { name: 'Orders', description: 'The carrier\'s side of an order\'s lifecycle, what the API does not show of it, and the simulated truck.' },
    { name: 'Outbox', description: 'The notifications the sandbox would have sent.' },
  ],
  endpoints: ENDPOINTS,
  schemas,
  parameters,
}
