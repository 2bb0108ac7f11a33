// The transport and document checks (issue 33): against the sandbox every one holds (0 failures,
// every rule held by its own cases); behind a server wrong in one way, each a bug a plain HTTP
// request shows, the kit names the rule the bug breaks: a cut multipart body stored, an early answer
// lost under a client still sending, an unknown order's appointment PDF said not generated, an
// upload that replaces by stop alone, a PNG refused, a download link without its authority.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { deflateSync } from 'node:zlib'
import { faultProxy, jsonOf, runsOf, type FaultProxyOptions } from 'shipper-rules-testkit'
import { afterEach, expect, inject, test } from 'vitest'
import type { Check } from '../src/check.js'
import { unknownOrder } from '../src/checks/boundaries/unknownOrder.js'
import { multipartCut, wholeBodies } from '../src/checks/boundaries/uploadBodies.js'
import { documentLinks, documentsReadBack } from '../src/checks/coverage/documents.js'
import { jpeg, markedPdf, png, readPdf } from '../src/checks/coverage/files.js'
import { runConformance, type Report } from '../src/index.js'

const CHECKS: ReadonlyArray<Check> = [multipartCut, wholeBodies, unknownOrder, documentsReadBack, documentLinks]

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

const run = async (baseUrl: string, checks: ReadonlyArray<Check>, controls: 'sandbox' | 'none' = 'sandbox'): Promise<Report> => {
  const s = inject('sandbox')
  return runConformance({ baseUrl, token: s.token, apiKey: s.apiKey, runs: runsOf(5), seed: 20261128, checks, controls })
}

const against = async (options: FaultProxyOptions, checks: ReadonlyArray<Check>, controls: 'sandbox' | 'none' = 'sandbox'): Promise<Report> => {
  const fake = await faultProxy(inject('sandbox').baseUrl, options)
  close = fake.close
  return run(fake.baseUrl, checks, controls)
}

const failed = (r: Report): string[] => r.rules.filter((x) => x.status === 'failed').map((x) => x.rule).sort()
const failuresOf = (r: Report, rule: string) => r.rules.find((x) => x.rule === rule)?.failures ?? []
const problem = (status: number, reason: string) => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: JSON.stringify({ type: `tag:fake,2026:problem:${reason}`, title: reason, status, detail: 'rewritten by the fake', reason }),
})

test('the files the checks upload read back as made: a PDF its pages and size, an image its pixel size on one page', () => {
  const pdf = readPdf(markedPdf(201, 301, 2))
  expect(pdf.pdf).toBe(true)
  expect(pdf.pages).toEqual([{ width: 201, height: 301, images: [] }, { width: 201, height: 301, images: [] }])
  expect(readPdf(png(3, 5)).pdf).toBe(false)
  expect([...png(3, 5).subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG')
  expect([...jpeg(7, 2).subarray(0, 2)]).toEqual([0xff, 0xd8])
})

test('the reader finds pages kept in a compressed object stream, a MediaBox inherited from the page tree, and the images a page draws', () => {
  // objects 2 (the page tree, with the MediaBox), 3 (a page) and 4 (an image) inside a Flate object stream (object 5)
  const inner = ['<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 205 305] >>', '<< /Type /Page /Parent 2 0 R /Resources << /XObject << /Im1 4 0 R >> >> >>', '<< /Type /XObject /Subtype /Image /Width 9 /Height 4 /BitsPerComponent 8 >>']
  let offsets = ''
  let body = ''
  inner.forEach((o, i) => {
    offsets += `${i + 2} ${body.length} `
    body += `${o}\n`
  })
  const stream = deflateSync(Buffer.from(offsets + body, 'latin1'))
  const head = `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n5 0 obj\n<< /Type /ObjStm /N 3 /First ${offsets.length} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`
  const pdf = Buffer.concat([Buffer.from(head, 'latin1'), stream, Buffer.from('\nendstream\nendobj\n%%EOF\n', 'latin1')])
  expect(readPdf(pdf)).toEqual({ pdf: true, pages: [{ width: 205, height: 305, images: [{ width: 9, height: 4 }] }] })
})

test('every transport and document check holds against the sandbox: 0 failures, each rule held', async () => {
  const report = await run(inject('sandbox').baseUrl, CHECKS)
  const failures = report.rules.flatMap((r) => r.failures.map((f) => `${f.rule} ${f.check}: expected ${f.expected}; actual ${f.actual}`))
  expect(failures).toEqual([])
  for (const check of CHECKS) {
    const r = report.checks.find((c) => c.check === check.name)
    expect(r?.notReached ?? [], check.name).toEqual([])
    expect(r?.requests ?? 0, check.name).toBeGreaterThan(0)
    if (r?.held !== undefined) for (const rule of check.rules) expect(r.held[rule] ?? 0, `${check.name} ${rule}`).toBeGreaterThan(0)
  }
  expect(report.rules.filter((r) => r.status === 'passed').map((r) => r.rule).sort()).toEqual([...new Set(CHECKS.flatMap((c) => c.rules))].sort())
  console.log(`transport and document checks against the sandbox: ${report.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s`)
})

test('a multipart body cut short stored as if whole (200): DOC-02', async () => {
  const report = await against(
    {
      answer: (req, a) => {
        const body = req.body.toString('latin1')
        const cut = req.method === 'POST' && req.url.includes('/document/') && (req.headers['content-type'] ?? '').startsWith('multipart/') && !body.trimEnd().endsWith('--')
        return cut ? { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 'adoc_fake', stop: 'PICKUP', type: 'PACKING_SLIP', filename: 'slip.pdf', sizeBytes: body.length, contentType: 'application/pdf' }) } : a
      },
    },
    [multipartCut],
  )
  expect(failed(report)).toEqual(['DOC-02'])
  expect(failuresOf(report, 'DOC-02')[0]!.actual).toContain('expected 400, actual 200')
})

