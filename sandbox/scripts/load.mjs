#!/usr/bin/env node
// `npm run load`: the sandbox under a realistic integrator mix, side by side with a stateless mock
// of its own OpenAPI document (Prism) in the same run, against 127.0.0.1 only and bounded in time.
//
// Starts the server the way an operator does (bin/shipper-rules-sandbox.js, logging off, through
// shipper-rules-testkit's startSandbox, which waits for its --ready-json line) on a fresh
// PGlite data directory and/or on a fresh schema of the PostgreSQL server of DATABASE_URL, and
// `prism mock` on the document the library generates (openApiDocument(), the one the sandbox serves
// at /api-docs/shipper-v1). Each scenario runs on the mock and on each sandbox in turn (--rounds
// slices each, alternating), with the same connections, duration and request sequence; it prints requests per second,
// p50/p99 latency, the ratios against the mock, and the CPU time per request of the server process
// and of the database (/proc/<pid>/stat, Linux). Then it stops the servers and checks in each
// database that every create answered 200 is stored exactly once, that every Idempotency-Key
// answered 200 names its order, and that every confirm answered 200 left its order CONFIRMED.
// Ratios are the point: the machine's load moves the absolute figures, and both sides share it.
//
//   node scripts/load.mjs [--duration 15] [--rounds 3] [--warmup 3] [--connections 16] [--scenario mix,create-confirm]
//                         [--databases pglite,postgres] [--peer prism|none] [--request-log on|off|both] [--json FILE]
//   DATABASE_URL=postgres://user@127.0.0.1:5432/db node scripts/load.mjs      (PostgreSQL; add
//       --databases postgres,pglite to run both and print PGlite's ratio to PostgreSQL)
//   LOAD_NODE_FLAGS='--cpu-prof --cpu-prof-dir=prof' node scripts/load.mjs   (profile the sandbox)
//   … --before-bin /tmp/before/sandbox/bin/shipper-rules-sandbox.js   (another build on PGlite too, as `pglite-before`)
//   … --databases postgres,pglite,pglite-optimizing   (PGlite also with --pglite-compiler optimizing, as `pglite-optimizing`)
//
// It also prints each server's start time (PGlite: on a fresh directory, so a first start) and its
// resident memory idle after setup, idle after the load, and at its peak. Idle twice: 2 s after the
// last request, and once the sandbox's idle compaction has run (2 s after its quiet period, from
// dist/server/idleCompaction.js: an idle sandbox gives its grown heaps back).
//
// --request-log: the sandbox with its console request log on (the default: 1,000 requests kept per
// company), off (--request-log-limit 0), or both side by side (each database twice: `postgres` with
// the log, `postgres-nolog` without), to show what the log costs.
//
// Scenarios, each connection repeating its chain until the time is up:
//   mix             quote; create on that quote (its id) with a new Idempotency-Key; read the
//                   shipment; its tracking; tracking with include=location (of an order picked
//                   up at setup, so that there is a position to compute); confirm the shipment.
//   create-confirm  create on a quote made at setup (one per connection) with a new
//                   Idempotency-Key; confirm it.
// On the mock, an id it answers that the document's request formats refuse (Prism answers
// "string") is replaced by a fixed valid one, so both sides get the same requests.
import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { startSandbox as startSandboxCli } from 'shipper-rules-testkit'
import { openStore } from '../dist/db/store.js'
import { IDLE_COMPACTION_QUIET_MS } from '../dist/server/idleCompaction.js'

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '15' },
    warmup: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '16' },
    scenario: { type: 'string', default: 'mix,create-confirm' },
    databases: { type: 'string' },
    peer: { type: 'string', default: 'prism' },
    json: { type: 'string' },
    'request-log': { type: 'string', default: 'on' },
    'before-bin': { type: 'string' },
  },
})
if (!['on', 'off', 'both'].includes(values['request-log'])) throw new Error('--request-log: on, off or both')
const logVariants = values['request-log'] === 'both' ? ['on', 'off'] : [values['request-log']]
const duration = Math.min(Math.max(Number(values.duration), 1), 300)
const warmup = Math.min(Math.max(Number(values.warmup), 0), 60)
const rounds = Math.min(Math.max(Math.round(Number(values.rounds)), 1), 20)
const connections = Math.min(Math.max(Number(values.connections), 1), 256)
const SCENARIOS = ['mix', 'create-confirm']
const scenarios = values.scenario.split(',').filter((s) => s !== '')
for (const s of scenarios) if (!SCENARIOS.includes(s)) throw new Error(`--scenario: one or more of ${SCENARIOS.join(', ')}`)
if (!['prism', 'none'].includes(values.peer)) throw new Error('--peer: prism or none')

