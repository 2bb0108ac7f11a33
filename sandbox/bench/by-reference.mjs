#!/usr/bin/env node
// GET /v1/shipper/quotes/by-reference, the database side: the query the handler sends and the
// library's pick, timed with 4,000 quotes under one reference and with one, against the old
// query (every quote of the reference), on a fresh PGlite directory or a fresh schema of the
// PostgreSQL server of DATABASE_URL. It also checks, on random quote sets with ties (several
// quotes in one millisecond, microseconds the drivers truncate, a non-finite time), that the
// bounded query leaves newestQuoteByReference the same quote to pick as reading them all.
//
//   node bench/by-reference.mjs [--quotes 4000] [--runs 40]
//   DATABASE_URL=postgres://user@127.0.0.1:5432/db node bench/by-reference.mjs
//
// Needs the sandbox built (npm run build in sandbox/). No timing is asserted: it prints medians.
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { isLeft, newestQuoteByReference } from 'shipper-rules'
import { openStore } from '../dist/db/store.js'
import { NEWEST_BY_REFERENCE } from '../dist/features/quotes/queries.js'
import { storedQuoteOf } from '../dist/shared/quotes.js'

const { values } = parseArgs({ options: { quotes: { type: 'string', default: '4000' }, runs: { type: 'string', default: '40' } } })
const bulk = Math.min(Math.max(Number(values.quotes), 1), 100_000)
const runs = Math.min(Math.max(Number(values.runs), 1), 1000)

const databaseUrl = process.env['DATABASE_URL']
const onPostgres = databaseUrl !== undefined && databaseUrl !== ''
const schema = `sbx_byref_${randomBytes(4).toString('hex')}`
const dataDir = onPostgres ? undefined : mkdtempSync(join(tmpdir(), 'sandbox-byref-'))
const store = await openStore(onPostgres ? { databaseUrl, schema } : { dataDir })

// the handler's query, from the built feature, so that this measures what the server sends
const NEWEST = NEWEST_BY_REFERENCE
const ALL = 'SELECT * FROM quotes WHERE company_id = $1 AND customer_reference = $2'

const pick = (rows, companyId, reference) => {
  const r = newestQuoteByReference(rows.map(storedQuoteOf), { companyId, reference })
  return isLeft(r) ? `(${r.left.reason})` : r.right.id
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const time = async (sql, companyId, reference) => {
  const ms = []
  let id
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    const rows = await store.query(sql, [companyId, reference])
    id = pick(rows, companyId, reference)
    ms.push(performance.now() - t)
  }
  return { ms: median(ms), min: Math.min(...ms), id, rows: (await store.query(sql, [companyId, reference])).length }
}

const insertQuotes = async (companyId, reference, times, ids = times.map(() => randomUUID())) => {
  const request = JSON.stringify({ pickupAddress: { zipCode: '60018' }, deliveryAddress: { zipCode: '75201' }, orderComponents: [] })
  // one statement per 500 rows: PGlite and pg both take a VALUES list with parameters
  for (let i = 0; i < times.length; i += 500) {
    const chunk = times.slice(i, i + 500)
    const params = []
    const rows = chunk.map((t, j) => {
      params.push(ids[i + j], companyId, reference, t)
      const n = params.length
      return `($${n - 3}, $${n - 2}, $${n - 1}, $${n}::timestamptz, true, 12345, '[]'::jsonb, '${request}'::jsonb, '{}')`
    })
    await store.query(`INSERT INTO quotes (id, company_id, customer_reference, created_at, open, quoted_price_cents, charges, request, response) VALUES ${rows.join(', ')}`, params)
  }
}

let failures = 0
try {
  const company = `cmp_${randomBytes(6).toString('hex')}`
  const other = `cmp_${randomBytes(6).toString('hex')}`
  for (const id of [company, other]) await store.query('INSERT INTO companies (id, name, created_at) VALUES ($1, $2, now())', [id, id])
  // BULK: `bulk` quotes a second apart, the newest three in one millisecond; another company's
  // quote under the same reference, newer than all of them; ONE: a single quote
  const base = Date.parse('2026-11-20T12:00:00.000Z')
  const times = Array.from({ length: bulk }, (_, i) => new Date(base + i * 1000).toISOString())
  const last = new Date(base + bulk * 1000).toISOString()
  times.push(last, last, last)
  await insertQuotes(company, 'BULK', times)
  await insertQuotes(other, 'BULK', [new Date(base + (bulk + 5) * 1000).toISOString()])
  await insertQuotes(company, 'ONE', [new Date(base).toISOString()])
  await store.query('ANALYZE quotes')

  const out = []
  for (const [reference, n] of [['BULK', bulk + 3], ['ONE', 1]]) {
    const before = await time(ALL, company, reference)
    const after = await time(NEWEST, company, reference)
    if (before.id !== after.id) failures++
    out.push(`${`${reference} (${n} quotes)`.padEnd(22)} every quote: ${before.ms.toFixed(2)} ms median (min ${before.min.toFixed(2)}), ${before.rows} rows   bounded: ${after.ms.toFixed(2)} ms (min ${after.min.toFixed(2)}), ${after.rows} row   same pick: ${before.id === after.id}`)
  }

  // random sets: a few quotes per reference in few distinct milliseconds, some with microseconds
  // (which the drivers truncate), some at infinity (never picked), ids random or chosen to tie
  let trials = 0
  for (let t = 0; t < 300; t++) {
    const reference = `R-${t}`
    const n = 1 + Math.floor(Math.random() * 8)
    const ts = Array.from({ length: n }, () => {
      const r = Math.random()
      if (r < 0.1) return 'infinity'
      const ms = base + Math.floor(Math.random() * 3)
      const micros = Math.random() < 0.5 ? String(Math.floor(Math.random() * 1000)).padStart(3, '0') : '000'
      return new Date(ms).toISOString().replace('Z', `${micros}Z`)
    })
    await insertQuotes(company, reference, ts)
    const all = pick(await store.query(ALL, [company, reference]), company, reference)
    const bounded = pick(await store.query(NEWEST, [company, reference]), company, reference)
    trials++
    if (all !== bounded) {
      failures++
      out.push(`MISMATCH ${reference}: ${JSON.stringify(ts)} every quote → ${all}, bounded → ${bounded}`)
    }
  }
  out.push(`random sets with ties: ${trials} compared, ${failures === 0 ? 'the same pick every time' : `${failures} different`}`)
  const plan = await store.query(`EXPLAIN ${NEWEST.replaceAll('$1', `'${company}'`).replaceAll('$2', "'BULK'")}`)
  out.push('plan:', ...plan.map((r) => `  ${r['QUERY PLAN']}`))
  process.stdout.write(`by-reference on ${onPostgres ? 'PostgreSQL' : 'PGlite'}, median of ${runs}, query + newestQuoteByReference:\n${out.join('\n')}\n`)
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
process.exitCode = failures > 0 ? 1 : 0
