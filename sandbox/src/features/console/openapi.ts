// The console's JSON API in the sandbox's document (its pages, GET /console and
// /console/assets/*, are not an API: see routes.ts).
import { HEADER_KEY, problemFor } from 'shipper-rules'
import { CLOCK_LIMITS } from '../../clock/clock.js'
import { COMPANY, EXAMPLE_COMPANY_ID, EXAMPLE_NOW, EXAMPLE_ORDER, merge, nullable, OPERATOR, ORDER, pathParameter, ref, validation, whole, type DocumentPart, type Endpoint, type Json, type LibraryPieces } from '../../openapi/parts.js'
import { LOG_PAGE } from './routes.js'

const EXAMPLE_SUMMARY = {
  id: '1042',
  requestId: '5f0c3b52-8d0e-4a51-9a43-0f3c1f0e8b7d',
  at: '2026-11-26T21:34:10.357Z',
  companyAt: EXAMPLE_NOW,
  method: 'POST',
  path: '/v1/shipper/shipment',
  route: '/v1/shipper/shipment',
  status: 400,
  reason: 'validation_failed',
  durationMs: 4.21,
  violationCount: 1,
}
const EXAMPLE_DETAIL = {
  ...EXAMPLE_SUMMARY,
  query: '',
  request: { headers: { [HEADER_KEY.authorization]: '[redacted]', [HEADER_KEY.apiKey]: '[redacted]', 'content-type': 'application/json' }, body: '{"description":"Pallets"}', bodyTruncated: false, contentType: 'application/json' },
  response: { headers: { 'content-type': 'application/problem+json; charset=utf-8' }, body: '{"reason":"validation_failed"}', bodyTruncated: false, contentType: 'application/problem+json; charset=utf-8' },
  reasonRules: ['ERR-01', 'ERR-02'],
  violations: [{ field: 'pickupAddress.zipCode', code: 'pattern', message: 'must be 5 digits', rules: ['ADDR-04'] }],
}

const FILTERS = ['logMethod', 'logStatus', 'logPath', 'logReason']
const filterProblem = { 400: { reasons: ['validation_failed'] as const, note: 'a malformed filter (method, status class, path over 512 characters, reason)', example: validation('status', 'pattern', 'must be a status class: 1xx, 2xx, 3xx, 4xx or 5xx') } }

