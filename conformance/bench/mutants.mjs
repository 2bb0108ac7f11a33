#!/usr/bin/env node
// The mutant benchmark of the conformance kit (issue 27, "It finds real bugs"): hand-seeded bugs of
// the kinds servers really have, each applied to a temporary copy of the sandbox's built code
// (sandbox/dist, bin, migrations, package.json; node_modules linked), started as the CLI and
// checked by the kit's CLI (--controls sandbox, two companies). It prints, for each mutant, whether
// the kit caught it and by which rule IDs, then the share detected among the non-equivalent ones.
//
// Not part of npm test: a mutant takes a sandbox start (PGlite: 20 to 30 s on a new data
// directory) and a kit run. Build first (npm run build -w conformance, npx tsc -p sandbox/tsconfig.json).
//
//   node conformance/bench/mutants.mjs                 # every mutant (long)
//   node conformance/bench/mutants.mjs --only M01,M17  # some
//   node conformance/bench/mutants.mjs --verify        # only check that every search string occurs exactly once
//   node conformance/bench/mutants.mjs --list          # the list, as Markdown
//   options: --runs N (kit runs per property, default 10), --seed S (default 27), --json FILE (results),
//            --kit FILE (the kit's launcher; default conformance/bin/shipper-rules-conformance.js: a
//            copy of bin/ and dist/ elsewhere keeps a long run on one build while the tree changes),
//            --examples FILE (Markdown: for each kind of bug, the first mutant caught, as the kit
//            printed its first failure: rule, sentence, expected, actual and the curl script)
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { startSandbox } from 'shipper-rules-testkit'

const HERE = dirname(fileURLToPath(import.meta.url))
const REPO = join(HERE, '..', '..')
const SANDBOX = join(REPO, 'sandbox')
let KIT = join(REPO, 'conformance', 'bin', 'shipper-rules-conformance.js')
// Copies live below the repository's node_modules so that the sandbox's imports resolve as from
// sandbox/ itself (its own node_modules linked, then the root's, found walking up).
const WORK = join(REPO, 'node_modules', '.cache', 'conformance-mutants')
const OPERATOR = 'conformance-mutants-operator-token-0123456789'

/**
 * The mutants. `file` is a path under sandbox/dist, the build of sandbox/src (features/<resource>/
 * routes.js and queries.js, shared/, http/, …); `edits` are exact search strings of the built file
 * (each must occur exactly once) and their replacements; `kind` one of the issue's kinds; `equivalent` false, or why the mutant
 * cannot be told apart from the sandbox over the API.
 */