const databaseUrl = process.env['DATABASE_URL']
const haveUrl = databaseUrl !== undefined && databaseUrl !== ''
const databases = (values.databases ?? (haveUrl ? 'postgres' : 'pglite')).split(',').filter((d) => d !== '')
// --before-bin FILE: another build's bin/shipper-rules-sandbox.js (say a `git worktree` of the commit
// before a change, built), run on PGlite as the target `pglite-before`, beside the others
if (values['before-bin'] !== undefined && !databases.includes('pglite-before')) databases.push('pglite-before')
for (const d of databases) {
  if (!['pglite', 'postgres', 'pglite-before', 'pglite-optimizing'].includes(d)) throw new Error('--databases: pglite, pglite-optimizing and/or postgres')
  if (d === 'pglite-before' && values['before-bin'] === undefined) throw new Error('pglite-before needs --before-bin')
  if (d === 'postgres' && !haveUrl) throw new Error('--databases postgres needs DATABASE_URL')
}

// ---- /proc: CPU time of processes (utime + stime, and what their reaped children used) ----
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()
/** The fields of /proc/<pid>/stat after the command name: [state, ppid, …]; undefined if unreadable. */
const statOf = (pid) => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return text.slice(text.lastIndexOf(')') + 2).split(' ')
  } catch {
    return undefined
  }
}
/** CPU milliseconds a process used itself (utime + stime), or undefined. */
const cpuMs = (pid) => {
  const f = statOf(pid)
  return f === undefined ? undefined : ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK
}
/** Resident memory in MiB of a process and its live children (a worker thread is in the process), or undefined. */
const rssMiB = (root) => {
  const kb = (pid, field) => {
    try {
      const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      return m === null ? 0 : Number(m[1])
    } catch {
      return undefined
    }
  }
  const own = kb(root, 'VmRSS')
  if (own === undefined) return undefined
  let total = own
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const c = statOf(name)
    if (c !== undefined && Number(c[1]) === root) total += kb(name, 'VmRSS') ?? 0
  }
  return Math.round(total / 1024)
}
/** The peak resident memory (VmHWM) of a process in MiB. */
const peakMiB = (pid) => {
  try {
    const m = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return m === null ? undefined : Math.round(Number(m[1]) / 1024)
  } catch {
    return undefined
  }
}
/** CPU milliseconds of a process tree root: itself, its reaped children (cutime + cstime) and its live children. */
const treeMs = (root) => {
  const f = statOf(root)
  if (f === undefined) return undefined
  let ms = ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / CLK_TCK
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const c = statOf(name)
    if (c !== undefined && Number(c[1]) === root) ms += ((Number(c[11]) + Number(c[12])) * 1000) / CLK_TCK
  }
  return ms
}

// ---- the peers: processes on 127.0.0.1 ----
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address()
      s.close(() => resolve(port))
    })
  })
const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
const children = []
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL')
})
const operatorToken = `load_${randomBytes(24).toString('base64url')}`

const withParams = (url, params) => {
  const u = new URL(url)
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v)
  return u.toString()
}

/** A sandbox on a fresh database: its base URL, process, store options and what to clean up. */
const startSandbox = async (database, log = 'on') => {
  const onPostgres = database === 'postgres'
  const schema = `sbx_load_${randomBytes(4).toString('hex')}`
  // PGlite: a directory that does not exist yet, so that the server's start is a first start
  const dataDir = onPostgres ? undefined : join(mkdtempSync(join(tmpdir(), 'sandbox-load-')), 'data')
  const storeOptions = onPostgres ? { databaseUrl, schema } : { dataDir }
  // creates the schema and runs the migrations before the server starts (PostgreSQL)
  if (onPostgres) await (await openStore(storeOptions)).close()
  const env = { ...process.env, SANDBOX_OPERATOR_TOKEN: operatorToken }
  // application_name: how the benchmark finds the server's backends in pg_stat_activity
  if (onPostgres) env['DATABASE_URL'] = withParams(databaseUrl, { options: `-c search_path=${schema}`, application_name: schema })
  else delete env['DATABASE_URL']
  // LOAD_NODE_FLAGS: node flags for the server process, e.g. '--cpu-prof --cpu-prof-dir=prof' to profile it
  const nodeFlags = (process.env['LOAD_NODE_FLAGS'] ?? '').split(' ').filter((f) => f !== '')
  const startedAt = process.hrtime.bigint()
  // this script's own build (not the testkit's default), or --before-bin's
  const bin = database === 'pglite-before' ? values['before-bin'] : fileURLToPath(new URL('../bin/shipper-rules-sandbox.js', import.meta.url))
  const args = [...(log === 'off' ? ['--request-log-limit', '0'] : []), ...(database === 'pglite-optimizing' ? ['--pglite-compiler', 'optimizing'] : [])]
  const started = await startSandboxCli({ env, nodeFlags, bin, ...(args.length > 0 ? { args } : {}), ...(dataDir !== undefined ? { dataDir } : {}) })
  const startMs = Number(process.hrtime.bigint() - startedAt) / 1e6
  const { child, baseUrl: base } = started
  children.push(child)
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`refusing to load anything but 127.0.0.1: ${base}`)
  return { name: log === 'off' ? `${database}-nolog` : database, kind: 'sandbox', database, base, child, schema, dataDir: dataDir === undefined ? undefined : dirname(dataDir), storeOptions, onPostgres, startMs }
}

