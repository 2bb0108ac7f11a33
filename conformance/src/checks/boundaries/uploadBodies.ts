// Bodies at the edges of their transport. An upload whose multipart body is cut short (it ends in
// the file's bytes, after the part's headers, inside them, before the closing delimiter) or that
// cannot be read as multipart (a boundary other than the one declared) is 400 bad_request, the
// library's reason for a request it cannot read (DOC-02: the upload's transport); never a 200, a
// 5xx or a file stored from half a body. And an answer a server gives before it read the body (a
// JSON body over its limit, an upload refused from its part's headers) must reach a client that
// writes its whole body before it reads (./wire.ts): the server reads and drops the rest, or the
// answer is lost under the client's last writes. Each of those cases is judged by the library:
// validateQuoteRequest for the padded quote (or the spec's 413 file_too_large: how large a JSON
// body a server takes is its own), checkAppointmentUpload for the uploads.
import { checkAppointmentUpload, isLeft, problemFor, type RulesConfig } from 'shipper-rules'
import { KIT_CRASH, type Check, type CheckResult, type Failure, type KitContext, type RuleId } from '../../check.js'
import { BudgetExhausted, type RawBody, type SentRequest } from '../../http.js'
import { multipartFile, post, tinyPdf } from '../support.js'
import { createBodyOf, createRequest, quoteBodyOf, QUOTE_PATH } from './bodies.js'
import { predictQuote } from './predict.js'
import { compare, describeAnswer, describePrediction, objectOf, problemOf, runTable, type Case, type Prediction } from './table.js'
import { sendWhole } from './wire.js'

/** The order the uploads go to: made once, with the main company. */
interface Order {
  readonly orderNumber: string
}

const makeOrder = async (ctx: KitContext): Promise<{ env: Order; requests: SentRequest[] } | { error: string; requests: SentRequest[] }> => {
  const req = createRequest(createBodyOf(ctx, [{ palletCount: 1, poundsWeight: 400, dimensions: { length: 48, width: 40, height: 48 } }]))
  const r = await ctx.http.send(req)
  const n = objectOf(r.json)['orderNumber']
  return r.status === 200 && typeof n === 'string' ? { env: { orderNumber: n }, requests: [req] } : { error: `the order the upload cases need was answered ${describeAnswer(r)}`, requests: [req] }
}

const uploadPath = (orderNumber: string, stop: string, type: string): string =>
  `/v1/shipper/shipment/${encodeURIComponent(orderNumber)}/appointment/${encodeURIComponent(stop)}/document/${encodeURIComponent(type)}`

const BOUNDARY = 'conformance-cut-5e2a91'
const enc = new TextEncoder()
const concat = (...parts: ReadonlyArray<Uint8Array | string>): Uint8Array => {
  const bytes = parts.map((p) => (typeof p === 'string' ? enc.encode(p) : p))
  const out = new Uint8Array(bytes.reduce((n, b) => n + b.length, 0))
  let at = 0
  for (const b of bytes) {
    out.set(b, at)
    at += b.length
  }
  return out
}

const partHead = (boundary: string): string => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slip.pdf"\r\nContent-Type: application/pdf\r\n\r\n`

/** The ways a multipart body ends too early or cannot be read, each as the bytes sent under `multipart/form-data; boundary=BOUNDARY`. */
const CUT_BODIES: ReadonlyArray<{ readonly name: string; readonly body: (file: Uint8Array) => Uint8Array }> = [
  { name: 'ending inside the file', body: (file) => concat(partHead(BOUNDARY), file.subarray(0, Math.floor(file.length / 2))) },
  { name: 'ending after the whole file, without a delimiter', body: (file) => concat(partHead(BOUNDARY), file) },
  { name: 'ending after the file and its CRLF', body: (file) => concat(partHead(BOUNDARY), file, '\r\n') },
  { name: 'ending at the closing delimiter without its two hyphens', body: (file) => concat(partHead(BOUNDARY), file, `\r\n--${BOUNDARY}`) },
  { name: 'ending after a delimiter that opens another part', body: (file) => concat(partHead(BOUNDARY), file, `\r\n--${BOUNDARY}\r\n`) },
  { name: "ending right after the part's headers", body: () => concat(partHead(BOUNDARY)) },
  { name: "ending inside the part's headers", body: () => concat(partHead(BOUNDARY).slice(0, 40)) },
  { name: 'ending after the opening delimiter', body: () => concat(`--${BOUNDARY}\r\n`) },
  { name: 'framed by a boundary other than the one declared', body: (file) => concat(partHead('another-boundary'), file, '\r\n--another-boundary--\r\n') },
]

/** The library's answer to a request it cannot read: 400 bad_request. */
const UNREADABLE: Prediction = problemOf(problemFor('bad_request'))

const cutCase = (c: (typeof CUT_BODIES)[number]): Case<Order> => ({
  rule: 'DOC-02',
  name: `an upload whose multipart body is cut short: ${c.name}`,
  build: (_config, order) => {
    const body: RawBody = { raw: c.body(tinyPdf('cut short')), contentType: `multipart/form-data; boundary=${BOUNDARY}` }
    return post(uploadPath(order.orderNumber, 'PICKUP', 'PACKING_SLIP'), body)
  },
  predict: () => UNREADABLE,
})

export const multipartCut: Check = {
  name: 'boundaries: multipart bodies cut short',
  rules: ['DOC-02'],
  run: (ctx) => runTable(ctx, { name: multipartCut.name, rules: multipartCut.rules, setup: makeOrder, cases: () => CUT_BODIES.map(cutCase) }),
}