export const MUTANTS = [
  // --- Idempotency-Key (features/orders/routes.js, features/orders/queries.js)
  { id: 'M01', kind: 'replay re-executes', file: 'features/orders/routes.js', what: 'a replay (same key, same body) creates a new order', edits: [["if (decision.kind === 'replay')", "if (decision.kind === 'replay' && false)"]], equivalent: false },
  { id: 'M02', kind: 'check skipped', file: 'features/orders/routes.js', what: 'a key reused with another body is executed instead of 409', edits: [["if (decision.kind === 'conflict')", "if (decision.kind === 'conflict' && false)"]], equivalent: false },
  { id: 'M03', kind: 'company filter dropped', file: 'features/orders/queries.js', what: "the stored key is looked up in every company's keys", edits: [['LEFT JOIN idempotency_keys k ON k.company_id = $1 AND k.idempotency_key = $2', 'LEFT JOIN idempotency_keys k ON k.idempotency_key = $2']], equivalent: false },
  { id: 'M04', kind: 'off-by-one', file: 'features/orders/routes.js', what: 'the 24-hour window is over at once (stored key dated 25 hours back)', edits: [['createdAt: dateTimeOf(stored.created_at), response: stored.response', 'createdAt: dateTimeOf(stored.created_at).minus({ hours: 25 }), response: stored.response']], equivalent: false },
  // --- Quote on create (features/orders/routes.js)
  { id: 'M05', kind: 'company filter dropped', file: 'features/orders/routes.js', what: "another company's quote is accepted", edits: [['{ companyId: caller.companyId, now, config: ctx.config });', '{ companyId: row.company_id, now, config: ctx.config });']], equivalent: false },
  { id: 'M06', kind: 'check skipped', file: 'features/orders/routes.js', what: 'the quote check (expiry, mismatch, owner) is skipped', edits: [['if (isLeft(checked))\n            return { problem: checked.left };', 'if (false)\n            return { problem: checked.left };']], equivalent: false },
  { id: 'M07', kind: 'status swapped', file: 'features/orders/routes.js', what: 'an unknown quote id on create is 404 quote_not_found instead of 403', edits: [["problemFor('forbidden', 'The quote does not exist or belongs to another company.')", "problemFor('quote_not_found', 'The quote does not exist or belongs to another company.')"]], equivalent: 'not a departure: the spec gives 403 for a quote the company does not own and 404 for a quote not found, and an id nobody holds is both (the sandbox chose 403); the kit judges neither' },
  { id: 'M08', kind: 'check skipped', file: 'features/orders/routes.js', what: 'a create on a quote is always re-priced (freight treated as not matching)', edits: [['price = tenderPrice({ quote: checked.right, freightMatches: true,', 'price = tenderPrice({ quote: checked.right, freightMatches: false,']], equivalent: 'the sandbox tariff is deterministic and a matching quote is fresh: the new price equals the quoted one' },
  { id: 'M09', kind: 'off-by-one', file: 'features/orders/routes.js', what: "the created shipment's answer is a cent over its price", edits: [["status: 'INITIALIZED', total_price_cents: price.priceInCents,", "status: 'INITIALIZED', total_price_cents: price.priceInCents + 1,"]], equivalent: false },
  { id: 'M10', kind: 'status swapped', file: 'features/orders/routes.js', what: 'the create answers CONFIRMED (stores INITIALIZED)', edits: [["order_number: orderNumber, status: 'INITIALIZED'", "order_number: orderNumber, status: 'CONFIRMED'"]], equivalent: false },
  { id: 'M11', kind: 'off-by-one', file: 'features/orders/routes.js', what: 'order numbers of 6 characters', edits: [['Array.from({ length: 5 }, () => ORDER_NUMBER_ALPHABET', 'Array.from({ length: 6 }, () => ORDER_NUMBER_ALPHABET']], equivalent: false },
  // --- Lifecycle (features/orders/routes.js, shared/orderAccess.js, features/controls/routes.js, shared/orders.js, shared/invoice.js)
  { id: 'M12', kind: 'status swapped', file: 'features/orders/routes.js', what: 'cancel applies REJECT', edits: [["const next = transition(row.status, 'CANCEL');", "const next = transition(row.status, 'REJECT');"]], equivalent: false },
  { id: 'M13', kind: 'check skipped', file: 'features/orders/routes.js', what: 'confirm without a quote is allowed', edits: [['quoteId: row.quote_id, request: row.request,', "quoteId: row.quote_id ?? 'no-quote', request: row.request,"]], equivalent: false },
  { id: 'M14', kind: 'check skipped', file: 'features/orders/routes.js', what: "confirm ignores the order's appointment data (a stop that requires one never confirms)", edits: [['request: row.request, ...confirmAppointmentInput(row.appointment_rows) }, { config: ctx.config });', 'request: row.request }, { config: ctx.config });']], equivalent: false },
  { id: 'M15', kind: 'company filter dropped', file: 'shared/orderAccess.js', what: "any company's order is read and changed (shipment, tracking, invoice, documents, confirm, cancel)", edits: [['const denied = ownership(caller, row.company_id);\n    return denied !== undefined ? { problem: denied } : { row };', 'return { row };']], equivalent: false },
  { id: 'M16', kind: 'status swapped', file: 'shared/orderAccess.js', what: 'an unknown order is 403 instead of 404', edits: [["return { problem: problemFor('shipment_not_found') };", "return { problem: problemFor('forbidden') };"]], equivalent: false },
  { id: 'M17', kind: 'check skipped', file: 'features/controls/routes.js', what: 'the carrier may accept an order that is not confirmed', edits: [['const next = transition(row.status, event);', "const next = transition(row.status === 'INITIALIZED' ? 'CONFIRMED' : row.status, event);"]], equivalent: false },
  { id: 'M18', kind: 'status swapped', file: 'shared/orders.js', what: 'a cancelled order reads REJECTED', edits: [['orderStatus: row.status,', "orderStatus: row.status === 'CANCELLED' ? 'REJECTED' : row.status,"]], equivalent: false },
  { id: 'M19', kind: 'status swapped', file: 'shared/orders.js', what: 'a picked-up order reads IN_TRANSIT', edits: [['orderStatus: row.status,', "orderStatus: row.status === 'PICKED_UP' ? 'IN_TRANSIT' : row.status,"]], equivalent: 'IN_TRANSIT is the alias of PICKED_UP and behaves identically in every rule (ORD-01)' },
  { id: 'M20', kind: 'check skipped', file: 'shared/invoice.js', what: 'the invoice is built in any state', edits: [['status: row.status,\n    shipDate:', "status: 'DELIVERED',\n    shipDate:"]], equivalent: false },
  // --- Appointments (features/appointments/routes.js, shared/appointments.js)
  { id: 'M21', kind: 'check skipped', file: 'features/appointments/routes.js', what: 'the appointment PUT is never locked', edits: [["const allowed = writeAllowed(row, 'PUT_REQUIREMENT', request);", "const allowed = writeAllowed({ ...row, status: 'CONFIRMED' }, 'PUT_REQUIREMENT', request);"]], equivalent: false },
  { id: 'M22', kind: 'check skipped', file: 'features/appointments/routes.js', what: 'document deletes are never locked', edits: [["const allowed = writeAllowed(found.row, 'DELETE_DOCUMENT');", "const allowed = writeAllowed({ ...found.row, status: 'CONFIRMED' }, 'DELETE_DOCUMENT');"]], equivalent: false },
  { id: 'M23', kind: 'check skipped', file: 'features/appointments/routes.js', what: 'document uploads are never locked', edits: [["const early = writeAllowed(found.row, 'POST_DOCUMENT');", "const early = writeAllowed({ ...found.row, status: 'CONFIRMED' }, 'POST_DOCUMENT');"], ["const allowed = writeAllowed(locked.row, 'POST_DOCUMENT');", "const allowed = writeAllowed({ ...locked.row, status: 'CONFIRMED' }, 'POST_DOCUMENT');"]], equivalent: false },
  { id: 'M24', kind: 'check skipped', file: 'features/appointments/routes.js', what: 'the override is honoured without X-Service-Change-Reason', edits: [["changeReason: request.headers[HEADER_KEY.changeReason] }", "changeReason: request.headers[HEADER_KEY.changeReason] ?? 'no reason given' }"]], equivalent: false },
  { id: 'M25', kind: 'status swapped', file: 'features/appointments/routes.js', what: "another company's order on an appointment endpoint is 403 instead of 404 order_not_found", edits: [["const denied = ownership(caller, row.company_id, 'appointment');", 'const denied = ownership(caller, row.company_id);']], equivalent: false },
  { id: 'M26', kind: 'company filter dropped', file: 'features/appointments/routes.js', what: "any company's order is read and written on the appointment endpoints", edits: [["const denied = ownership(caller, row.company_id, 'appointment');\n    return denied !== undefined ? { problem: denied } : { row };", 'return { row };']], equivalent: false },
  { id: 'M27', kind: 'status swapped', file: 'features/appointments/routes.js', what: 'a document DELETE answers 200', edits: [['reply.code(204).send()', 'reply.code(200).send()']], equivalent: false },
  { id: 'M28', kind: 'merge rule inverted', file: 'features/appointments/routes.js', what: 'the PUT merges into the stored requirement instead of replacing it', edits: [['await saveOverride(tx, row.id, path.stop, requirement.right, now);', 'await saveOverride(tx, row.id, path.stop, { ...((await loadOverrides(tx, row.id))[path.stop] ?? {}), ...requirement.right }, now);']], equivalent: false },
  { id: 'M29', kind: 'check skipped', file: 'features/appointments/routes.js', what: 'APPOINTMENT_DOCUMENT is uploadable (stored as a packing slip)', edits: [["checkAppointmentUploadStart({ documentType: request.params.documentType,", "checkAppointmentUploadStart({ documentType: request.params.documentType === 'APPOINTMENT_DOCUMENT' ? 'PACKING_SLIP' : request.params.documentType,"], ['checkAppointmentUpload({ documentType: request.params.documentType,', "checkAppointmentUpload({ documentType: request.params.documentType === 'APPOINTMENT_DOCUMENT' ? 'PACKING_SLIP' : request.params.documentType,"]], equivalent: false },
  { id: 'M30', kind: 'merge rule inverted', file: 'shared/appointments.js', what: "the order's requirement is merged as the place's and the place's as the order's", edits: [['place: place?.appointment ?? null,\n        order: overrides[stop] ?? null,', 'place: overrides[stop] ?? null,\n        order: place?.appointment ?? null,']], equivalent: false },
  { id: 'M31', kind: 'merge rule inverted', file: 'shared/appointments.js', what: "the stop address's appointmentRequired is dropped from the merge", edits: [['orderRequired: address.appointmentRequired === true,', 'orderRequired: false,']], equivalent: false },
  { id: 'M32', kind: 'merge rule inverted', file: 'shared/appointments.js', what: 'no contact falls back to the stop address', edits: [['        address,\n    });', '        address: null,\n    });']], equivalent: false },
  { id: 'M33', kind: 'merge rule inverted', file: 'shared/appointments.js', what: 'the stored order-level requirement is merged (jsonb ||) with the new one', edits: [['DO UPDATE SET requirement = EXCLUDED.requirement', 'DO UPDATE SET requirement = order_appointments.requirement || EXCLUDED.requirement']], equivalent: false },
  { id: 'M34', kind: 'check skipped', file: 'shared/appointments.js', what: 'an upload no longer replaces the document of the same (stop, type)', edits: [['await dropRemoved(db, before, uploadDocument(before, doc));', '']], equivalent: false },
  { id: 'M35', kind: 'off-by-one', file: 'shared/appointments.js', what: 'a delete reports a removal when there was none (the PDF is rebuilt needlessly)', edits: [['return after.length !== before.length;', 'return after.length <= before.length;']], equivalent: 'deletes are locked once the PDF exists (ACCEPTED), so whether a delete rebuilds it never shows' },
  { id: 'M36', kind: 'status swapped', file: 'shared/appointments.js', what: 'a stored document answers contentType application/octet-stream', edits: [["contentType: 'application/pdf',\n        uploadedAt: wireTime(upload.now),", "contentType: 'application/octet-stream',\n        uploadedAt: wireTime(upload.now),"]], equivalent: false },
  // --- Quotes (features/quotes/routes.js, features/quotes/queries.js, shared/quotes.js)
  { id: 'M37', kind: 'company filter dropped', file: 'features/quotes/routes.js', what: "another company's quote is readable", edits: [['const denied = ownership(caller, row.company_id);\n        if (denied !== undefined)', 'const denied = ownership(caller, row.company_id);\n        if (false)']], equivalent: false },
  { id: 'M38', kind: 'company filter dropped', file: 'features/quotes/queries.js', what: "by-reference reads every company's quotes under the reference", edits: [['FROM quotes WHERE company_id = $1 AND customer_reference = $2 AND isfinite(created_at))', 'FROM quotes WHERE customer_reference = $2 AND isfinite(created_at) AND $1::text IS NOT NULL)'], ['  WHERE company_id = $1 AND customer_reference = $2\n', '  WHERE customer_reference = $2\n']], equivalent: false },
  { id: 'M39', kind: 'off-by-one', file: 'shared/quotes.js', what: 'quotes expire 2 hours late (50 hours)', edits: [['createdAt: dateTimeOf(row.created_at) ?? DateTime.invalid', "createdAt: dateTimeOf(row.created_at)?.plus({ hours: 2 }) ?? DateTime.invalid"]], equivalent: false },
  { id: 'M40', kind: 'off-by-one', file: 'shared/quotes.js', what: 'quotes expire 30 minutes late (48.5 hours)', edits: [['createdAt: dateTimeOf(row.created_at) ?? DateTime.invalid', "createdAt: dateTimeOf(row.created_at)?.plus({ minutes: 30 }) ?? DateTime.invalid"]], equivalent: false },
  { id: 'M41', kind: 'off-by-one', file: 'features/quotes/routes.js', what: 'the quote answers a price a cent over what it stores', edits: [['quotedPriceInCents: pricing.totalCents,', 'quotedPriceInCents: pricing.totalCents + 1,']], equivalent: false },
  { id: 'M42', kind: 'off-by-one', file: 'features/quotes/routes.js', what: 'quoteExpirationTime says 72 hours', edits: [['quoteExpirationTime: wireTime(quoteExpiresAt(now, { config: ctx.config })),', 'quoteExpirationTime: wireTime(quoteExpiresAt(now, { config: ctx.config }).plus({ hours: 24 })),']], equivalent: false },
  // --- Authorization (http/access.js) and documents (features/documents/routes.js)
  { id: 'M43', kind: 'company filter dropped', file: 'http/access.js', what: "every ownership check passes (the caller's company judged against itself)", edits: [['const decision = authorize(caller.credentials, { companyId }, endpoint);', 'const decision = authorize(caller.credentials, { companyId: caller.companyId }, endpoint);']], equivalent: false },
  { id: 'M44', kind: 'check skipped', file: 'features/documents/routes.js', what: 'the proof of delivery exists before delivery', edits: [["type === 'POD' ? dateTimeOf(row.actual_delivery_at) !== null : true", "type === 'POD' ? true : true"]], equivalent: 'not a departure: the spec says only that a shipment document is 404 when the shipment or document is absent (endpoint 8), not when a POD exists; RULES.md has no rule on it, so a POD link before delivery breaks nothing the kit can judge' },
]