/** `prism mock` of the library's OpenAPI document, logging errors only. */
const startPrism = async () => {
  const require = createRequire(import.meta.url)
  let cli
  try {
    const pkgPath = require.resolve('@stoplight/prism-cli/package.json')
    cli = join(dirname(pkgPath), JSON.parse(readFileSync(pkgPath, 'utf8')).bin.prism)
  } catch {
    throw new Error('@stoplight/prism-cli is not installed (a devDependency of the sandbox: npm install), or run with --peer none')
  }
  const { openApiDocument } = await import('shipper-rules/openapi')
  const doc = openApiDocument()
  if (doc._tag !== 'Right') throw new Error('openApiDocument() failed')
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-load-prism-'))
  const file = join(dir, 'shipper-v1.json')
  writeFileSync(file, JSON.stringify(doc.right))
  const port = await freePort()
  const child = spawn(process.execPath, [cli, 'mock', '--host', '127.0.0.1', '--port', String(port), '--verboseLevel', 'error', file], { stdio: ['ignore', 'ignore', 'pipe'] })
  children.push(child)
  let log = ''
  child.stderr.on('data', (chunk) => (log = (log + chunk.toString('utf8')).slice(-4000)))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prism exited (${child.exitCode}): ${log}`)
    try {
      await fetch(`${base}/v1/shipper/quotes/by-reference?reference=X`)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`prism did not start: ${log}`)
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  const version = JSON.parse(readFileSync(join(dirname(cli), '..', 'package.json'), 'utf8')).version
  return { name: `prism ${version}`, kind: 'mock', base, child, dir }
}

// ---- the requests ----
const pickup = { name: 'Lakeside DC', address1: '2400 S Wolf Rd', city: 'Des Plaines', state: 'IL', zipCode: '60018', phoneNumber: '+18475550142', contactPerson: 'Dana Whitfield' }
const delivery = { name: 'Dallas Foods', address1: '1 Main St', city: 'Dallas', state: 'TX', zipCode: '75201', phoneNumber: '+12145550100', contactPerson: 'Ann Lee' }
const components = [
  { palletCount: 2, poundsWeight: 900, dimensions: { length: 48, width: 40, height: 48 } },
  { palletCount: 1, poundsWeight: 400, description: 'Dry goods', freightClass: '70' },
]
const createBodyOn = (quoteId) => JSON.stringify({ quoteId, pickupAddress: pickup, deliveryAddress: { ...delivery, insideRequired: true }, orderComponents: components, description: 'Grocery restock', referenceNumbers: ['PO-1', 'PO-2'] })
const quoteBody = JSON.stringify({ pickupAddress: { zipCode: '60018' }, deliveryAddress: { zipCode: '75201', insideRequired: true }, orderComponents: components, customerReference: 'LOAD' })
const UUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/
const ORDER_NUMBER = /^[A-Za-z0-9]{5}$/
const FALLBACK_QUOTE = '3f2504e0-4f89-11d3-9a0c-0305e82c3301'
const FALLBACK_ORDER = 'ABCDE'
const parse = (body) => {
  try {
    return JSON.parse(body)
  } catch {
    return {}
  }
}

/** Per target: the credentials, orders picked up at setup, quotes made at setup, and what it acknowledged. */
const prepare = async (target) => {
  const post = async (path, body, headers = {}) => {
    const r = await fetch(`${target.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })
    return { status: r.status, json: parse(await r.text()) }
  }
  let auth
  if (target.kind === 'sandbox') {
    const company = await post('/sandbox/companies', { name: 'Load Test Shipper' }, { authorization: `Bearer ${operatorToken}` })
    if (company.status >= 300) throw new Error(`setup company: ${company.status} ${JSON.stringify(company.json)}`)
    auth = { authorization: `Bearer ${company.json.token}`, 'x-service-api-key': company.json.apiKey }
  } else {
    auth = { authorization: 'Bearer mock-token', 'x-service-api-key': 'mock-key' }
  }
  const quote = async () => {
    const q = await post('/v1/shipper/quote', quoteBody, auth)
    if (q.status !== 200) throw new Error(`setup quote: ${q.status} ${JSON.stringify(q.json)}`)
    return UUID.test(q.json.id) ? q.json.id : FALLBACK_QUOTE
  }
  // orders picked up, for tracking with include=location (the sandbox's own controls; the mock has none)
  const pickedUp = []
  for (let i = 0; i < 8; i++) {
    const created = await post('/v1/shipper/shipment', createBodyOn(await quote()), auth)
    if (created.status !== 200) throw new Error(`setup create: ${created.status} ${JSON.stringify(created.json)}`)
    const order = ORDER_NUMBER.test(created.json.orderNumber) ? created.json.orderNumber : FALLBACK_ORDER
    if (target.kind === 'sandbox') {
      const confirmed = await fetch(`${target.base}/v1/shipper/shipment/${order}/confirm`, { method: 'PUT', headers: auth })
      if (confirmed.status !== 200) throw new Error(`setup confirm: ${confirmed.status} ${await confirmed.text()}`)
      for (const event of ['ACCEPT', 'ASSIGN', 'PICK_UP']) {
        const e = await post(`/sandbox/orders/${order}/events`, { event }, auth)
        if (e.status !== 200) throw new Error(`setup ${event}: ${e.status} ${JSON.stringify(e.json)}`)
      }
    }
    pickedUp.push(order)
  }
  const quotes = []
  for (let i = 0; i < connections; i++) quotes.push(await quote())
  return { auth, pickedUp, quotes, setupOrders: pickedUp.length, acknowledged: new Map(), keyed: new Map(), confirmed: new Set() }
}

