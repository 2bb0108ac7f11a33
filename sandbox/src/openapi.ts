// The OpenAPI 3.1.0 document of the sandbox's own endpoints (served at GET /api-docs/sandbox):
// the company controls (clock, carrier events, order details, simulation, outbox), saved
// addresses, pre-signed downloads, key revocation, the operator control plane, health, and the
// documents themselves. One table of endpoints, like the library's src/openapi/paths.ts for the
// shipper API; the schemas the sandbox shares with the API (ProblemDetail, Shipment, Address, the
// appointment requirement) are copied from the library's generated document, so they cannot
// drift from it. Every body, parameter and response carries an example the sandbox accepts or
// answers (test/sandbox-openapi.test.ts checks each against its schema and walks every operation).
import { problemFor, REASON_CATALOGUE, violationAt, type ProblemDetail, type ReasonCode } from 'shipper-rules'
import { openApiDocument } from 'shipper-rules/openapi'
import { MAX_CLOCK_OFFSET_MS } from './clock.js'
import { CONTROL_EVENTS } from './routes/controls.js'
import { LINK_VALIDITY_SECONDS } from './routes/documents.js'

type Json = Record<string, unknown>

/** The document, or why it cannot be generated (the library's document could not be). */
export type SandboxDocumentResult = { readonly _tag: 'Right'; readonly right: Json } | { readonly _tag: 'Left'; readonly left: ReadonlyArray<string> }

/** The statuses a sandbox endpoint answers with a ProblemDetail. */
type ErrorStatus = 400 | 401 | 403 | 404 | 408 | 409 | 413 | 414 | 415 | 429 | 431 | 500
const STATUS_ORDER: ReadonlyArray<ErrorStatus> = [400, 401, 403, 404, 408, 409, 413, 414, 415, 429, 431, 500]

/** The reason codes the catalogue gives a status. */
type ReasonsOf<S extends number> = { [R in ReasonCode]: (typeof REASON_CATALOGUE)[R]['status'] extends S ? R : never }[ReasonCode]

/** What a status means on one endpoint: the reasons it can carry, when, and an example (the first reason's plain problem when absent). */
type Problems = { readonly [S in ErrorStatus]?: { readonly reasons: ReadonlyArray<ReasonsOf<S>>; readonly note: string; readonly example?: ProblemDetail } }

/** Who may call: a company (the API's two credentials), the operator (the operator token), anybody. */
type Caller = 'company' | 'operator' | 'none'

type ParameterName = keyof typeof PARAMETER_EXAMPLES
type SchemaName = (typeof SANDBOX_SCHEMAS)[number]

interface Success {
  readonly status: 200 | 201
  readonly description: string
  /** A component schema, or a PDF. */
  readonly schema: SchemaName | 'pdf'
  readonly example: unknown
}

/** One sandbox endpoint. */
interface Endpoint {
  readonly method: 'get' | 'put' | 'post'
  readonly path: string
  readonly operationId: string
  readonly tag: TagName
  readonly summary: string
  readonly description: string
  readonly caller: Caller
  readonly parameters?: ReadonlyArray<ParameterName>
  readonly body?: { readonly schema: SchemaName; readonly description: string; readonly example: unknown }
  readonly success: Success
  readonly problems: Problems
}

// ---- examples (what the sandbox accepts and answers; the walk in the tests sends and checks them) ----

const EXAMPLE_COMPANY_ID = 'cmp_3f9a1c27b84e'
const EXAMPLE_ORDER = 'K7QX2'
const EXAMPLE_ADDRESS_ID = 'addr_72b4aaea8ab3482f'
const EXAMPLE_NOW = '2026-11-26T21:34:10.357Z'
const EXAMPLE_TOKEN =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzY29wZSI6InNoaXBwZXIiLCJjb21wYW5pZXMiOlsiY21wXzNmOWExYzI3Yjg0ZSJdLCJpc3MiOiJzaGlwcGVyLXJ1bGVzLXNhbmRib3giLCJzdWIiOiJ1c3JfM2Y5YTFjMjdiODRlIn0.GNcKuXsDgWQJyWtpThVqP-fJoUA1LWRhvfYu_BZgKb8'

/** The example of each path and query parameter (the walk replaces ids with real ones). */
const PARAMETER_EXAMPLES = {
  orderNumber: EXAMPLE_ORDER,
  addressId: EXAMPLE_ADDRESS_ID,
  companyId: EXAMPLE_COMPANY_ID,
  downloadOrderNumber: EXAMPLE_ORDER,
  documentFile: 'BILL_OF_LADING.pdf',
  expires: '1795729751',
  signature: 'TCr_6fdB67s6nzmxDxBK53_bGsyufHyo4T4Ba1npiuY',
  outboxOrderNumber: EXAMPLE_ORDER,
} as const