const occurrences = (text, search) => text.split(search).length - 1

/** The mutant's files as text with its edits applied, or why it cannot be applied. */
const applyEdits = (m) => {
  // tsc leaves the files of an older layout in dist: a mutant must name a file built from today's source
  if (!existsSync(join(SANDBOX, 'src', m.file.replace(/\.js$/, '.ts')))) return { error: `${m.id}: dist/${m.file} has no source in sandbox/src (a file of an older layout?)` }
  const path = join(SANDBOX, 'dist', m.file)
  let text = readFileSync(path, 'utf8')
  for (const [search, replacement] of m.edits) {
    const n = occurrences(text, search)
    if (n !== 1) return { error: `${m.id}: ${JSON.stringify(search)} occurs ${n} times in dist/${m.file}` }
    text = text.replace(search, () => replacement)
  }
  return { text }
}

/** A copy of the sandbox with the mutant applied (none: the sandbox as built). */
const makeCopy = (m) => {
  mkdirSync(WORK, { recursive: true })
  const dir = mkdtempSync(join(WORK, `${m?.id ?? 'baseline'}-`))
  for (const part of ['dist', 'bin', 'migrations', 'package.json']) cpSync(join(SANDBOX, part), join(dir, part), { recursive: true })
  symlinkSync(join(SANDBOX, 'node_modules'), join(dir, 'node_modules'), 'dir')
  if (m !== undefined) {
    const applied = applyEdits(m)
    if (applied.error !== undefined) throw new Error(applied.error)
    writeFileSync(join(dir, 'dist', m.file), applied.text)
  }
  return dir
}