/** The requests of a scenario for autocannon (one chain per connection, `context` carrying its ids). */
const requestsFor = (scenario, target, state) => {
  const json = { ...state.auth, 'content-type': 'application/json' }
  const record = target.kind === 'sandbox'
  let turn = 0
  const create = (quoteOf) => ({
    method: 'POST',
    path: '/v1/shipper/shipment',
    setupRequest: (req, context) => {
      context.key = `load-${randomBytes(8).toString('hex')}`
      return { ...req, headers: { ...json, 'idempotency-key': context.key }, body: createBodyOn(quoteOf(context)) }
    },
    onResponse: (status, body, context) => {
      const order = status === 200 ? parse(body).orderNumber : undefined
      context.order = ORDER_NUMBER.test(order ?? '') ? order : FALLBACK_ORDER
      if (record && order !== undefined) {
        state.acknowledged.set(order, (state.acknowledged.get(order) ?? 0) + 1)
        state.keyed.set(context.key, order)
      }
    },
  })
  const confirm = {
    method: 'PUT',
    path: '/v1/shipper/shipment/ABCDE/confirm',
    setupRequest: (req, context) => ({ ...req, path: `/v1/shipper/shipment/${context.order}/confirm`, headers: state.auth }),
    onResponse: (status, _body, context) => {
      if (record && status === 200) state.confirmed.add(context.order)
    },
  }
  const get = (path) => ({ method: 'GET', path: '/', setupRequest: (req, context) => ({ ...req, path: path(context), headers: state.auth }) })
  if (scenario === 'create-confirm') {
    return [create(() => state.quotes[turn++ % state.quotes.length]), confirm]
  }
  return [
    {
      method: 'POST',
      path: '/v1/shipper/quote',
      headers: json,
      body: quoteBody,
      onResponse: (status, body, context) => {
        const id = status === 200 ? parse(body).id : undefined
        context.quoteId = UUID.test(id ?? '') ? id : FALLBACK_QUOTE
      },
    },
    create((context) => context.quoteId),
    get((context) => `/v1/shipper/shipment/${context.order}`),
    get((context) => `/v1/shipper/shipment/${context.order}/tracking`),
    get(() => `/v1/shipper/shipment/${state.pickedUp[turn++ % state.pickedUp.length]}/tracking?include=location`),
    confirm,
  ]
}

// ---- the database's CPU: the server's backends (PostgreSQL), or inside the server (PGlite) ----
const pgAdmin = async () => {
  const pg = (await import('pg')).default
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  return admin
}

