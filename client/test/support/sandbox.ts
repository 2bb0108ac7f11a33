// What the end-to-end files need from the sandbox besides the client: a company of their own (the
// operator's control), the carrier's side of the lifecycle (company controls), the order details
// the API does not show, and request bodies to start from (those of sandbox/test/support/harness.ts).
// These calls are plain fetch on purpose: they are the test's own view of the server, not the
// client under test.
import { randomBytes } from 'node:crypto'
import type { CreateShipmentInput, QuoteRequestInput } from 'shipper-rules-client'

export interface Credentials {
  readonly companyId: string
  readonly apiKey: string
  readonly token: string
}

/** The carrier-side events of POST /sandbox/orders/{n}/events the tests use. */
export type CarrierEvent = 'ACCEPT' | 'REJECT' | 'ASSIGN' | 'PICK_UP' | 'DELIVER'

/** The two credentials of the API, as headers. */
export const companyHeaders = (creds: Credentials): Record<string, string> => ({
  authorization: `Bearer ${creds.token}`,
  'x-service-api-key': creds.apiKey,
})

const answer = async (response: Response, what: string, expected: number): Promise<any> => {
  const text = await response.text()
  if (response.status !== expected) throw new Error(`${what}: ${response.status} ${text}`)
  return text === '' ? undefined : JSON.parse(text)
}

/** A new company with its first key and token (POST /sandbox/companies, the operator token); the name gets a random suffix, so every call makes a new one. */
export const newCompany = async (base: string, operatorToken: string, name: string): Promise<Credentials> => {
  const response = await fetch(`${base}/sandbox/companies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `${name} ${randomBytes(6).toString('hex')}` }),
  })
  const created = (await answer(response, `POST /sandbox/companies ${name}`, 201)) as Credentials
  return { companyId: created.companyId, apiKey: created.apiKey, token: created.token }
}

/** Sends a carrier event to an order of the company; resolves with the control's answer (the shipment). */
export const event = async (base: string, creds: Credentials, orderNumber: string, carrierEvent: CarrierEvent): Promise<any> => {
  const response = await fetch(`${base}/sandbox/orders/${encodeURIComponent(orderNumber)}/events`, {
    method: 'POST',
    headers: { ...companyHeaders(creds), 'content-type': 'application/json' },
    body: JSON.stringify({ event: carrierEvent }),
  })
  return answer(response, `event ${carrierEvent} on ${orderNumber}`, 200)
}

/** GET /sandbox/orders/{n}: the order as the sandbox keeps it (its status, pricing decision, times); null when the company has no such order. */
export const orderDetails = async (base: string, creds: Credentials, orderNumber: string): Promise<any | null> => {
  const response = await fetch(`${base}/sandbox/orders/${encodeURIComponent(orderNumber)}`, { headers: companyHeaders(creds) })
  if (response.status === 404) {
    await response.arrayBuffer()
    return null
  }
  return answer(response, `GET /sandbox/orders/${orderNumber}`, 200)
}

/** A raw call of the API with the company's credentials, outside the client: what the server answers to exactly these bytes. */
export const rawCall = async (base: string, creds: Credentials, method: string, path: string, body?: unknown): Promise<{ status: number; headers: Headers; json: any }> => {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...companyHeaders(creds), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  const text = await response.text()
  return { status: response.status, headers: response.headers, json: text === '' ? undefined : JSON.parse(text) }
}

/** A unique marker for a test's bodies (a refNumber, a customerReference): 1 to 50 characters of A-Z 0-9 and '-'. */
export const marker = (prefix: string): string => `${prefix}-${randomBytes(5).toString('hex').toUpperCase()}`

// ---- request bodies to start from (sandbox/test/support/harness.ts) ----

export const pickup = { name: 'Lakeside DC', address1: '2400 S Wolf Rd', city: 'Des Plaines', state: 'IL' as const, zipCode: '60018', phoneNumber: '+18475550142', contactPerson: 'Dana Whitfield' }
export const delivery = { name: 'Dallas Foods', address1: '1 Main St', city: 'Dallas', state: 'TX' as const, zipCode: '75201', phoneNumber: '+12145550100', contactPerson: 'Ann Lee' }
export const components = [{ palletCount: 2, poundsWeight: 900, dimensions: { length: 48, width: 40, height: 48 } }]

/** A QuoteRequest for the lane of `pickup` and `delivery`. */
export const quoteBody = (overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput =>
  ({ pickupAddress: { zipCode: pickup.zipCode }, deliveryAddress: { zipCode: delivery.zipCode }, orderComponents: components, ...overrides })

/** A CreateShipmentRequest matching `quoteBody()` (so a quote of it is matchable). */
export const createBody = (overrides: Partial<CreateShipmentInput> = {}): CreateShipmentInput =>
  ({ pickupAddress: pickup, deliveryAddress: delivery, orderComponents: components, description: 'Grocery restock', ...overrides })