const exampleAddress = {
  name: 'Lakeside DC',
  address1: '2400 S Wolf Rd',
  city: 'Des Plaines',
  state: 'IL',
  zipCode: '60018',
  phoneNumber: '+18475550142',
  contactPerson: 'Dana Whitfield',
  appointmentRequired: true,
}
const exampleAppointment = {
  channel: 'PORTAL',
  portalUrl: 'https://dock.lakeside.example/book',
  contacts: [{ name: 'Dock office', email: 'dock@lakeside.example' }],
  instructions: 'Check in at gate 3.',
  referenceNumbers: ['DOCK-7'],
  leadTimeHours: 24,
}
const exampleSavedAddress = {
  id: EXAMPLE_ADDRESS_ID,
  companyId: EXAMPLE_COMPANY_ID,
  ...exampleAddress,
  country: 'US',
  openTime: '10:00',
  closeTime: '16:00',
  defaultAccessorials: { appointment: exampleAppointment },
  createdAt: EXAMPLE_NOW,
  updatedAt: EXAMPLE_NOW,
}
const exampleShipment = (orderStatus: string) => ({
  id: 'ord_e51263ad-1a20-4bfd-b2d5-b4627d9f4cc2',
  companyId: EXAMPLE_COMPANY_ID,
  userId: 'usr_3f9a1c27b84e',
  orderNumber: EXAMPLE_ORDER,
  orderStatus,
  totalPriceInCents: 36650,
  createdAt: '2026-11-26T19:34:09.165Z',
  updatedAt: EXAMPLE_NOW,
})
const exampleCredentials = { companyId: EXAMPLE_COMPANY_ID, companyName: 'Globex Shipping', apiKey: 'sk_sandbox_UwT0UZG1aWwbBA5Rd4ArBx1yLTV8FtHS', token: EXAMPLE_TOKEN }
const exampleOpenApi = { openapi: '3.1.0', info: { title: 'Sandbox controls', version: '1.0.0' }, paths: {} }

const validation = (field: string, code: 'required' | 'out_of_range' | 'pattern', message: string): ProblemDetail =>
  problemFor('validation_failed', undefined, [violationAt([field], null, code, message)])

// ---- the problems every endpoint of a kind can answer ----

const COMPANY: Problems = {
  401: { reasons: ['unauthorized'], note: 'missing or invalid bearer token (the operator token is not a company credential); the answer carries a WWW-Authenticate bearer challenge' },
  403: { reasons: ['forbidden'], note: 'missing, invalid, revoked or expired API key' },
  429: { reasons: ['too_many_requests'], note: 'too many failed authentications from this client address; Retry-After gives the seconds to wait' },
  500: { reasons: ['internal_error'], note: 'an unexpected error, or the database is unavailable (then with Retry-After)' },
}
const OPERATOR: Problems = {
  401: { reasons: ['unauthorized'], note: 'missing or wrong operator token (a company\'s credentials are not the operator token); the answer carries a WWW-Authenticate bearer challenge' },
  429: COMPANY[429]!,
  500: COMPANY[500]!,
}
const ANYBODY: Problems = { 500: COMPANY[500]! }
/** What the HTTP layer answers on a request with a body, before the handler reads it. */
const BODY: Problems = {
  400: { reasons: ['bad_request'], note: 'the body is not valid JSON' },
  413: { reasons: ['file_too_large'], note: 'the body is larger than the limit (1 MiB by default)' },
  415: { reasons: ['unsupported_media_type'], note: 'the body is not JSON (Content-Type application/json or a +json type)' },
}
const ORDER: Problems = {
  400: { reasons: ['validation_failed'], note: 'a malformed orderNumber', example: validation('orderNumber', 'pattern', 'must be 5 letters or digits') },
  403: { reasons: ['forbidden'], note: 'missing, invalid, revoked or expired API key, or an order of another company' },
  404: { reasons: ['shipment_not_found'], note: 'no order of that number' },
}
const ADDRESS: Problems = {
  403: { reasons: ['forbidden'], note: 'missing, invalid, revoked or expired API key, or a saved address of another company' },
  404: { reasons: ['not_found'], note: 'no saved address of that id' },
}
/**
 * What the HTTP layer answers on every operation before any route runs (server.ts: the parser's
 * raw answers, a URL that does not decode, the request timeout): merged into each operation's own.
 */