/** One case sent whole: the request and every answer the library allows for it. */
interface WholeCase {
  readonly rule: RuleId
  readonly name: string
  readonly needsOrder: boolean
  readonly build: (config: RulesConfig, order: Order) => SentRequest
  readonly predict: (config: RulesConfig, request: SentRequest) => ReadonlyArray<Prediction>
}

/** A file of `size` bytes: a one-page PDF then a comment padding it (a PDF reader still opens it). */
const paddedPdf = (size: number): Uint8Array => {
  const pdf = tinyPdf('sent whole')
  return concat(pdf, `%${'x'.repeat(Math.max(0, size - pdf.length - 2))}\n`)
}

/** A MiB: large enough that the answer comes while the client is still writing, small enough for every drain. */
const UPLOAD_BYTES = 1_048_576

const uploadCase = (rule: RuleId, name: string, type: string, filename: string, contentType: string, file: () => Uint8Array): WholeCase => ({
  rule,
  name,
  needsOrder: true,
  build: (_config, order) => post(uploadPath(order.orderNumber, 'DELIVERY', type), multipartFile(filename, contentType, file())),
  predict: (config) => {
    const size = file().length
    const decided = checkAppointmentUpload({ documentType: type, contentType, sizeBytes: size, filename }, { config })
    return isLeft(decided) ? [problemOf(decided.left)] : [{ kind: 'accepted', body: { stop: 'DELIVERY', type, filename: decided.right.filename, contentType: decided.right.contentType } }]
  },
})

const WHOLE_CASES: ReadonlyArray<WholeCase> = [
  {
    rule: 'ERR-02',
    name: 'a valid quote request padded with blanks to one byte over the declared upload limit, sent whole',
    needsOrder: false,
    build: (config) => {
      const json = JSON.stringify(quoteBodyOf([{ palletCount: 1, poundsWeight: 400 }]))
      return post(QUOTE_PATH, { raw: json + ' '.repeat(Math.max(0, config.uploadMaxBytes + 1 - json.length)), contentType: 'application/json' })
    },
    // over the server's own limit: the spec's 413 file_too_large; within it: the quote it is
    predict: (config) => [problemOf(problemFor('file_too_large')), predictQuote(config, quoteBodyOf([{ palletCount: 1, poundsWeight: 400 }]))],
  },
  uploadCase('DOC-02', 'a text/plain packing slip of a MiB, sent whole (refused from its part headers)', 'PACKING_SLIP', 'slip.txt', 'text/plain', () => enc.encode('a packing slip\n'.repeat(Math.ceil(UPLOAD_BYTES / 15)))),
  uploadCase('DOC-04', 'a PDF of a MiB uploaded as APPOINTMENT_DOCUMENT, sent whole (refused from its path)', 'APPOINTMENT_DOCUMENT', 'appointment.pdf', 'application/pdf', () => paddedPdf(UPLOAD_BYTES)),
]

/**
 * Sends each case with the whole-body sender and compares the answer with every prediction the
 * library allows: a case holds when one agrees; no answer at all (the connection closed under the
 * client) fails the case's rule.
 */
export const wholeBodies: Check = {
  name: 'boundaries: early answers to a body sent whole',
  rules: [...new Set(WHOLE_CASES.map((c) => c.rule))],
  run: async (ctx): Promise<CheckResult> => {
    const first = ctx.http.transcript.length
    const held: Record<RuleId, number> = {}
    const failures = new Map<RuleId, Failure>()
    const notReached: Array<{ rule: RuleId; why: string }> = []
    let order: Order | undefined
    let prefix: SentRequest[] = []
    for (const c of WHOLE_CASES) {
      try {
        if (c.needsOrder && order === undefined) {
          const made = await makeOrder(ctx)
          prefix = made.requests
          if ('error' in made) {
            notReached.push({ rule: c.rule, why: made.error })
            continue
          }
          order = made.env
        }
        const req = c.build(ctx.config, order ?? { orderNumber: '' })
        const predictions = c.predict(ctx.config, req)
        const got = await sendWhole(ctx, req)
        const expected = `${c.name}: ${predictions.map(describePrediction).join(', or ')}`
        if ('error' in got) {
          if (!failures.has(c.rule)) failures.set(c.rule, { rule: c.rule, check: wholeBodies.name, expected, actual: `no answer: ${got.error}`, requests: [...prefix, req] })
          continue
        }
        const diffs = predictions.map((p) => compare(p, got.received))
        if (diffs.some((d) => d === undefined)) held[c.rule] = (held[c.rule] ?? 0) + 1
        else if (!failures.has(c.rule)) failures.set(c.rule, { rule: c.rule, check: wholeBodies.name, expected, actual: diffs.join('\nor\n'), requests: [...prefix, req] })
      } catch (e) {
        if (e instanceof BudgetExhausted) {
          notReached.push({ rule: c.rule, why: `${e.why} during the check` })
          continue
        }
        failures.set(KIT_CRASH, { rule: KIT_CRASH, check: wholeBodies.name, expected: `${c.name}: an answer`, actual: e instanceof Error ? e.message : String(e), requests: prefix })
      }
    }
    for (const f of failures.values()) ctx.onFailure?.(f)
    const unreached = wholeBodies.rules.filter((r) => !failures.has(r) && (held[r] ?? 0) === 0 && notReached.some((n) => n.rule === r))
    return {
      check: wholeBodies.name,
      rules: wholeBodies.rules.filter((r) => !unreached.includes(r)),
      failures: [...failures.values()],
      notChecked: [],
      notReached: unreached.map((rule) => ({ rule, why: notReached.find((n) => n.rule === rule)!.why })),
      held,
      requests: ctx.http.transcript.length - first,
    }
  },
}
