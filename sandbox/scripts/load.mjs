#!/usr/bin/env node
// `npm run load`: the sandbox under a realistic mix, against 127.0.0.1 only and bounded in time.
//
// Starts the server the way an operator does (bin/shipper-rules-sandbox.js, logging off) on a fresh
// PGlite data directory, or on a fresh schema of the PostgreSQL server of DATABASE_URL; creates a
// company and a few orders to read; runs autocannon with each connection cycling through the mix
// below; prints requests per second, p50/p99 latency and errors; then stops the server and checks
// in the database that every create answered 200 is there exactly once (and that every replay of
// an Idempotency-Key answered the order its first request created).
//
//   node scripts/load.mjs [--duration 20] [--connections 16] [--json FILE]
//   DATABASE_URL=postgres://user@127.0.0.1:5432/db node scripts/load.mjs
//   LOAD_NODE_FLAGS='--cpu-prof --cpu-prof-dir=prof' node scripts/load.mjs   (profile the server)
//
// The mix, per connection, in this order and then again (12 requests):
//   quote ×2, create without Idempotency-Key ×1, create with a new key ×1, the same create
//   replayed with that key ×1, get shipment ×3, tracking poll ×3 (one with include=location), get ×1.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { openStore } from '../dist/db/store.js'

const BIN = fileURLToPath(new URL('../bin/shipper-rules-sandbox.js', import.meta.url))
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '16' },
    json: { type: 'string' },
  },
})
const duration = Math.min(Math.max(Number(values.duration), 1), 300)
const connections = Math.min(Math.max(Number(values.connections), 1), 256)

// ---- the database: a fresh one per run ----
const databaseUrl = process.env['DATABASE_URL']
const onPostgres = databaseUrl !== undefined && databaseUrl !== ''
const schema = `sbx_load_${randomBytes(4).toString('hex')}`
const dataDir = onPostgres ? undefined : mkdtempSync(join(tmpdir(), 'sandbox-load-'))
const storeOptions = onPostgres ? { databaseUrl, schema } : { dataDir }
// creates the schema (PostgreSQL) and runs the migrations before the server starts
await (await openStore(storeOptions)).close()
const serverUrl = onPostgres ? withSearchPath(databaseUrl, schema) : undefined

function withSearchPath(url, name) {
  const u = new URL(url)
  u.searchParams.set('options', `-c search_path=${name}`)
  return u.toString()
}