const HTTP_LAYER: Problems = {
  400: { reasons: ['bad_request'], note: 'a URL, header or body that cannot be read (a bad percent-encoding, malformed JSON)' },
  408: { reasons: ['request_timeout'], note: 'the request did not arrive in time (--request-timeout)' },
  414: { reasons: ['uri_too_long'], note: 'the request line or a path value is too long' },
  431: { reasons: ['request_header_fields_too_large'], note: 'the request headers are too large' },
}
/** Merges problem tables: a later table's reasons join an earlier one's for the same status, notes joined. */
const merge = (...tables: ReadonlyArray<Problems>): Problems => {
  const out: Record<number, { reasons: ReasonCode[]; note: string; example?: ProblemDetail }> = {}
  for (const table of tables) {
    for (const status of STATUS_ORDER) {
      const p = table[status]
      if (p === undefined) continue
      const have = out[status]
      if (have === undefined) out[status] = { reasons: [...p.reasons], note: p.note, ...(p.example !== undefined ? { example: p.example } : {}) }
      else {
        const added = p.reasons.filter((r) => !have.reasons.includes(r))
        out[status] = {
          reasons: [...have.reasons, ...added],
          note: added.length === 0 ? p.note : `${have.note}; or ${p.note}`,
          ...((have.example ?? p.example) !== undefined ? { example: (have.example ?? p.example)! } : {}),
        }
      }
    }
  }
  return out as Problems
}