/**
 * A server that refuses a large JSON body with the right answer (413 file_too_large) but before
 * reading it, then destroys the connection (the sandbox without its drain); any other request is
 * read whole, then forwarded to the sandbox.
 */
const earlyCloser = async (upstream: string): Promise<{ baseUrl: string; server: Server }> => {
  const target = new URL(upstream)
  const server = createServer((req: IncomingMessage, res) => {
    const length = Number(req.headers['content-length'] ?? 0)
    if ((req.headers['content-type'] ?? '').startsWith('application/json') && length > 1_000_000) {
      const body = JSON.stringify({ type: 'tag:fake,2026:problem:file_too_large', title: 'File too large', status: 413, detail: 'early', reason: 'file_too_large' })
      res.writeHead(413, { 'content-type': 'application/problem+json', connection: 'close' })
      res.end(body, () => req.socket.destroy())
      return
    }
    // any other request is read whole first, then forwarded: this fake loses no answer but the JSON 413's
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const out = httpRequest({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host, 'content-length': String(body.length) }, agent: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      out.on('error', () => res.destroy())
      out.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

test('a 413 given before the JSON body was read, the connection then closed under the client: the answer is lost, ERR-02', async () => {
  const fake = await earlyCloser(inject('sandbox').baseUrl)
  close = () =>
    new Promise<void>((resolve) => {
      fake.server.closeAllConnections()
      fake.server.close(() => resolve())
    })
  const report = await run(fake.baseUrl, [wholeBodies])
  expect(failed(report)).toEqual(['ERR-02'])
  expect(failuresOf(report, 'ERR-02')[0]!.actual).toMatch(/^no answer: the connection closed before an answer could be read/)
})

test("an unknown order's appointment PDF said not generated, and an unknown order's document DELETE answered 204: DOC-07 and ERR-02", async () => {
  const report = await against(
    {
      answer: (req, a) => {
        const reason = jsonOf(a)?.['reason']
        if (reason !== 'order_not_found') return a
        if (req.url.endsWith('/pdf')) return problem(404, 'appointment_pdf_not_generated')
        if (req.method === 'DELETE') return { status: 204, headers: {}, body: '' }
        return a
      },
    },
    [unknownOrder],
  )
  expect(failed(report)).toEqual(['DOC-07', 'ERR-02'])
  expect(failuresOf(report, 'DOC-07')[0]!.actual).toContain('appointment_pdf_not_generated')
})

test('uploads and deletes by stop alone (a customer BOL stored over the packing slip, its DELETE taking the packing slip): DOC-06, read back from the appointment PDF', async () => {
  const report = await against(
    {
      // the server keys documents by stop alone: every upload lands on the stop's PACKING_SLIP, and answers the type it was sent; a DELETE removes the stop's document
      request: (req) => (req.url.endsWith('/document/CUSTOMER_BOL') ? { ...req, url: req.url.replace(/CUSTOMER_BOL$/, 'PACKING_SLIP'), headers: { ...req.headers, 'x-fake-type': 'CUSTOMER_BOL' } } : req),
      answer: (req, a) => {
        const j = jsonOf(a)
        return req.headers['x-fake-type'] !== undefined && j !== undefined ? { ...a, body: JSON.stringify({ ...j, type: req.headers['x-fake-type'] }) } : a
      },
    },
    [documentsReadBack],
  )
  expect(failed(report)).toEqual(['DOC-06'])
  const f = failuresOf(report, 'DOC-06')[0]!
  expect(f.actual).toContain('PICKUP PDF: upload 2 (bol-scan.png to PICKUP/CUSTOMER_BOL): 1 page(s) expected, 0 found')
  // the DELETE of DELIVERY's customer BOL, never uploaded, took its packing slip
  expect(f.actual).toContain('DELIVERY PDF: upload 3 (slip-photo.jpeg to DELIVERY/PACKING_SLIP): 1 page(s) expected, 0 found')
  expect(f.expected).toContain('PICKUP/CUSTOMER_BOL = upload 2')
})

test('a PNG upload refused as unreadable (415): DOC-02, without the controls too', async () => {
  const report = await against(
    {
      answer: (req, a) => (req.method === 'POST' && req.body.includes('Content-Type: image/png') ? problem(415, 'unsupported_media_type') : a),
    },
    [documentsReadBack],
    'none',
  )
  expect(failed(report)).toEqual(['DOC-02'])
  expect(failuresOf(report, 'DOC-02')[0]!.expected).toContain('bol-scan.png (image/png)')
})

test('a download link without the slashes of its authority (http:127.0.0.1:…): DOC-01', async () => {
  const report = await against(
    {
      answer: (req, a) => {
        const j = jsonOf(a)
        const link = j?.['downloadLink']
        return req.method === 'GET' && typeof link === 'string' ? { ...a, body: JSON.stringify({ ...j, downloadLink: link.replace(/^(https?:)\/\//, '$1') }) } : a
      },
    },
    [documentLinks],
    'none',
  )
  expect(failed(report)).toEqual(['DOC-01'])
  expect(failuresOf(report, 'DOC-01')[0]!.actual).toMatch(/^"http:127\.0\.0\.1:/)
})