// ---- the server ----
const env = { ...process.env }
if (serverUrl !== undefined) env['DATABASE_URL'] = serverUrl
else delete env['DATABASE_URL']
// LOAD_NODE_FLAGS: node flags for the server process, e.g. '--cpu-prof --cpu-prof-dir=prof' to profile it
const nodeFlags = (process.env['LOAD_NODE_FLAGS'] ?? '').split(' ').filter((f) => f !== '')
const child = spawn(process.execPath, [...nodeFlags, BIN, '--port', '0', '--quiet', ...(dataDir !== undefined ? ['--data', dataDir] : [])], { env, stdio: ['ignore', 'ignore', 'pipe'] })
const base = await new Promise((resolve, reject) => {
  let banner = ''
  const timer = setTimeout(() => reject(new Error(`the server did not start: ${banner}`)), 60_000)
  child.stderr.on('data', (chunk) => {
    banner += chunk.toString('utf8')
    const m = /export SANDBOX=(\S+)/.exec(banner)
    if (m !== null) {
      clearTimeout(timer)
      resolve(m[1])
    }
  })
  child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${banner}`)))
})
if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`refusing to load anything but 127.0.0.1: ${base}`)

const post = async (path, body, headers = {}) => {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: r.status, json: await r.json() }
}
const company = (await post('/sandbox/companies', { name: 'Load Test Shipper' })).json
const auth = { authorization: `Bearer ${company.token}`, 'x-service-api-key': company.apiKey }

const pickup = { name: 'Lakeside DC', address1: '2400 S Wolf Rd', city: 'Des Plaines', state: 'IL', zipCode: '60018', phoneNumber: '+18475550142', contactPerson: 'Dana Whitfield' }
const delivery = { name: 'Dallas Foods', address1: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201', phoneNumber: '+12145550100', contactPerson: 'Ann Lee' }
const components = [
  { palletCount: 2, poundsWeight: 900, dimensions: { length: 48, width: 40, height: 48 } },
  { palletCount: 1, poundsWeight: 400, description: 'Dry goods', freightClass: '70' },
]
const createBody = JSON.stringify({ pickupAddress: pickup, deliveryAddress: { ...delivery, insideRequired: true }, orderComponents: components, description: 'Grocery restock', referenceNumbers: ['PO-1', 'PO-2'] })
const quoteBody = JSON.stringify({ pickupAddress: { zipCode: '60018' }, deliveryAddress: { zipCode: '75201', insideRequired: true }, orderComponents: components, customerReference: 'LOAD' })

// orders to read: half of them picked up, so that tracking with include=location has a position
const readable = []
for (let i = 0; i < 20; i++) {
  const created = await post('/v1/shipper/shipment', JSON.parse(createBody), auth)
  if (created.status !== 200) throw new Error(`setup create: ${created.status} ${JSON.stringify(created.json)}`)
  const order = created.json.orderNumber
  if (i % 2 === 0) {
    for (const event of ['ACCEPT', 'ASSIGN', 'PICK_UP']) await post(`/sandbox/orders/${order}/events`, { event }, auth)
  }
  readable.push(order)
}
const setupOrders = readable.length

// ---- the run ----
const acknowledged = new Map() // orderNumber → number of 200 answers naming it
const keyed = new Map() // Idempotency-Key → orderNumber of its first 200
let replayMismatches = 0
let seq = 0
const pick = () => readable[seq++ % readable.length]
const json = { ...auth, 'content-type': 'application/json' }
const ack = (status, body) => {
  if (status !== 200) return undefined
  const order = JSON.parse(body).orderNumber
  acknowledged.set(order, (acknowledged.get(order) ?? 0) + 1)
  return order
}
const get = (path) => ({ method: 'GET', headers: auth, setupRequest: (req) => ({ ...req, path: path() }) })
const mix = [
  { method: 'POST', path: '/v1/shipper/quote', headers: json, body: quoteBody },
  get(() => `/v1/shipper/shipment/${pick()}`),
  { method: 'POST', path: '/v1/shipper/shipment', headers: json, body: createBody, onResponse: (status, body) => ack(status, body) },
  get(() => `/v1/shipper/shipment/${pick()}/tracking`),
  {
    method: 'POST',
    path: '/v1/shipper/shipment',
    body: createBody,
    setupRequest: (req, context) => {
      context.key = `load-${randomBytes(8).toString('hex')}`
      return { ...req, headers: { ...json, 'idempotency-key': context.key } }
    },
    onResponse: (status, body, context) => {
      const order = ack(status, body)
      if (order !== undefined) keyed.set(context.key, order)
    },
  },
  get(() => `/v1/shipper/shipment/${pick()}/tracking?include=location`),
  {
    method: 'POST',
    path: '/v1/shipper/shipment',
    body: createBody,
    setupRequest: (req, context) => ({ ...req, headers: { ...json, 'idempotency-key': context.key } }),
    onResponse: (status, body, context) => {
      const order = ack(status, body)
      const first = keyed.get(context.key)
      if (order !== undefined && first !== undefined && order !== first) replayMismatches++
    },
  },
  get(() => `/v1/shipper/shipment/${pick()}`),
  { method: 'POST', path: '/v1/shipper/quote', headers: json, body: quoteBody },
  get(() => `/v1/shipper/shipment/${pick()}/tracking`),
  get(() => `/v1/shipper/shipment/${pick()}`),
  get(() => `/v1/shipper/shipment/${pick()}/tracking`),
]

const result = await autocannon({ url: base, connections, duration, requests: mix, timeout: 10 })

// ---- after: stop the server, then look in the database ----
await new Promise((resolve) => {
  child.once('exit', resolve)
  child.kill('SIGTERM')
})
const store = await openStore(storeOptions)
let lost = 0
let duplicated = 0
let stored = 0
let unacknowledged = 0
try {
  const rows = await store.query('SELECT order_number, count(*)::int AS n FROM orders GROUP BY order_number')
  const inDb = new Map(rows.map((r) => [r.order_number, Number(r.n)]))
  stored = [...inDb.values()].reduce((a, b) => a + b, 0) - setupOrders
  for (const order of acknowledged.keys()) {
    const n = inDb.get(order) ?? 0
    if (n === 0) lost++
    if (n > 1) duplicated++
  }
  // orders the database holds that no 200 named: requests cut off when the run's time ran out
  unacknowledged = stored - acknowledged.size
  // every stored Idempotency-Key answers the order it created, and that order exists
  const keys = await store.query('SELECT response FROM idempotency_keys')
  for (const k of keys) if (!inDb.has(JSON.parse(k.response).orderNumber)) lost++
} finally {
  await store.close()
  if (onPostgres) {
    const pg = (await import('pg')).default
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.end()
  }
  if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true })
}

const codes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)]))
const figures = {
  database: onPostgres ? 'postgres' : 'pglite',
  durationSeconds: result.duration,
  connections,
  requests: result.requests.total,
  requestsPerSecond: Math.round(result.requests.average),
  latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  statusCodes: codes,
  creates: { acknowledged: acknowledged.size, stored, lost, duplicated, replayMismatches, unacknowledged },
}
const line = (k, v) => `${k.padEnd(28)} ${v}`
process.stdout.write(
  [
    `sandbox load: ${figures.database}, ${connections} connections, ${result.duration} s, node ${process.version}`,
    line('requests', figures.requests),
    line('requests per second', figures.requestsPerSecond),
    line('latency p50 / p90 / p99 ms', `${figures.latencyMs.p50} / ${figures.latencyMs.p90} / ${figures.latencyMs.p99} (max ${figures.latencyMs.max})`),
    line('errors / timeouts / non-2xx', `${figures.errors} / ${figures.timeouts} / ${figures.non2xx}`),
    line('status codes', JSON.stringify(codes)),
    line('creates acknowledged (200)', acknowledged.size),
    line('  lost / duplicated', `${lost} / ${duplicated}`),
    line('  replays naming another order', replayMismatches),
    line('  stored, never acknowledged', `${unacknowledged} (cut off when the time ran out)`),
    '',
  ].join('\n'),
)
if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(figures, null, 2)}\n`)
const failed = lost > 0 || duplicated > 0 || replayMismatches > 0 || result.errors > 0 || result.non2xx > 0
process.exitCode = failed ? 1 : 0