const CLOCK_LIMITS = { days: MAX_CLOCK_OFFSET_MS / 86_400_000, hours: MAX_CLOCK_OFFSET_MS / 3_600_000, minutes: MAX_CLOCK_OFFSET_MS / 60_000 } as const
/** The simulation's bounds (routes/controls.ts). */
const SIMULATION_LIMITS = { delayMinutes: 100_000, offRouteKm: 5_000 } as const

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'get', path: '/sandbox/clock', operationId: 'getClock', tag: 'Clock', caller: 'company', summary: 'Read your company\'s clock',
    description: 'The sandbox clock of the caller\'s company: real time plus the company\'s own offset. Quote expiry, Idempotency-Key windows, pickup dates, ETAs and download links of the company all run on it.',
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
    description: 'The carrier-change e-mails of appointment changes after acceptance (each quoting the X-Service-Change-Reason verbatim), oldest first, the caller\'s company only; orderNumber narrows to one order.',
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
    problems: merge(COMPANY, { 400: { reasons: ['validation_failed'], note: 'a malformed orderNumber', example: validation('orderNumber', 'pattern', 'must be 5 letters or digits') } }),
  },
  {
    method: 'post', path: '/sandbox/addresses', operationId: 'createSavedAddress', tag: 'Saved addresses', caller: 'company', summary: 'Save an address with its appointment default',
    description: 'A place of the caller\'s company: an address as a shipment stop needs it (appointmentRequired is the place-level flag) and its place-level appointment default. A create\'s X-Sandbox-Pickup-Address-Id or X-Sandbox-Delivery-Address-Id header places a stop there.',
    body: { schema: 'SavedAddressRequest', description: 'The address and its appointment default.', example: { ...exampleAddress, defaultAccessorials: { appointment: exampleAppointment } } },
    success: { status: 201, description: 'The saved address, with its id.', schema: 'SavedAddress', example: exampleSavedAddress },
    problems: merge(COMPANY, BODY, { 400: { reasons: ['validation_failed'], note: 'violations lists every field', example: validation('zipCode', 'required', 'is required') } }),
  },
  {
    method: 'get', path: '/sandbox/addresses', operationId: 'listSavedAddresses', tag: 'Saved addresses', caller: 'company', summary: 'List your company\'s saved addresses',
    description: 'Every saved address of the caller\'s company, oldest first.',
    success: { status: 200, description: 'The saved addresses.', schema: 'SavedAddressList', example: { addresses: [exampleSavedAddress] } },
    problems: COMPANY,
  },
  {
    method: 'get', path: '/sandbox/addresses/{id}', operationId: 'getSavedAddress', tag: 'Saved addresses', caller: 'company', summary: 'Read a saved address',
    description: 'One saved address of the caller\'s company.',
    parameters: ['addressId'],
    success: { status: 200, description: 'The saved address.', schema: 'SavedAddress', example: exampleSavedAddress },
    problems: merge(COMPANY, ADDRESS),
  },
  {
    method: 'put', path: '/sandbox/addresses/{id}', operationId: 'replaceSavedAddress', tag: 'Saved addresses', caller: 'company', summary: 'Replace a saved address',
    description: 'A full replace with the body of the create; orders placed there see the new default at once.',
    parameters: ['addressId'],
    body: { schema: 'SavedAddressRequest', description: 'The address and its appointment default.', example: { ...exampleAddress, defaultAccessorials: { appointment: exampleAppointment } } },
    success: { status: 200, description: 'The saved address after the replace.', schema: 'SavedAddress', example: exampleSavedAddress },
    problems: merge(COMPANY, BODY, ADDRESS, { 400: { reasons: ['validation_failed'], note: 'violations lists every field', example: validation('zipCode', 'required', 'is required') } }),
  },
  {
    method: 'get', path: '/sandbox/downloads/{orderNumber}/{documentFile}', operationId: 'downloadShipmentDocument', tag: 'Downloads', caller: 'none', summary: 'Download a shipment document by its pre-signed link',
    description: `The link getShipmentDocument gives out: HMAC-SHA-256 signed with the installation's secret, valid ${LINK_VALIDITY_SECONDS / 60} minutes by the clock of the order's company. The link is its own credential.`,
    parameters: ['downloadOrderNumber', 'documentFile', 'expires', 'signature'],
    success: { status: 200, description: 'The PDF, as an attachment.', schema: 'pdf', example: '%PDF-1.7' },
    problems: merge(ANYBODY, {
      403: { reasons: ['forbidden'], note: 'a link that was tampered with, or has expired', example: problemFor('forbidden', 'The download link is not valid.') },
      404: { reasons: ['document_not_found'], note: 'the order or the document no longer exists' },
    }),
  },
  {
    method: 'post', path: '/sandbox/keys/revoke', operationId: 'revokeApiKey', tag: 'Keys', caller: 'company', summary: 'Revoke the API key of this call',
    description: 'Revokes the x-service-api-key the call carries: every later call with it is 403. New keys: the operator\'s createCompanyKey.',
    success: { status: 200, description: 'The key is revoked.', schema: 'KeyRevoked', example: { companyId: EXAMPLE_COMPANY_ID, revoked: true } },
    problems: merge(COMPANY, BODY),
  },
  {
    method: 'post', path: '/sandbox/companies', operationId: 'createCompany', tag: 'Operator', caller: 'operator', summary: 'Create a company and its first key',
    description: 'Creates a company and issues its first API key and bearer token. A name that exists is 409, never a further key: that is createCompanyKey.',
    body: { schema: 'CompanyName', description: 'The company\'s name.', example: { name: 'Globex Shipping' } },
    success: { status: 201, description: 'The company\'s credentials (the key is shown once).', schema: 'IssuedCredentials', example: exampleCredentials },
    problems: merge(OPERATOR, BODY, {
      400: { reasons: ['validation_failed'], note: 'a name missing, blank, over 200 characters or not well-formed text', example: validation('name', 'required', 'must be a company name of 1 to 200 characters') },
      409: { reasons: ['conflict'], note: 'a company of that name exists' },
    }),
  },
  {
    method: 'get', path: '/sandbox/companies', operationId: 'listCompanies', tag: 'Operator', caller: 'operator', summary: 'List the companies',
    description: 'Every company: id, name, creation time, clock offset and number of active keys (never a key).',
    success: { status: 200, description: 'The companies.', schema: 'CompanyList', example: { companies: [{ companyId: EXAMPLE_COMPANY_ID, companyName: 'Globex Shipping', createdAt: EXAMPLE_NOW, clockOffsetMs: 0, activeKeys: 1 }] } },
    problems: OPERATOR,
  },
  {
    method: 'post', path: '/sandbox/companies/{companyId}/keys', operationId: 'createCompanyKey', tag: 'Operator', caller: 'operator', summary: 'Issue a further key for a company',
    description: 'Issues a new API key and bearer token for an existing company; its other keys stay valid.',
    parameters: ['companyId'],
    success: { status: 201, description: 'The new credentials (the key is shown once).', schema: 'IssuedCredentials', example: exampleCredentials },
    problems: merge(OPERATOR, BODY, {
      400: { reasons: ['validation_failed'], note: 'a malformed company id', example: validation('companyId', 'pattern', 'must be a company id (cmp_ and 12 hexadecimal digits)') },
      404: { reasons: ['not_found'], note: 'no company of that id' },
    }),
  },
  {
    method: 'get', path: '/healthz', operationId: 'getLiveness', tag: 'Health', caller: 'none', summary: 'Whether the server is alive',
    description: 'Answers without touching the database; not rate-limited.',
    success: { status: 200, description: 'Alive.', schema: 'Liveness', example: { status: 'ok' } },
    problems: ANYBODY,
  },
  {
    method: 'get', path: '/readyz', operationId: 'getReadiness', tag: 'Health', caller: 'none', summary: 'Whether the server can serve requests',
    description: 'Ready when the database answers a trivial query within about 2 seconds; otherwise 500 internal_error with Retry-After. Not rate-limited.',
    success: { status: 200, description: 'Ready.', schema: 'Readiness', example: { status: 'ready' } },
    problems: { 500: { reasons: ['internal_error'], note: 'the database is unreachable (with Retry-After)' } },
  },
  {
    method: 'get', path: '/api-docs/shipper-v1', operationId: 'getShipperApiDocument', tag: 'API documents', caller: 'none', summary: 'The OpenAPI document of the shipper API',
    description: 'The library\'s OpenAPI 3.1.0 document of /v1/shipper, its first server this sandbox\'s public URL.',
    success: { status: 200, description: 'The document.', schema: 'OpenApiDocument', example: { ...exampleOpenApi, info: { title: 'Shipper Integration API', version: '1.2.0' } } },
    problems: ANYBODY,
  },
  {
    method: 'get', path: '/api-docs/sandbox', operationId: 'getSandboxApiDocument', tag: 'API documents', caller: 'none', summary: 'The OpenAPI document of the sandbox\'s own endpoints',
    description: 'This document, its first server this sandbox\'s public URL.',
    success: { status: 200, description: 'The document.', schema: 'OpenApiDocument', example: exampleOpenApi },
    problems: ANYBODY,
  },
]