/** Samples the CPU of the backends serving application_name = schema every 200 ms, and the whole cluster's. */
const watchPostgres = async (admin, target) => {
  const backendPids = async () => (await admin.query('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [target.schema])).rows.map((r) => Number(r.pid))
  const ownPid = Number((await admin.query('SELECT pg_backend_pid() AS pid')).rows[0].pid)
  const postmaster = statOf(ownPid) === undefined ? undefined : Number(statOf(ownPid)[1])
  if (postmaster === undefined) return { unreadable: `the database's processes are not readable here (/proc/${ownPid}: another machine or PID namespace)` }
  const first = new Map()
  const last = new Map()
  const sample = async (initial) => {
    for (const pid of await backendPids()) {
      const ms = cpuMs(pid)
      if (ms === undefined) continue
      if (!first.has(pid)) first.set(pid, initial ? ms : 0) // a backend born during the run: all of its time counts
      last.set(pid, ms)
    }
  }
  await sample(true)
  const clusterBefore = treeMs(postmaster)
  let busy = false
  const timer = setInterval(() => {
    if (busy) return
    busy = true
    sample(false).finally(() => (busy = false))
  }, 200)
  return {
    stop: async () => {
      clearInterval(timer)
      while (busy) await new Promise((r) => setTimeout(r, 10))
      await sample(false)
      const clusterAfter = treeMs(postmaster)
      let backends = 0
      for (const [pid, ms] of last) backends += ms - (first.get(pid) ?? 0)
      return { backendsMs: backends, backends: last.size, clusterMs: clusterBefore !== undefined && clusterAfter !== undefined ? clusterAfter - clusterBefore : undefined }
    },
  }
}

/** One slice: autocannon on one target for `seconds`, every response's latency kept, CPU read before and after. */
const slice = async (target, scenario, state, seconds) => {
  const requests = requestsFor(scenario, target, state)
  const admin = target.kind === 'sandbox' && target.onPostgres ? await pgAdmin() : undefined
  const watch = admin !== undefined ? await watchPostgres(admin, target) : undefined
  const serverBefore = cpuMs(target.child.pid)
  const mainBefore = cpuMs(`${target.child.pid}/task/${target.child.pid}`)
  const selfBefore = process.cpuUsage()
  const latencies = []
  const result = await new Promise((resolve, reject) => {
    const instance = autocannon({ url: target.base, connections, duration: seconds, requests, timeout: 10 }, (error, r) => (error ? reject(error) : resolve(r)))
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime))
  })
  const self = process.cpuUsage(selfBefore)
  const serverAfter = cpuMs(target.child.pid)
  const mainAfter = cpuMs(`${target.child.pid}/task/${target.child.pid}`)
  // (a watch that could not read the database's processes carries the reason instead)
  const db = watch?.stop !== undefined ? await watch.stop() : watch
  if (admin !== undefined) await admin.end()
  return {
    seconds: result.duration,
    latencies,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, Number(v.count)])),
    serverMs: serverBefore !== undefined && serverAfter !== undefined ? serverAfter - serverBefore : undefined,
    serverMainMs: mainBefore !== undefined && mainAfter !== undefined ? mainAfter - mainBefore : undefined,
    db,
    generatorMs: (self.user + self.system) / 1000,
  }
}

/** The slices of one target in one scenario as one result: all responses' latencies, CPU summed. */
const aggregate = (target, scenario, slices) => {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b)
  const n = latencies.length
  const at = (q) => (n === 0 ? null : Math.round(latencies[Math.min(n - 1, Math.floor(q * n))] * 10) / 10)
  const seconds = slices.reduce((a, s) => a + s.seconds, 0)
  const sum = (f) => slices.reduce((a, s) => (a === undefined || f(s) === undefined ? undefined : a + f(s)), 0)
  const perRequest = (ms) => (ms === undefined || n === 0 ? undefined : ms / n)
  const codes = {}
  for (const s of slices) for (const [k, v] of Object.entries(s.statusCodes)) codes[k] = (codes[k] ?? 0) + v
  const unreadable = slices.find((s) => s.db?.unreadable !== undefined)?.db.unreadable
  return {
    target: target.name,
    scenario,
    durationSeconds: seconds,
    slices: slices.length,
    requests: n,
    requestsPerSecond: Math.round(n / seconds),
    latencyMs: { p50: at(0.5), p90: at(0.9), p99: at(0.99), max: n === 0 ? null : Math.round(latencies[n - 1]) },
    errors: sum((s) => s.errors),
    timeouts: sum((s) => s.timeouts),
    non2xx: sum((s) => s.non2xx),
    statusCodes: codes,
    cpuMsPerRequest: {
      server: perRequest(sum((s) => s.serverMs)),
      // the server's main thread (HTTP, the rules, the sandbox's code); the rest of `server` is its
      // other threads: the PGlite worker, V8's garbage collection and compilers
      serverMainThread: perRequest(sum((s) => s.serverMainMs)),
      database: target.kind === 'mock' ? null : target.onPostgres ? (unreadable ?? perRequest(sum((s) => s.db?.backendsMs))) : 'inside the server process (PGlite): included in server',
      databaseCluster: target.onPostgres && unreadable === undefined ? perRequest(sum((s) => s.db?.clusterMs)) : undefined,
      databaseBackends: target.onPostgres ? Math.max(...slices.map((s) => s.db?.backends ?? 0)) : undefined,
      loadGenerator: perRequest(sum((s) => s.generatorMs)),
    },
  }
}

