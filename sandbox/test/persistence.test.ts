// The data survives a restart: the same data directory (or PostgreSQL schema) opened again by a
// new server holds the orders, the keys, the secrets (tokens and download links still verify)
// and the sandbox clock.
import { afterAll, describe, expect, it } from 'vitest'
import { createBody, freshStoreOptions, quoteBody, removeStore, startSandbox } from './support/harness.js'

const storeOptions = freshStoreOptions()
afterAll(() => removeStore(storeOptions))

describe('persistence across a restart', () => {
  it('orders, credentials, Idempotency-Keys and the clock are there after a restart', async () => {
    const first = await startSandbox(storeOptions)
    const acme = await first.company('Acme Freight Buyers')
    const quote = await first.call('POST', '/v1/shipper/quote', { as: acme, body: quoteBody({ customerReference: 'KEEP' }) })
    const created = await first.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: quote.json.id }), headers: { 'idempotency-key': 'keep-1' } })
    await first.call('PUT', `/v1/shipper/shipment/${created.json.orderNumber}/confirm`, { as: acme })
    const clock = await first.call('POST', '/sandbox/clock', { as: acme, body: { hours: 3 } })
    const doc = await first.call('GET', `/v1/shipper/shipment/${created.json.orderNumber}/document/BILL_OF_LADING`, { as: acme })
    await first.stop()

    const second = await startSandbox(storeOptions)
    try {
      const read = await second.call('GET', `/v1/shipper/shipment/${created.json.orderNumber}`, { as: acme })
      expect(read.status).toBe(200)
      expect(read.json.orderStatus).toBe('CONFIRMED')
      const replay = await second.call('POST', '/v1/shipper/shipment', { as: acme, body: createBody({ quoteId: quote.json.id }), headers: { 'idempotency-key': 'keep-1' } })
      expect(replay.json).toEqual(created.json)
      expect((await second.call('GET', '/v1/shipper/quotes/by-reference?reference=KEEP', { as: acme })).json.quoteId).toBe(quote.json.id)
      const now = (await second.call('GET', '/sandbox/clock', { as: acme })).json
      expect(Date.parse(now.now)).toBeGreaterThanOrEqual(Date.parse(clock.json.now))
      expect(now.offsetMs).toBeGreaterThan(3 * 3600_000 - 60_000)
      const link = new URL(doc.json.downloadLink)
      expect((await second.call('GET', link.pathname + link.search)).status).toBe(200)
      expect(second.openApiFailures).toEqual([])
    } finally {
      await second.stop()
    }
  })
})