type TagName = 'Clock' | 'Orders' | 'Outbox' | 'Saved addresses' | 'Downloads' | 'Keys' | 'Operator' | 'Health' | 'API documents'
const TAGS: ReadonlyArray<{ readonly name: TagName; readonly description: string }> = [
  { name: 'Clock', description: 'Your company\'s sandbox clock: read it, move it forward.' },
  { name: 'Orders', description: 'The carrier\'s side of an order\'s lifecycle, what the API does not show of it, and the simulated truck.' },
  { name: 'Outbox', description: 'The notifications the sandbox would have sent.' },
  { name: 'Saved addresses', description: 'Places with their place-level appointment default.' },
  { name: 'Downloads', description: 'The pre-signed links of the shipment documents.' },
  { name: 'Keys', description: 'Revoking an API key, to see the 403 a revoked key gets.' },
  { name: 'Operator', description: 'The operator\'s control plane: companies and their keys, with the operator token.' },
  { name: 'Health', description: 'Liveness and readiness, with no credentials.' },
  { name: 'API documents', description: 'The OpenAPI documents this sandbox serves, with no credentials.' },
]

/** The sandbox's own component schemas. */
const SANDBOX_SCHEMAS = [
  'Clock', 'ClockAdvance', 'OrderEvent', 'OrderDetails', 'TenderPricing', 'Charge', 'Simulation', 'SimulationSettings', 'Outbox', 'OutboxMessage',
  'SavedAddressRequest', 'SavedAddress', 'SavedAddressList', 'KeyRevoked', 'CompanyName', 'IssuedCredentials', 'CompanyList', 'CompanySummary',
  'Liveness', 'Readiness', 'OpenApiDocument', 'Shipment',
] as const

/** The library's schemas the sandbox's refer to (with those they refer to). */
const SHARED_ROOTS = ['ProblemDetail', 'Shipment', 'AppointmentRequirementRequest'] as const
/** The library's response headers the sandbox's answers carry too. */
const SHARED_HEADERS = ['X-Request-Id', 'Retry-After'] as const

