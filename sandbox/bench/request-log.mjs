#!/usr/bin/env node
// The console's request log, the server's side of its write: the CPU this process spends per
// logged request to redact, cap and insert realistic entries (a create's headers, body and
// answer) in batches as the server's flush makes them, on a fresh PGlite directory or a fresh
// schema of the PostgreSQL server of DATABASE_URL. It prints, per round, the milliseconds of CPU
// per logged request (process.cpuUsage: this thread and the process's others), a steadier figure
// than the load benchmark's log on / off ratio on a busy machine.
//
//   node bench/request-log.mjs [--entries 4800] [--batch 160] [--rounds 3]
//   DATABASE_URL=postgres://user@127.0.0.1:5432/db node bench/request-log.mjs
//
// Needs the sandbox built (npm run build in sandbox/). No timing is asserted.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { Clocks } from '../dist/clock/clock.js'
import { openStore } from '../dist/db/store.js'
import { RequestLog } from '../dist/features/console/capture.js'

const { values } = parseArgs({ options: { entries: { type: 'string', default: '4800' }, batch: { type: 'string', default: '160' }, rounds: { type: 'string', default: '3' } } })
const entries = Math.max(1, Number(values.entries))
const batch = Math.max(1, Number(values.batch))
const rounds = Math.max(1, Number(values.rounds))
const url = process.env['DATABASE_URL']
const schema = `sbx_logbench_${randomBytes(4).toString('hex')}`
const dataDir = url ? undefined : join(mkdtempSync(join(tmpdir(), 'sandbox-logbench-')), 'data')
const store = await openStore(url ? { databaseUrl: url, schema } : { dataDir })
const companyId = 'cmp_000000000001'
await store.query("INSERT INTO companies (id, name, created_at) VALUES ($1, 'request log bench', now()) ON CONFLICT DO NOTHING", [companyId])

const body = JSON.stringify({
  quoteId: '0e4c1b5e-3a0b-4a43-9d6a-0f6c1f0b2a11', refNumber: 'REF-1', description: 'Pallets',
  pickupAddress: { name: 'Acme', street: '1 Main St', city: 'Chicago', state: 'IL', zipCode: '60601' },
  deliveryAddress: { name: 'Beta', street: '2 Broad St', city: 'New York', state: 'NY', zipCode: '10004' },
  components: [{ quantity: 2, weightLbs: 500, dimensions: { lengthIn: 48, widthIn: 40, heightIn: 48 } }],
})
const answer = JSON.stringify({ id: 'ord_0e4c1b5e-3a0b-4a43-9d6a-0f6c1f0b2a11', companyId, userId: 'usr_000000000001', orderNumber: 'ABCDE', orderStatus: 'INITIALIZED', totalPriceInCents: 123456, createdAt: '2026-11-28T17:00:00Z', updatedAt: '2026-11-28T17:00:00Z' })
const entry = (i) => ({
  companyId, requestId: `bench-${i}`, at: Date.now(), method: 'POST', url: '/v1/shipper/shipment', route: '/v1/shipper/shipment', status: 200, durationMs: 3.2,
  requestHeaders: { host: '127.0.0.1:4000', connection: 'keep-alive', 'content-type': 'application/json', 'content-length': String(body.length), authorization: `Bearer ${randomBytes(90).toString('base64url')}`, 'x-api-key': `sk_sandbox_${randomBytes(24).toString('base64url')}`, 'idempotency-key': `k-${i}` },
  requestBody: body,
  responseHeaders: { 'x-request-id': `bench-${i}`, 'content-type': 'application/json; charset=utf-8', 'content-length': String(answer.length) },
  responseBody: answer,
})

// the default bound (1,000 per company, trimmed every 50 writes); no timer: each batch is flushed here
const log = new RequestLog(store, new Clocks(), 1_000, Number.MAX_SAFE_INTEGER, 2 ** 31 - 1)
for (let i = 0; i < batch * 4; i++) log.push(entry(i))
await log.flush()
const figures = []
for (let round = 0; round < rounds; round++) {
  const before = process.cpuUsage()
  for (let done = 0; done < entries; done += batch) {
    for (let i = 0; i < batch; i++) log.push(entry(done + i))
    await log.flush()
  }
  const used = process.cpuUsage(before)
  figures.push(((used.user + used.system) / 1000 / (Math.ceil(entries / batch) * batch)).toFixed(4))
}
console.log(`request log on ${url ? 'PostgreSQL' : 'PGlite'}: CPU ms per logged request, batches of ${batch}, ${rounds} rounds: ${figures.join(' ')}; failed ${log.failed}, dropped ${log.dropped}`)
await log.close()
if (url) await store.query(`DROP SCHEMA ${schema} CASCADE`)
await store.close()
if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