const ENDPOINTS: ReadonlyArray<Endpoint> = [
  {
    method: 'get', path: '/sandbox/console/requests', operationId: 'listConsoleRequests', tag: 'Console', caller: 'company', summary: 'Your company\'s request log',
    description: `The requests your company made with its credentials, newest first, redacted (no credential, no download signature), a page at a time (at most ${LOG_PAGE.max}). Kept in the database: every sandbox process on one PostgreSQL shows the same log; bounded per company (--request-log-limit, 1,000 by default).`,
    parameters: [...FILTERS, 'logBefore', 'logLimit'],
    success: { status: 200, description: 'A page of the log; `next` is the `before` of the next page, or null.', schema: 'ConsoleRequestPage', example: { items: [EXAMPLE_SUMMARY], next: null } },
    problems: merge(COMPANY, filterProblem),
  },
  {
    method: 'get', path: '/sandbox/console/requests/stream', operationId: 'streamConsoleRequests', tag: 'Console', caller: 'company', summary: 'Your company\'s request log, live',
    description: 'Server-sent events: one `event: request` with a ConsoleRequestSummary as its data for each new entry of the log that passes the filters, and a comment every 15 seconds. Works across sandbox processes on one PostgreSQL (the stream reads the table).',
    parameters: FILTERS,
    success: { status: 200, description: 'The stream (it stays open).', schema: 'EventStream', example: `event: request\nid: 1042\ndata: ${JSON.stringify(EXAMPLE_SUMMARY)}\n\n` },
    problems: merge(COMPANY, filterProblem),
  },
  {
    method: 'get', path: '/sandbox/console/requests/{entryId}', operationId: 'getConsoleRequest', tag: 'Console', caller: 'company', summary: 'One request of your log, in full',
    description: 'The request and its answer: headers (credentials "[redacted]"), bodies (at most 64 KiB each, download signatures "[redacted]"), and the violations of a ProblemDetail answer with the rules each breaks (the library\'s rulesForViolation and rulesForReason).',
    parameters: ['entryId'],
    success: { status: 200, description: 'The entry.', schema: 'ConsoleRequestDetail', example: EXAMPLE_DETAIL },
    problems: merge(COMPANY, {
      400: { reasons: ['validation_failed'], note: 'an id that is not digits', example: validation('entryId', 'pattern', 'must be the id of an entry of the request log (digits)') },
      404: { reasons: ['not_found'], note: 'no such entry in your company\'s log (another company\'s entry is not found either)' },
    }),
  },
  {
    method: 'get', path: '/sandbox/console/errors', operationId: 'listConsoleErrors', tag: 'Console', caller: 'company', summary: 'Your company\'s failures, grouped',
    description: 'The failed requests (status 400 and above) of the retained log, grouped by method, route, status, reason and violation code, with counts, the last time and the rules they break.',
    success: { status: 200, description: 'The groups, the largest first.', schema: 'ConsoleErrorGroups', example: { groups: [{ method: 'POST', route: '/v1/shipper/shipment', status: 400, reason: 'validation_failed', code: 'pattern', count: 3, lastAt: EXAMPLE_NOW, rules: ['ADDR-04', 'ERR-01', 'ERR-02'] }] } },
    problems: COMPANY,
  },
  {
    method: 'get', path: '/sandbox/console/orders', operationId: 'listConsoleOrders', tag: 'Console', caller: 'company', summary: 'Your company\'s orders',
    description: 'Your company\'s orders, newest first (at most 200); `q` keeps those whose order number, refNumber, poNumber, referenceNumbers or quote customer reference contain it (case-insensitive).',
    parameters: ['orderSearch'],
    success: { status: 200, description: 'The orders.', schema: 'ConsoleOrderList', example: { items: [{ orderNumber: EXAMPLE_ORDER, status: 'CONFIRMED', refNumber: 'BOL-4471', description: 'Machine parts', customerReference: 'PO-99812', createdAt: EXAMPLE_NOW, updatedAt: EXAMPLE_NOW }] } },
    problems: merge(COMPANY, { 400: { reasons: ['validation_failed'], note: 'a search over 200 characters', example: problemFor('validation_failed', undefined, [{ field: 'q', entity: null, reason: 'must be given once, at most 200 characters', code: 'max_length' }]) } }),
  },
  {
    method: 'get', path: '/sandbox/console/orders/{orderNumber}', operationId: 'getConsoleOrder', tag: 'Console', caller: 'company', summary: 'One order: its timeline and notifications',
    description: 'The order, each change of its state (by real time and by the company clock; the creation\'s real time is not recorded) and the notifications sent for it. Another company\'s order is not found.',
    parameters: ['orderNumber'],
    success: { status: 200, description: 'The order.', schema: 'ConsoleOrder', example: {
      order: { orderNumber: EXAMPLE_ORDER, status: 'CONFIRMED', refNumber: null, description: 'Machine parts', customerReference: null, createdAt: EXAMPLE_NOW, updatedAt: EXAMPLE_NOW },
      timeline: [{ from: null, to: 'INITIALIZED', event: null, at: null, companyAt: EXAMPLE_NOW }, { from: 'INITIALIZED', to: 'CONFIRMED', event: 'CONFIRM', at: '2026-11-26T21:35:00Z', companyAt: EXAMPLE_NOW }],
      notifications: [],
    } },
    problems: merge(COMPANY, { 400: ORDER[400]!, 404: { reasons: ['shipment_not_found'], note: 'no order of that number in your company' } }),
  },
  {
    method: 'get', path: '/sandbox/console/map', operationId: 'getConsoleMap', tag: 'Console', caller: 'company', summary: 'Your company\'s orders under way, for a map',
    description: 'Each order from confirmation to delivery whose stops are known ZIP codes: pickup and delivery (the ZIP centroid) and the current position (the library\'s tracking estimate; the delivery once delivered; null before pickup).',
    success: { status: 200, description: 'The orders.', schema: 'ConsoleMap', example: { items: [{ orderNumber: EXAMPLE_ORDER, status: 'PICKED_UP', pickup: { lat: 41.88, lon: -87.63, label: 'Chicago, IL 60601' }, delivery: { lat: 39.1, lon: -84.51, label: 'Cincinnati, OH 45202' }, position: { lat: 40.5, lon: -86.1 } }] } },
    problems: COMPANY,
  },
  {
    method: 'get', path: '/sandbox/console/clock/preview', operationId: 'previewConsoleClock', tag: 'Console', caller: 'company', summary: 'What moving your clock would change',
    description: 'Your company\'s time now and after the move, the open quotes that would expire and the download links (those the log saw handed out) that would lapse. The move itself is advanceClock.',
    parameters: ['previewDays', 'previewHours', 'previewMinutes'],
    success: { status: 200, description: 'The preview.', schema: 'ConsoleClockPreview', example: { now: EXAMPLE_NOW, then: '2026-11-28T21:34:10.357Z', quotesExpiring: ['qt_8c1f2d9a4b7e4c01'], linksLapsing: [{ orderNumber: EXAMPLE_ORDER, documentType: 'BILL_OF_LADING', expiresAt: '2026-11-26T21:49:10Z' }] } },
    problems: merge(COMPANY, { 400: { reasons: ['validation_failed'], note: 'a unit that is not a whole number within the clock\'s range', example: validation('days', 'out_of_range', `must be a whole number from 0 to ${CLOCK_LIMITS.days}`) } }),
  },
  {
    method: 'get', path: '/sandbox/console/companies', operationId: 'listConsoleCompanies', tag: 'Console', caller: 'operator', summary: 'The companies and their keys\' ids',
    description: 'Every company with its keys\' ids (the first 12 hexadecimal digits of the key\'s SHA-256) and creation times; never a key or a token.',
    success: { status: 200, description: 'The companies, oldest first.', schema: 'ConsoleCompanies', example: { items: [{ companyId: EXAMPLE_COMPANY_ID, name: 'Globex Shipping', createdAt: EXAMPLE_NOW, keys: [{ keyId: 'key_3b9f0c1a2d4e', createdAt: EXAMPLE_NOW, revoked: false }] }] } },
    problems: OPERATOR,
  },
]