const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` })
const nullable = (schema: Json): Json => ({ anyOf: [schema, { type: 'null' }] })
const whole = (minimum: number, maximum: number, description: string): Json => ({ type: 'integer', minimum, maximum, description })

/**
 * A library object schema with more properties (and required ones): one flat schema rather than an
 * allOf, so that example checkers and generators that close objects see every property.
 */
const extend = (base: Json, more: { readonly description: string; readonly required?: ReadonlyArray<string>; readonly properties: Json }): Json => ({
  ...base,
  description: more.description,
  required: [...((base['required'] ?? []) as ReadonlyArray<string>), ...(more.required ?? [])],
  properties: { ...((base['properties'] ?? {}) as Json), ...more.properties },
})

/** The sandbox's own schemas; `dateTime` and `notBlank` are the library's date-time and required-text schemas, `address` and `shipmentAddress` its Address and ShipmentAddress. */
const ownSchemas = (dateTime: Json, notBlank: Json, address: Json, shipmentAddress: Json): Record<string, Json> => ({
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
      orderNumber: { type: 'string', pattern: '^[A-Za-z0-9]{5}$' },
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
      orderNumber: { type: 'string', pattern: '^[A-Za-z0-9]{5}$' },
      stop: { type: 'string', enum: ['PICKUP', 'DELIVERY'] },
      recipient: { type: 'string' },
      subject: { type: 'string' },
      body: { type: 'string' },
      changeReason: { type: 'string', description: 'The X-Service-Change-Reason, verbatim.' },
      createdAt: dateTime,
    },
  },
  Outbox: {
    description: 'The messages, oldest first.',
    type: 'object',
    required: ['messages'],
    properties: { messages: { type: 'array', items: ref('OutboxMessage') } },
  },
  SavedAddressRequest: extend(shipmentAddress, {
    description: 'A saved address: an address as a shipment stop needs it (the library\'s ShipmentAddress), and its place-level appointment default.',
    properties: {
      defaultAccessorials: nullable({
        type: 'object',
        description: 'The place-level defaults.',
        properties: { appointment: nullable(ref('AppointmentRequirementRequest')) },
      }),
    },
  }),
  SavedAddress: extend(address, {
    description: 'A saved address as the sandbox answers it: the address (the library\'s Address), its id and company, its appointment default, and when it was created and last replaced.',
    required: ['id', 'companyId', 'defaultAccessorials', 'createdAt', 'updatedAt'],
    properties: {
      id: { type: 'string', pattern: '^addr_[0-9a-f]{16}$' },
      companyId: { type: 'string', pattern: '^cmp_[0-9a-f]{12}$' },
      defaultAccessorials: {
        type: 'object',
        required: ['appointment'],
        properties: { appointment: nullable(ref('AppointmentRequirementRequest')) },
      },
      createdAt: dateTime,
      updatedAt: dateTime,
    },
  }),
  SavedAddressList: {
    description: 'The company\'s saved addresses, oldest first.',
    type: 'object',
    required: ['addresses'],
    properties: { addresses: { type: 'array', items: ref('SavedAddress') } },
  },
  KeyRevoked: {
    description: 'The key is revoked.',
    type: 'object',
    required: ['companyId', 'revoked'],
    properties: { companyId: { type: 'string', pattern: '^cmp_[0-9a-f]{12}$' }, revoked: { type: 'boolean', const: true } },
  },
  CompanyName: {
    description: 'A new company.',
    type: 'object',
    required: ['name'],
    properties: { name: { ...notBlank, maxLength: 200, description: 'The company\'s name, 1 to 200 characters, unique.' } },
  },
  IssuedCredentials: {
    description: 'A company\'s credentials: send the token as Authorization: Bearer and the key as x-service-api-key.',
    type: 'object',
    required: ['companyId', 'companyName', 'apiKey', 'token'],
    properties: {
      companyId: { type: 'string', pattern: '^cmp_[0-9a-f]{12}$' },
      companyName: { type: 'string' },
      apiKey: { type: 'string', pattern: '^sk_sandbox_[A-Za-z0-9_-]+$' },
      token: { type: 'string', description: 'A bearer token (JWT) with the scope shipper.' },
    },
  },
  CompanySummary: {
    description: 'A company, without its keys.',
    type: 'object',
    required: ['companyId', 'companyName', 'createdAt', 'clockOffsetMs', 'activeKeys'],
    properties: {
      companyId: { type: 'string', pattern: '^cmp_[0-9a-f]{12}$' },
      companyName: { type: 'string' },
      createdAt: dateTime,
      clockOffsetMs: whole(0, MAX_CLOCK_OFFSET_MS, 'How far ahead of real time its clock runs, milliseconds.'),
      activeKeys: { type: 'integer', minimum: 0, description: 'Keys not revoked.' },
    },
  },
  CompanyList: {
    description: 'Every company, oldest first.',
    type: 'object',
    required: ['companies'],
    properties: { companies: { type: 'array', items: ref('CompanySummary') } },
  },
  Liveness: { description: 'The server is alive.', type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ok' } } },
  Readiness: { description: 'The server and its database answer.', type: 'object', required: ['status'], properties: { status: { type: 'string', const: 'ready' } } },
  OpenApiDocument: {
    description: 'An OpenAPI 3.1.0 document.',
    type: 'object',
    required: ['openapi', 'info', 'paths'],
    properties: { openapi: { type: 'string', const: '3.1.0' }, info: { type: 'object' }, paths: { type: 'object' } },
  },
})

const PARAMETERS = (shipper: Json): Record<ParameterName, Json> => {
  const orderNumberSchema = ((shipper['parameters'] as Json | undefined)?.['orderNumber'] as Json | undefined)?.['schema'] ?? { type: 'string', pattern: '^[A-Za-z0-9]{5}$' }
  const path = (name: string, description: string, schema: unknown, example: string): Json => ({ name, in: 'path', required: true, description, schema, example })
  return {
    orderNumber: path('orderNumber', 'The order number (PRO number): 5 letters or digits.', orderNumberSchema, PARAMETER_EXAMPLES.orderNumber),
    addressId: path('id', 'The saved address id (addr_ and 16 hexadecimal digits).', { type: 'string' }, PARAMETER_EXAMPLES.addressId),
    companyId: path('companyId', 'The company id (cmp_ and 12 hexadecimal digits).', { type: 'string' }, PARAMETER_EXAMPLES.companyId),
    downloadOrderNumber: path('orderNumber', 'The order number of the link.', { type: 'string' }, PARAMETER_EXAMPLES.downloadOrderNumber),
    documentFile: path('documentFile', 'The document\'s file: its type and .pdf.', { type: 'string', enum: ['BILL_OF_LADING.pdf', 'INVOICE.pdf', 'SHIPPING_LABEL.pdf', 'POD.pdf'] }, PARAMETER_EXAMPLES.documentFile),
    expires: { name: 'expires', in: 'query', required: true, description: 'When the link expires, seconds since the epoch (by the order\'s company\'s clock).', schema: { type: 'string', pattern: '^\\d{1,12}$' }, example: PARAMETER_EXAMPLES.expires },
    signature: { name: 'signature', in: 'query', required: true, description: 'The link\'s signature.', schema: { type: 'string' }, example: PARAMETER_EXAMPLES.signature },
    outboxOrderNumber: { name: 'orderNumber', in: 'query', required: false, description: 'Only the messages of this order.', schema: orderNumberSchema, example: PARAMETER_EXAMPLES.outboxOrderNumber },
  }
}

/** The sandbox's own response headers; X-Request-Id and Retry-After are the library's (its document's components.headers). */
const HEADERS: Record<string, Json> = {
  'WWW-Authenticate': {
    description: 'The bearer challenge (RFC 6750).',
    schema: { type: 'string' },
    example: 'Bearer realm="shipper-rules-sandbox", scope="shipper"',
  },
  'Content-Disposition': {
    description: 'The file name of the attachment.',
    schema: { type: 'string' },
    example: `attachment; filename="${EXAMPLE_ORDER}-BILL_OF_LADING.pdf"`,
  },
}
const header = (name: string): Json => ({ $ref: `#/components/headers/${name}` })