/**
 * Starts a copy's CLI (shipper-rules-testkit's startSandbox, ready on its --ready-json line) and
 * resolves with its URL and credentials, or rejects when it exits first or is never ready.
 */
const start = async (dir) => {
  const data = mkdtempSync(join(tmpdir(), 'conformance-mutant-data-'))
  try {
    const s = await startSandbox({ bin: join(dir, 'bin', 'shipper-rules-sandbox.js'), dataDir: data, operatorToken: OPERATOR, args: ['--auth-failure-limit', '1000000'] })
    return { data, base: s.baseUrl, key: s.apiKey, token: s.token, stop: s.stop }
  } catch (e) {
    rmSync(data, { recursive: true, force: true })
    throw new Error(String(e instanceof Error ? e.message : e).slice(-500))
  }
}

const stop = (server) => server.stop()

/** Runs the kit's CLI against a server; resolves with its JSON report. */
const kit = async (server, options) => {
  const made = await fetch(`${server.base}/sandbox/companies`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Mutant Other Co' }),
  })
  if (made.status !== 201) throw new Error(`POST /sandbox/companies answered ${made.status}`)
  const other = await made.json()
  const out = join(server.data, 'report.json')
  const args = [KIT, '--base-url', server.base, '--token', server.token, '--api-key', server.key, '--other-company-token', other.token, '--other-company-key', other.apiKey, '--controls', 'sandbox', '--runs', String(options.runs), '--seed', String(options.seed), '--report', 'json', '--out', out]
  // the kit's progress and failures go to its standard error: kept, shown only if it exits oddly
  let errText = ''
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    child.stderr.on('data', (chunk) => {
      errText = (errText + chunk.toString('utf8')).slice(-4000)
    })
    child.on('exit', (c) => resolve(c))
  })
  if (code !== 0 && code !== 1) throw new Error(`the kit exited ${code}: ${errText}`)
  return JSON.parse(readFileSync(out, 'utf8'))
}