const obj = (description: string, properties: Json, required: ReadonlyArray<string> = Object.keys(properties)): Json => ({ description, type: 'object', required: [...required], properties })
const str: Json = { type: 'string' }
const strOrNull: Json = nullable(str)
const rules: Json = { type: 'array', items: { type: 'string', pattern: '^[A-Z]+-\\d{2}$' }, description: 'Rule IDs of RULES.md.' }
const point: Json = obj('A position.', { lat: { type: 'number', minimum: -90, maximum: 90 }, lon: { type: 'number', minimum: -180, maximum: 180 } })

const schemas = ({ dateTime }: LibraryPieces): Record<string, Json> => {
  const summary = {
    id: { type: 'string', pattern: '^[1-9][0-9]*$', description: 'The entry\'s id (newer entries have larger ids).' },
    requestId: { ...str, description: 'The X-Request-Id of the request.' },
    at: { ...dateTime, description: 'When it was answered, real time.' },
    companyAt: { ...dateTime, description: 'When it was answered, by the company clock.' },
    method: str,
    path: { ...str, description: 'The path, without the query.' },
    route: { ...str, description: 'The route it matched (Fastify\'s pattern, e.g. /v1/shipper/shipment/:orderNumber).' },
    status: { type: 'integer', minimum: 100, maximum: 599 },
    reason: { ...strOrNull, description: 'The ProblemDetail reason of an error answer.' },
    durationMs: { type: 'number', minimum: 0 },
    violationCount: { type: 'integer', minimum: 0 },
  }
  const message = obj('One side of the exchange.', { headers: { type: 'object', additionalProperties: str }, body: strOrNull, bodyTruncated: { type: 'boolean' }, contentType: strOrNull })
  return {
    EventStream: { description: 'A text/event-stream.', type: 'string' },
    ConsoleRequestSummary: obj('An entry of the request log.', summary),
    ConsoleRequestPage: obj('A page of the request log.', { items: { type: 'array', items: ref('ConsoleRequestSummary') }, next: strOrNull }),
    ConsoleRequestDetail: obj('An entry of the request log in full, redacted.', {
      ...summary,
      query: { ...str, description: 'The query string, without "?", redacted.' },
      request: message,
      response: message,
      reasonRules: rules,
      violations: { type: 'array', items: obj('A violation of the answer.', { field: str, code: str, message: str, rules }) },
    }),
    ConsoleErrorGroups: obj('Failures grouped.', {
      groups: { type: 'array', items: obj('A group of failures.', { method: str, route: str, status: { type: 'integer' }, reason: strOrNull, code: strOrNull, count: { type: 'integer', minimum: 1 }, lastAt: dateTime, rules }) },
    }),
    ConsoleOrderSummary: obj('An order in a list.', { orderNumber: str, status: str, refNumber: strOrNull, description: strOrNull, customerReference: strOrNull, createdAt: dateTime, updatedAt: dateTime }),
    ConsoleOrderList: obj('Orders.', { items: { type: 'array', items: ref('ConsoleOrderSummary') } }),
    ConsoleOrder: obj('An order with its timeline and notifications.', {
      order: ref('ConsoleOrderSummary'),
      timeline: { type: 'array', items: obj('A change of state.', { from: strOrNull, to: str, event: strOrNull, at: nullable(dateTime), companyAt: dateTime }) },
      notifications: { type: 'array', items: { type: 'object' } },
    }),
    ConsoleMap: obj('Orders under way.', {
      items: { type: 'array', items: obj('An order on the map.', { orderNumber: str, status: str, pickup: obj('A stop.', { lat: { type: 'number' }, lon: { type: 'number' }, label: str }), delivery: obj('A stop.', { lat: { type: 'number' }, lon: { type: 'number' }, label: str }), position: nullable(point) }) },
    }),
    ConsoleClockPreview: obj('What a clock move would change.', {
      now: dateTime,
      then: dateTime,
      quotesExpiring: { type: 'array', items: str },
      linksLapsing: { type: 'array', items: obj('A download link that would lapse.', { orderNumber: str, documentType: str, expiresAt: dateTime }) },
    }),
    ConsoleCompanies: obj('Companies and their keys\' ids.', {
      items: { type: 'array', items: obj('A company.', { companyId: str, name: str, createdAt: dateTime, keys: { type: 'array', items: obj('A key, by id.', { keyId: str, createdAt: dateTime, revoked: { type: 'boolean' } }) } }) },
    }),
  }
}