const SECURITY_SCHEMES: Record<string, Json> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'A company\'s bearer token (the token of createCompany or createCompanyKey), sent together with its API key, as on the shipper API.',
  },
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-service-api-key',
    description: 'A company\'s API key, sent together with its bearer token, as on the shipper API.',
  },
  operatorToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator token: printed by the sandbox at start, or set with --operator-token / SANDBOX_OPERATOR_TOKEN.',
  },
}
const SECURITY: Readonly<Record<Caller, ReadonlyArray<Json>>> = {
  company: [{ bearerAuth: [], apiKey: [] }],
  operator: [{ operatorToken: [] }],
  none: [],
}

/** The problem example of a response: the endpoint's own, else the first reason's plain problem; with an instance when the schema has one. */
const problemExample = (reasons: ReadonlyArray<ReasonCode>, example: ProblemDetail | undefined, withInstance: boolean): Json => {
  const problem: Json = { ...(example ?? problemFor(reasons[0]!)) }
  return withInstance ? { ...problem, instance: 'urn:request-id:5f0c3b52-8d0e-4a51-9a43-0f3c1f0e8b7d' } : problem
}

const operation = (e: Endpoint, withInstance: boolean): Json => {
  const table = merge(e.problems, HTTP_LAYER)
  const problems = STATUS_ORDER.flatMap((status) => {
    const p = table[status]
    if (p === undefined) return []
    const reasons = p.reasons as ReadonlyArray<ReasonCode>
    const headers: Json = {
      'X-Request-Id': header('X-Request-Id'),
      ...(status === 429 || status === 500 ? { 'Retry-After': header('Retry-After') } : {}),
      ...(status === 401 ? { 'WWW-Authenticate': header('WWW-Authenticate') } : {}),
    }
    const listed = reasons.map((r) => `\`${r}\` (${REASON_CATALOGUE[r].title})`).join(', ')
    return [[String(status), {
      description: `${p.note[0]!.toUpperCase()}${p.note.slice(1)}. ${reasons.length === 1 ? 'Reason' : 'Reasons'}: ${listed}.`,
      headers,
      content: {
        'application/problem+json': {
          schema: { allOf: [ref('ProblemDetail'), { type: 'object', properties: { reason: { type: 'string', enum: [...reasons] } } }] },
          example: problemExample(reasons, p.example, withInstance),
        },
      },
    }] as const]
  })
  const s = e.success
  const successContent = s.schema === 'pdf'
    ? { 'application/pdf': { schema: { type: 'string', format: 'binary', contentMediaType: 'application/pdf' }, example: s.example } }
    : { 'application/json': { schema: ref(s.schema), example: s.example } }
  return {
    operationId: e.operationId,
    tags: [e.tag],
    summary: e.summary,
    description: e.description,
    security: SECURITY[e.caller],
    ...(e.parameters === undefined ? {} : { parameters: e.parameters.map((p) => ({ $ref: `#/components/parameters/${p}` })) }),
    ...(e.body === undefined ? {} : { requestBody: { required: true, description: e.body.description, content: { 'application/json': { schema: ref(e.body.schema), example: e.body.example } } } }),
    responses: {
      [String(s.status)]: {
        description: s.description,
        headers: { 'X-Request-Id': header('X-Request-Id'), ...(s.schema === 'pdf' ? { 'Content-Disposition': header('Content-Disposition') } : {}) },
        content: successContent,
      },
      ...Object.fromEntries(problems),
    },
  }
}

/** The schema names a schema refers to, directly. */
const refsOf = (value: unknown, into: Set<string>): void => {
  if (Array.isArray(value)) for (const v of value) refsOf(v, into)
  else if (typeof value === 'object' && value !== null) {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) into.add(v.slice('#/components/schemas/'.length))
      else refsOf(v, into)
    }
  }
}

/** The default servers: a base_url variable (the sandbox prefixes its own URL when it serves the document). */
export const SANDBOX_SERVERS: ReadonlyArray<Json> = [
  {
    url: '{base_url}',
    description: 'The sandbox: the base URL it was started with (--public-url), or the address it listens on.',
    variables: { base_url: { default: 'http://127.0.0.1:8080', description: 'The sandbox\'s base URL, without a trailing slash.' } },
  },
]