/** The rule IDs the report's failures name (sorted, unique). */
const caughtBy = (report) => [...new Set(report.checks.flatMap((c) => c.failures.map((f) => f.rule)))].sort()

/** One mutant (or the baseline) end to end: copy, start, kit, stop. */
const runOne = async (m, options) => {
  const dir = makeCopy(m)
  const t0 = Date.now()
  let server
  try {
    server = await start(dir)
  } catch (e) {
    rmSync(dir, { recursive: true, force: true })
    return { id: m?.id ?? 'baseline', detected: true, rules: [], stillborn: String(e instanceof Error ? e.message : e), ms: Date.now() - t0 }
  }
  try {
    const report = await kit(server, options)
    const rules = caughtBy(report)
    // the kit's first failure as it printed it, to show a caught mutant with its curl script
    const first = report.rules.flatMap((row) => row.failures.map((f) => ({ rule: row.rule, sentence: row.sentence, check: f.check, expected: f.expected, actual: f.actual, curl: f.curl })))[0]
    return { id: m?.id ?? 'baseline', detected: rules.length > 0, rules, requests: report.requests, ms: Date.now() - t0, ...(first === undefined ? {} : { example: first }) }
  } finally {
    await stop(server)
    rmSync(server.data, { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
  }
}

const main = async () => {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      runs: { type: 'string', default: '10' },
      seed: { type: 'string', default: '27' },
      json: { type: 'string' },
      verify: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      'no-baseline': { type: 'boolean', default: false },
      kit: { type: 'string' },
      examples: { type: 'string' },
    },
  })
  if (values.kit !== undefined) KIT = values.kit
  if (values.list) {
    console.log('| id | kind | file | bug | equivalent |\n|---|---|---|---|---|')
    for (const m of MUTANTS) console.log(`| ${m.id} | ${m.kind} | ${m.file} | ${m.what} | ${m.equivalent === false ? 'no' : `yes: ${m.equivalent}`} |`)
    return 0
  }
  const errors = MUTANTS.map(applyEdits).filter((a) => a.error !== undefined).map((a) => a.error)
  if (errors.length > 0 || values.verify) {
    for (const e of errors) console.error(e)
    console.log(`${MUTANTS.length} mutants, ${errors.length} not applicable`)
    return errors.length > 0 ? 1 : 0
  }
  const only = values.only?.split(',').map((s) => s.trim())
  const chosen = MUTANTS.filter((m) => only === undefined || only.includes(m.id))
  const options = { runs: Number(values.runs), seed: Number(values.seed) }
  const t0 = Date.now()
  if (!values['no-baseline']) {
    const base = await runOne(undefined, options)
    console.log(`baseline (the sandbox as built): ${base.stillborn ?? (base.detected ? `FAILURES ${base.rules.join(', ')}` : 'no failure')} (${Math.round(base.ms / 1000)} s)`)
    if (base.detected) {
      console.error('the kit fails against the unmutated sandbox: fix that first, the mutants would mean nothing')
      return 1
    }
  }
  const results = []
  for (const m of chosen) {
    const r = await runOne(m, options)
    results.push({ ...r, kind: m.kind, what: m.what, equivalent: m.equivalent })
    console.log(`${m.id} ${m.kind}: ${r.stillborn !== undefined ? `stillborn (${r.stillborn.split('\n')[0]})` : r.detected ? `caught by ${r.rules.join(', ')}` : `SURVIVED${m.equivalent === false ? '' : ' (equivalent)'}`} (${Math.round(r.ms / 1000)} s) — ${m.what}`)
  }
  const counted = results.filter((r) => r.equivalent === false)
  const detected = counted.filter((r) => r.detected)
  console.log(`\ndetected ${detected.length} of ${counted.length} non-equivalent mutants (${counted.length === 0 ? 0 : Math.round((1000 * detected.length) / counted.length) / 10} %); ${results.length - counted.length} equivalent; ${Math.round((Date.now() - t0) / 1000)} s in all`)
  for (const r of counted.filter((x) => !x.detected)) console.log(`  survived: ${r.id} ${r.kind}: ${r.what}`)
  if (values.json !== undefined) writeFileSync(values.json, JSON.stringify({ options, results }, null, 2) + '\n')
  if (values.examples !== undefined) {
    const kinds = [...new Set(MUTANTS.map((m) => m.kind))]
    const sections = kinds.flatMap((kind) => {
      const r = results.find((x) => x.kind === kind && x.equivalent === false && x.example !== undefined)
      if (r === undefined) return [`## ${kind}\n\nno mutant of this kind was caught in this run\n`]
      const e = r.example
      return [`## ${kind}: ${r.id}, ${r.what}\n\nFAILED ${e.rule} (${e.check}): ${e.sentence}\n\n- expected: ${e.expected}\n- actual: ${e.actual}\n\n\`\`\`bash\n${e.curl.trimEnd()}\n\`\`\`\n`]
    })
    writeFileSync(values.examples, `# A caught mutant of each kind (seed ${options.seed}, ${options.runs} runs a property)\n\n${sections.join('\n')}`)
  }
  return 0
}

process.exitCode = await main()