const query = (param: string, description: string, schema: Json, example: unknown): Json => ({ name: param, in: 'query', required: false, description, schema, example })

const parameters = (): Record<string, Json> => ({
  logMethod: query('method', 'Only requests of this method.', { type: 'string', enum: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] }, 'POST'),
  logStatus: query('status', 'Only answers of this status class.', { type: 'string', enum: ['1xx', '2xx', '3xx', '4xx', '5xx'] }, '4xx'),
  logPath: query('path', 'Only paths that contain this.', { type: 'string', maxLength: 512 }, '/v1/shipper'),
  logReason: query('reason', 'Only error answers of this reason.', { type: 'string', pattern: '^[a-z][a-z0-9_]{0,63}$' }, 'validation_failed'),
  logBefore: query('before', 'Only entries older than this id (the `next` of the previous page).', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, '999999999'),
  logLimit: query('limit', `Entries per page, 1 to ${LOG_PAGE.max} (default ${LOG_PAGE.default}).`, whole(1, LOG_PAGE.max, 'Entries per page.'), 50),
  entryId: pathParameter('entryId', 'The id of an entry of the request log.', { type: 'string', pattern: '^[1-9][0-9]{0,14}$' }, '1042'),
  orderSearch: query('q', 'Only orders whose number or references contain this.', { type: 'string', maxLength: 200 }, 'PO-'),
  previewDays: query('days', 'Days to move.', whole(0, CLOCK_LIMITS.days, 'Days.'), 2),
  previewHours: query('hours', 'Hours to move.', whole(0, CLOCK_LIMITS.hours, 'Hours.'), 3),
  previewMinutes: query('minutes', 'Minutes to move.', whole(0, CLOCK_LIMITS.minutes, 'Minutes.'), 30),
})

/** The console's part of the sandbox's document. */
export const consoleDocument: DocumentPart = {
  tags: [{ name: 'Console', description: 'What the console at /console reads: your company\'s request log (live), its errors, orders, map and clock preview; the companies for the operator.' }],
  endpoints: ENDPOINTS,
  schemas,
  parameters,
}