/** The endpoints of the document, for tests: method, path (OpenAPI template) and operationId. */
export const sandboxOperations = (): ReadonlyArray<{ readonly method: string; readonly path: string; readonly operationId: string }> =>
  ENDPOINTS.map((e) => ({ method: e.method, path: e.path, operationId: e.operationId }))

/**
 * The OpenAPI 3.1.0 document of the sandbox's own endpoints, generated afresh from the table
 * above and the library's document (whose ProblemDetail, Shipment, address and appointment
 * schemas it copies); a Left when the library's document cannot be generated.
 */
export const sandboxOpenApiDocument = (): SandboxDocumentResult => {
  const shipper = openApiDocument()
  if (shipper._tag === 'Left') return { _tag: 'Left', left: shipper.left }
  const components = shipper.right.components as unknown as { schemas: Record<string, Json>; parameters: Json }
  const library = components.schemas
  const shipmentProps = (library['Shipment']?.['properties'] ?? {}) as Record<string, Json>
  const addressProps = (library['ShipmentAddress']?.['properties'] ?? {}) as Record<string, Json>
  const strip = ({ description: _d, example: _e, examples: _x, ...schema }: Json): Json => schema
  const dateTime = shipmentProps['createdAt'] !== undefined ? strip(shipmentProps['createdAt']) : { type: 'string', format: 'date-time' }
  const notBlank = addressProps['name'] !== undefined ? strip(addressProps['name']) : { type: 'string', minLength: 1 }
  const address = library['Address']
  const shipmentAddress = library['ShipmentAddress']
  if (address === undefined || shipmentAddress === undefined) return { _tag: 'Left', left: ["the library's document has no schema Address or ShipmentAddress"] }
  const own = ownSchemas(dateTime, notBlank, address, shipmentAddress)
  const libraryHeaders = ((shipper.right.components as unknown as { headers?: Record<string, Json> }).headers ?? {})
  const missingHeaders = SHARED_HEADERS.filter((h) => libraryHeaders[h] === undefined)
  if (missingHeaders.length > 0) return { _tag: 'Left', left: missingHeaders.map((h) => `the library's document has no header ${h}`) }
  // the library's schemas reached from the roots and from the sandbox's own, transitively
  const shared = new Set<string>()
  const fromOwn = new Set<string>()
  refsOf(own, fromOwn)
  const queue: string[] = [...SHARED_ROOTS, ...[...fromOwn].filter((n) => own[n] === undefined)]
  while (queue.length > 0) {
    const name = queue.pop()!
    if (shared.has(name) || library[name] === undefined) continue
    shared.add(name)
    const next = new Set<string>()
    refsOf(library[name], next)
    queue.push(...next)
  }
  const missing = SHARED_ROOTS.filter((n) => library[n] === undefined)
  if (missing.length > 0) return { _tag: 'Left', left: missing.map((n) => `the library's document has no schema ${n}`) }
  const schemas: Record<string, Json> = {}
  for (const name of [...shared].sort()) schemas[name] = library[name]!
  for (const [name, schema] of Object.entries(own)) schemas[name] = schema
  const withInstance = typeof (library['ProblemDetail']?.['properties'] as Json | undefined)?.['instance'] === 'object'
  const paths: Record<string, Record<string, Json>> = {}
  for (const e of ENDPOINTS) (paths[e.path] ??= {})[e.method] = operation(e, withInstance)
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Shipper Rules Sandbox Controls',
      version: '1.0.0',
      summary: 'The sandbox\'s own endpoints: clock, lifecycle, outbox, saved addresses, downloads, keys, operator controls, health.',
      description: [
        'What the shipper-rules sandbox adds to the shipper API (whose own document is GET /api-docs/shipper-v1): the parts of the lifecycle and of time the API does not expose, saved addresses with their appointment defaults, the notifications it would have sent, the pre-signed downloads, key revocation, the operator\'s control plane, and health.',
        '',
        'Three kinds of caller: a company, with the same two credentials as the API (a bearer token and an x-service-api-key), reaching only its own data; the operator, with the operator token; anybody, for health, downloads (the link is its own credential) and the documents. Every answer carries X-Request-Id; every error is an application/problem+json ProblemDetail of the library\'s catalogue.',
      ].join('\n'),
      contact: (shipper.right.info as { contact?: Json }).contact ?? { name: 'shipper-rules maintainers' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: SANDBOX_SERVERS,
    security: SECURITY.company,
    tags: TAGS,
    paths,
    components: {
      schemas,
      parameters: PARAMETERS(components as unknown as Json),
      headers: { ...Object.fromEntries(SHARED_HEADERS.map((h) => [h, libraryHeaders[h]!])), ...HEADERS },
      securitySchemes: SECURITY_SCHEMES,
    },
  }
  return { _tag: 'Right', right: JSON.parse(JSON.stringify(document)) as Json }
}