// ---- the run ----
const targets = []
let mock
const started = Date.now()
try {
  for (const d of databases) for (const log of logVariants) targets.push(await startSandbox(d, log))
  mock = values.peer === 'prism' ? await startPrism() : undefined
  const order = mock !== undefined ? [mock, ...targets] : [...targets]
  const states = new Map()
  for (const t of order) states.set(t, await prepare(t))
  // idle resident memory: after setup, every target idle for 2 s, then after its idle compaction
  const idleMemory = async () => {
    const start = Date.now()
    await new Promise((r) => setTimeout(r, 2_000))
    const early = new Map(order.map((t) => [t, rssMiB(t.child.pid)]))
    await new Promise((r) => setTimeout(r, Math.max(0, start + IDLE_COMPACTION_QUIET_MS + 2_000 - Date.now())))
    return new Map(order.map((t) => [t, { early: early.get(t), settled: rssMiB(t.child.pid) }]))
  }
  const setupIdle = await idleMemory()
  const memory = new Map(order.map((t) => [t, { idleMiB: setupIdle.get(t).early, idleCompactedMiB: setupIdle.get(t).settled }]))

  // each scenario: a warm-up per target, then `rounds` slices of duration/rounds seconds per
  // target, taking turns (mock, sandbox, …, mock, sandbox, …), so that a change in the machine's
  // load during the run falls on every target alike
  const results = []
  for (const scenario of scenarios) {
    for (const t of order) if (warmup > 0) await slice(t, scenario, states.get(t), warmup)
    const slices = new Map(order.map((t) => [t, []]))
    for (let r = 0; r < rounds; r++) for (const t of order) slices.get(t).push(await slice(t, scenario, states.get(t), duration / rounds))
    for (const t of order) results.push(aggregate(t, scenario, slices.get(t)))
  }

  // ---- after: memory at the end (idle again, and the peak), then stop the servers and look in each database ----
  const loadIdle = await idleMemory()
  for (const t of order) Object.assign(memory.get(t), { afterMiB: loadIdle.get(t).early, afterCompactedMiB: loadIdle.get(t).settled, peakMiB: peakMiB(t.child.pid) })
  for (const t of order) await stop(t.child)
  const checks = {}
  for (const t of targets) {
    const state = states.get(t)
    const store = await openStore(t.storeOptions)
    const c = { acknowledged: state.acknowledged.size, stored: 0, lost: 0, duplicated: 0, unacknowledged: 0, keysMissing: 0, keysNamingOtherOrders: 0, keysOfMissingOrders: 0, confirmed: state.confirmed.size, confirmedNotConfirmed: 0 }
    try {
      const rows = await store.query('SELECT order_number, status, count(*) OVER (PARTITION BY order_number)::int AS n FROM orders')
      const inDb = new Map(rows.map((r) => [r.order_number, { n: Number(r.n), status: r.status }]))
      c.stored = rows.length - state.setupOrders
      for (const [order] of state.acknowledged) {
        const n = inDb.get(order)?.n ?? 0
        if (n === 0) c.lost++
        if (n > 1) c.duplicated++
      }
      // orders the database holds that no 200 named: requests cut off when a run's time ran out
      c.unacknowledged = c.stored - state.acknowledged.size
      const keys = new Map((await store.query('SELECT idempotency_key, response FROM idempotency_keys')).map((k) => [k.idempotency_key, JSON.parse(k.response).orderNumber]))
      for (const [key, order] of state.keyed) {
        if (!keys.has(key)) c.keysMissing++
        else if (keys.get(key) !== order) c.keysNamingOtherOrders++
      }
      for (const order of keys.values()) if (!inDb.has(order)) c.keysOfMissingOrders++
      for (const order of state.confirmed) if (inDb.get(order)?.status !== 'CONFIRMED') c.confirmedNotConfirmed++
    } finally {
      await store.close()
    }
    checks[t.name] = c
  }

  // ---- the report ----
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  const fmt = (v, digits = 2) => (typeof v === 'number' ? v.toFixed(digits) : v === null || v === undefined ? '—' : String(v))
  const ratio = (a, b) => (typeof a === 'number' && typeof b === 'number' && b > 0 ? `${(a / b).toFixed(2)}x` : '—')
  const lines = [`sandbox load: ${connections} connections, ${duration} s per scenario and target in ${rounds} turns (after ${warmup} s warm-up), node ${process.version}, ${readdirSync('/sys/devices/system/cpu').filter((n) => /^cpu\d+$/.test(n)).length} CPUs, load average ${load} at the end`]
  const ratios = {}
  for (const scenario of scenarios) {
    const rs = results.filter((r) => r.scenario === scenario)
    const mockResult = mock !== undefined ? rs.find((r) => r.target === mock.name) : undefined
    lines.push('', `${scenario}${scenario === 'mix' ? ' (quote, create on it with a new key, read, tracking, tracking with location, confirm)' : ' (create on a quote with a new key, confirm)'}`)
    const col = (s) => String(s).padStart(16)
    lines.push(`${''.padEnd(30)}${rs.map((r) => col(r.target)).join('')}`)
    const row = (label, f) => lines.push(`${label.padEnd(30)}${rs.map((r) => col(f(r))).join('')}`)
    row('requests/s', (r) => r.requestsPerSecond)
    row('latency p50 / p99 ms', (r) => `${r.latencyMs.p50} / ${r.latencyMs.p99}`)
    row('errors / timeouts / non-2xx', (r) => `${r.errors} / ${r.timeouts} / ${r.non2xx}`)
    row('server CPU ms/request', (r) => fmt(r.cpuMsPerRequest.server, 3))
    row('  of which the main thread', (r) => fmt(r.cpuMsPerRequest.serverMainThread, 3))
    row('database CPU ms/request', (r) => (typeof r.cpuMsPerRequest.database === 'number' ? fmt(r.cpuMsPerRequest.database, 3) : r.cpuMsPerRequest.database === null ? '—' : 'in server'))
    row('  whole cluster ms/request', (r) => fmt(r.cpuMsPerRequest.databaseCluster, 3))
    row('load generator CPU ms/request', (r) => fmt(r.cpuMsPerRequest.loadGenerator, 3))
    for (const r of rs) {
      if (typeof r.cpuMsPerRequest.database === 'string' && r.cpuMsPerRequest.database.startsWith('the database')) lines.push(`  ${r.target}: ${r.cpuMsPerRequest.database}`)
    }
    const pg = rs.find((r) => r.target === 'postgres')
    const lite = rs.find((r) => r.target === 'pglite')
    const before = rs.find((r) => r.target === 'pglite-before')
    const sr = (ratios[scenario] = {})
    if (mockResult !== undefined) {
      for (const r of rs.filter((x) => x !== mockResult)) {
        // CPU per request, the sandbox's server and database together against the mock's process:
        // steadier than requests/s when other work on the machine takes the cores
        const cpu = (x) => (typeof x.cpuMsPerRequest.server === 'number' ? x.cpuMsPerRequest.server + (typeof x.cpuMsPerRequest.database === 'number' ? x.cpuMsPerRequest.database : 0) : undefined)
        sr[r.target] = { requestsPerSecond: r.requestsPerSecond / mockResult.requestsPerSecond, p99: r.latencyMs.p99 / mockResult.latencyMs.p99, cpuPerRequest: cpu(r) !== undefined && cpu(mockResult) !== undefined ? cpu(r) / cpu(mockResult) : null }
        lines.push(`${r.target} / mock: requests/s ${ratio(r.requestsPerSecond, mockResult.requestsPerSecond)}, p99 ${ratio(r.latencyMs.p99, mockResult.latencyMs.p99)}, CPU per request (server + database) ${ratio(cpu(r), cpu(mockResult))}`)
      }
    }
    if (pg !== undefined && lite !== undefined) {
      sr.pgliteToPostgres = lite.requestsPerSecond / pg.requestsPerSecond
      sr.pgliteToPostgresP99 = lite.latencyMs.p99 / pg.latencyMs.p99
      lines.push(`pglite / postgres: requests/s ${ratio(lite.requestsPerSecond, pg.requestsPerSecond)}, p99 ${ratio(lite.latencyMs.p99, pg.latencyMs.p99)}`)
    }
    const optimizing = rs.find((r) => r.target === 'pglite-optimizing')
    if (pg !== undefined && optimizing !== undefined) {
      sr.pgliteOptimizingToPostgres = optimizing.requestsPerSecond / pg.requestsPerSecond
      lines.push(`pglite-optimizing / postgres: requests/s ${ratio(optimizing.requestsPerSecond, pg.requestsPerSecond)}, p99 ${ratio(optimizing.latencyMs.p99, pg.latencyMs.p99)}`)
    }
    if (pg !== undefined && before !== undefined) {
      sr.pgliteBeforeToPostgres = before.requestsPerSecond / pg.requestsPerSecond
      sr.pgliteBeforeToPostgresP99 = before.latencyMs.p99 / pg.latencyMs.p99
      lines.push(`pglite-before / postgres: requests/s ${ratio(before.requestsPerSecond, pg.requestsPerSecond)}, p99 ${ratio(before.latencyMs.p99, pg.latencyMs.p99)}`)
    }
    for (const r of rs) {
      const off = rs.find((x) => x.target === `${r.target}-nolog`)
      if (off === undefined) continue
      sr[`${r.target}LogOnToOff`] = r.requestsPerSecond / off.requestsPerSecond
      lines.push(`${r.target} request log on / off: requests/s ${ratio(r.requestsPerSecond, off.requestsPerSecond)}, p99 ${ratio(r.latencyMs.p99, off.latencyMs.p99)}`)
    }
    for (const r of rs) if (Object.keys(r.statusCodes).some((k) => !k.startsWith('2'))) lines.push(`  ${r.target} status codes: ${JSON.stringify(r.statusCodes)}`)
  }
  lines.push('', `start and memory (resident, MiB, the process with its children; start: spawn to the ready line, PGlite on a fresh directory; idle: 2 s after the last request, and after ${(IDLE_COMPACTION_QUIET_MS + 2_000) / 1000} s, once the sandbox's idle compaction ran):`)
  for (const t of order) {
    const m = memory.get(t)
    lines.push(`  ${t.name.padEnd(16)} start ${t.startMs === undefined ? '—' : `${(t.startMs / 1000).toFixed(1)} s`}, idle after setup ${fmt(m.idleMiB, 0)} / ${fmt(m.idleCompactedMiB, 0)}, idle after the load ${fmt(m.afterMiB, 0)} / ${fmt(m.afterCompactedMiB, 0)}, peak ${fmt(m.peakMiB, 0)}`)
  }
  lines.push('', 'integrity (after the servers stopped):')
  for (const [name, c] of Object.entries(checks)) {
    lines.push(`  ${name}: creates acknowledged ${c.acknowledged}, lost ${c.lost}, duplicated ${c.duplicated}, stored never acknowledged ${c.unacknowledged} (cut off when a run's time ran out); keys missing ${c.keysMissing}, naming another order ${c.keysNamingOtherOrders}, of missing orders ${c.keysOfMissingOrders}; confirms acknowledged ${c.confirmed}, not CONFIRMED ${c.confirmedNotConfirmed}`)
  }
  lines.push(`(${Math.round((Date.now() - started) / 1000)} s in all)`, '')
  process.stdout.write(lines.join('\n'))
  if (values.json !== undefined) {
    writeFileSync(values.json, `${JSON.stringify({ node: process.version, loadAverage: load, connections, durationSeconds: duration, rounds, warmupSeconds: warmup, peer: mock?.name ?? null, results, ratios, memory: Object.fromEntries(order.map((t) => [t.name, { startMs: t.startMs ?? null, ...memory.get(t) }])), integrity: checks }, null, 2)}\n`)
  }
  const sandboxResults = results.filter((r) => r.target !== mock?.name)
  const failed = Object.values(checks).some((c) => c.lost > 0 || c.duplicated > 0 || c.keysMissing > 0 || c.keysNamingOtherOrders > 0 || c.keysOfMissingOrders > 0 || c.confirmedNotConfirmed > 0) || sandboxResults.some((r) => r.errors > 0 || r.non2xx > 0)
  process.exitCode = failed ? 1 : 0
} finally {
  for (const t of [...targets]) await stop(t.child)
  for (const c of children) await stop(c)
  for (const t of targets) {
    if (t.onPostgres) {
      const admin = await pgAdmin()
      await admin.query(`DROP SCHEMA IF EXISTS ${t.schema} CASCADE`)
      await admin.end()
    }
    if (t.dataDir !== undefined) rmSync(t.dataDir, { recursive: true, force: true })
  }
  if (mock !== undefined) rmSync(mock.dir, { recursive: true, force: true })
}
