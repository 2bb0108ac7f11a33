// Hostile uploads (issue 24), over real HTTP: an image whose header promises too many pixels is
// refused before anything decodes it; a large allowed image converts in a worker thread while the
// server keeps answering; a conversion past its time or memory, or a crashing converter, is a
// ProblemDetail and the server carries on; at most a few conversions run at once. And an upload
// answered early (401, 404, 409, 415) reaches Node's fetch streaming a FormData every time (the
// client in a process of its own: sharing the server's event loop it would read every answer in
// time and hide the EPIPE): the server reads the rest of the body and drops it instead of closing
// the socket under the client; only a body past the limit costs the connection. No assertion here depends on timing: the
// waits are generous and only order the events.
import { execFile } from 'node:child_process'
import { request as httpRequest, Agent } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { runsOf } from 'shipper-rules-testkit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConversionPool, conversionsStarted, uploadLimits } from '../src/pdf/conversions.js'
import { jpegSize, pngSize } from '../src/pdf/images.js'
import { buildServer, type ServerOptions } from '../src/server/server.js'
import { animatedPng, jpegClaiming, pngWithSecondIhdr, zeroPng } from './support/bigImages.js'
import { checkAgainstOpenApi } from './support/openapi.js'
import { createBody, quoteBody, removeStore, startSandbox, type Credentials, type Sandbox } from './support/harness.js'
import { makeJpeg, makePdf, makePng, multipartBody, readPdf } from './support/pdfFixtures.js'

let sandbox: Sandbox
let acme: Credentials
let globex: Credentials
/** Servers on the same database with other upload options (no OpenAPI check on the way: done here). */
const others: FastifyInstance[] = []

beforeAll(async () => {
  sandbox = await startSandbox()
  acme = await sandbox.company('Acme Hostile Uploads')
  globex = await sandbox.company('Globex Hostile Uploads')
})
afterAll(async () => {
  for (const app of others) await app.close()
  await sandbox.stop()
  removeStore(sandbox.storeOptions)
})

/** Another server on the sandbox's database, with these upload options: its base URL. */
const serve = async (options: Omit<ServerOptions, 'store'>): Promise<string> => {
  const app = await buildServer({ store: sandbox.store, ...options })
  others.push(app)
  await app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}

const docPath = (order: string, type = 'PACKING_SLIP', stop = 'PICKUP') => `/v1/shipper/shipment/${order}/appointment/${stop}/document/${type}`
const auth = (as: Credentials): Record<string, string> => ({ authorization: `Bearer ${as.token}`, 'x-service-api-key': as.apiKey })

interface Answer {
  readonly status: number
  readonly contentType: string
  readonly json: any
}

/** A multipart upload of one file (a buffered body), to `base` (the sandbox by default); the answer checked against the OpenAPI document. */
const upload = async (as: Credentials | undefined, path: string, file: { filename: string; contentType: string; bytes: Buffer }, base = sandbox.base): Promise<Answer> => {
  const form = multipartBody(file)
  const response = await fetch(`${base}${path}`, { method: 'POST', body: form.body, headers: { 'content-type': form.contentType, ...(as !== undefined ? auth(as) : {}) } })
  const text = await response.text()
  const contentType = response.headers.get('content-type') ?? ''
  const answer = { status: response.status, contentType, json: contentType.includes('json') ? JSON.parse(text) : undefined }
  expect(checkAgainstOpenApi('POST', path, answer), `${path} ${answer.status}`).toBeUndefined()
  return answer
}

/** A quoted, created order (INITIALIZED) of `as`. */
const newOrder = async (as: Credentials): Promise<string> => {
  const quote = await sandbox.call('POST', '/v1/shipper/quote', { as, body: quoteBody() })
  expect(quote.status).toBe(200)
  const created = await sandbox.call('POST', '/v1/shipper/shipment', { as, body: createBody({ quoteId: quote.json.id }) })
  expect(created.status, JSON.stringify(created.json)).toBe(200)
  return created.json.orderNumber as string
}

/** Polls `condition` every 10 ms until it holds (a generous bound: only a hang fails). */
const until = async (condition: () => boolean, what: string, ms = 120_000): Promise<void> => {
  const end = Date.now() + ms
  while (!condition()) {
    if (Date.now() > end) throw new Error(`never: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('image headers (images.ts)', () => {
  it('reads PNG and JPEG sizes from their headers; anything it cannot vouch for is unreadable', () => {
    expect(pngSize(makePng(4, 3))).toEqual({ width: 4, height: 3 })
    expect(pngSize(zeroPng(6000, 6000))).toEqual({ width: 6000, height: 6000 })
    expect(jpegSize(makeJpeg())).toEqual({ width: 8, height: 8 })
    expect(jpegSize(jpegClaiming(60_000, 1_000))).toEqual({ width: 60_000, height: 1_000 })
    expect(pngSize(pngWithSecondIhdr(6000, 6000))).toBeUndefined()
    expect(pngSize(animatedPng())).toBeUndefined()
    expect(jpegSize(jpegClaiming(100, 0))).toBeUndefined() // height from a DNL segment: not vouched for
    const png = makePng(4, 3)
    const jpeg = makeJpeg()
    // every prefix, and every single-byte change of the headers: an answer or undefined, never a throw
    for (let n = 0; n <= 64; n++) {
      expect(() => pngSize(png.subarray(0, n))).not.toThrow()
      expect(() => jpegSize(jpeg.subarray(0, n))).not.toThrow()
    }
    for (let i = 0; i < 48; i++) {
      for (const v of [0x00, 0x7f, 0xff]) {
        const p = Buffer.from(png)
        p[i] = v
        const j = Buffer.from(jpeg)
        j[i] = v
        const sizes = [pngSize(p), jpegSize(j)]
        for (const s of sizes) if (s !== undefined) expect(s.width * s.height).toBeGreaterThan(0)
      }
    }
    expect(pngSize(Buffer.alloc(0))).toBeUndefined()
    expect(jpegSize(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x00]))).toBeUndefined() // a length below 2
  })
})

describe('conversion workers (conversions.ts)', () => {
  const job = { bytes: new Uint8Array(makePng(4, 3)), mediaType: 'image/png', filename: 'a.png', at: 0 }

  it('a crashing, exiting or memory-hungry converter is a ProblemDetail; the process carries on', async () => {
    const crash = await new ConversionPool(uploadLimits(), new URL('data:text/javascript,throw new Error("converter crash")')).convert(job)
    expect(crash).toMatchObject({ kind: 'failed', problem: { status: 500, reason: 'internal_error' } })
    const exit = await new ConversionPool(uploadLimits(), new URL('data:text/javascript,process.exit(3)')).convert(job)
    expect(exit).toMatchObject({ kind: 'failed', problem: { status: 500, reason: 'internal_error' } })
    const hungry = await new ConversionPool(uploadLimits({ conversionMemoryMb: 16 }), new URL('data:text/javascript,const a = []; for (;;) a.push({ n: Math.random() })')).convert(job)
    expect(hungry).toMatchObject({ kind: 'failed', problem: { status: 413, reason: 'file_too_large' } })
    expect((hungry as { problem: { detail: string } }).problem.detail).toContain('16 MiB')
    const stuck = await new ConversionPool(uploadLimits({ conversionTimeoutMs: 200 }), new URL('data:text/javascript,for (;;) {}')).convert(job)
    expect(stuck).toMatchObject({ kind: 'failed', problem: { status: 413, reason: 'file_too_large' } })
    expect((stuck as { problem: { detail: string } }).problem.detail).toContain('within 200 ms')
    // the real converter still works
    expect(await new ConversionPool(uploadLimits()).convert(job)).toMatchObject({ kind: 'converted', pageCount: 1 })
  })

  it('at most maxConcurrentConversions workers at once; the others wait and all finish', async () => {
    const slow = new ConversionPool(
      uploadLimits({ maxConcurrentConversions: 2 }),
      new URL("data:text/javascript,import { parentPort } from 'node:worker_threads'; setTimeout(() => parentPort.postMessage({ kind: 'unreadable' }), 300)"),
    )
    let most = 0
    const watch = setInterval(() => {
      most = Math.max(most, slow.active)
    }, 2)
    const outcomes = await Promise.all(Array.from({ length: 7 }, () => slow.convert(job)))
    clearInterval(watch)
    expect(outcomes.map((o) => o.kind)).toEqual(new Array(7).fill('unreadable'))
    expect(most).toBeGreaterThanOrEqual(1)
    expect(most).toBeLessThanOrEqual(2)
  })
})

describe('pixel limits (default: 25,000,000 pixels, 10,000 a side)', () => {
  it('the 6000 x 6000 PNG of issue 24 (a small file) is 413 file_too_large from its header, no converter started; so are too wide ones and JPEGs', async () => {
    const order = await newOrder(acme)
    const big = zeroPng(6000, 6000)
    expect(big.length).toBeLessThan(200_000)
    const before = conversionsStarted()
    const refused = await upload(acme, docPath(order), { filename: 'huge.png', contentType: 'image/png', bytes: big })
    expect(refused.status).toBe(413)
    expect(refused.contentType).toContain('application/problem+json')
    expect(refused.json.reason).toBe('file_too_large')
    expect(refused.json.detail).toContain('6,000 x 6,000 pixels (36,000,000)')
    expect(refused.json.detail).toContain('25,000,000 pixels and 10,000 pixels a side')
    const wide = await upload(acme, docPath(order), { filename: 'wide.png', contentType: 'image/png', bytes: zeroPng(10_001, 10) })
    expect([wide.status, wide.json.reason]).toEqual([413, 'file_too_large'])
    const jpeg = await upload(acme, docPath(order), { filename: 'huge.jpg', contentType: 'image/jpeg', bytes: jpegClaiming(5001, 5000) })
    expect([jpeg.status, jpeg.json.reason]).toEqual([413, 'file_too_large'])
    expect(jpeg.json.detail).toContain('5,001 x 5,000')
    // a header that hides its size is unreadable (415), as before
    for (const bytes of [pngWithSecondIhdr(6000, 6000), animatedPng()]) {
      const odd = await upload(acme, docPath(order), { filename: 'odd.png', contentType: 'image/png', bytes })
      expect([odd.status, odd.json.reason]).toEqual([415, 'unsupported_media_type'])
    }
    expect(conversionsStarted()).toBe(before) // nothing was decoded
    // a JPEG at the limit exactly is converted (its header says 5,000 x 5,000; pdf-lib embeds a
    // JPEG without decoding it)
    const atLimit = await upload(acme, docPath(order), { filename: 'at-limit.jpg', contentType: 'image/jpeg', bytes: jpegClaiming(5000, 5000) })
    expect(atLimit.status, JSON.stringify(atLimit.json)).toBe(200)
    expect(conversionsStarted()).toBe(before + 1)
  })

  it('a PNG at the pixel limit converts (a server with a long time limit); one row more is refused', async () => {
    const roomy = await serve({ conversionTimeoutMs: 600_000 })
    const order = await newOrder(acme)
    const refused = await upload(acme, docPath(order), { filename: 'over.png', contentType: 'image/png', bytes: zeroPng(5000, 5001) }, roomy)
    expect([refused.status, refused.json.reason]).toEqual([413, 'file_too_large'])
    const atLimit = await upload(acme, docPath(order), { filename: 'at-limit.png', contentType: 'image/png', bytes: zeroPng(5000, 5000) }, roomy)
    expect(atLimit.status, JSON.stringify(atLimit.json)).toBe(200)
    expect(atLimit.json).toMatchObject({ type: 'PACKING_SLIP', filename: 'at-limit.pdf', contentType: 'application/pdf' })
    const stored = await sandbox.store.query<{ content: Uint8Array }>("SELECT content FROM appointment_documents WHERE order_id = (SELECT id FROM orders WHERE order_number = $1) AND type = 'PACKING_SLIP'", [order])
    const pdf = await readPdf(Buffer.from(stored[0]!.content))
    expect(pdf.pages).toBe(1)
    expect(pdf.images[0]?.[0]).toMatchObject({ width: 5000, height: 5000 })
  })

  it('a smaller limit is a server option (maxImagePixels, maxImageSide)', async () => {
    const strict = await serve({ maxImagePixels: 10_000, maxImageSide: 200 })
    const order = await newOrder(acme)
    const over = await upload(acme, docPath(order), { filename: 'a.png', contentType: 'image/png', bytes: zeroPng(101, 100) }, strict)
    expect([over.status, over.json.reason]).toEqual([413, 'file_too_large'])
    expect(over.json.detail).toContain('at most 10,000 pixels and 200 pixels a side')
    expect((await upload(acme, docPath(order), { filename: 'a.png', contentType: 'image/png', bytes: zeroPng(100, 100) }, strict)).status).toBe(200)
    expect((await upload(acme, docPath(order), { filename: 'a.png', contentType: 'image/png', bytes: zeroPng(201, 2) }, strict)).status).toBe(413)
  })
})

describe('conversion off the event loop', () => {
  it('while a large allowed PNG converts, other requests are answered; the upload answers after them', async () => {
    const roomy = await serve({ conversionTimeoutMs: 600_000 })
    const order = await newOrder(acme)
    const started = conversionsStarted()
    let settled = false
    const pending = upload(acme, docPath(order), { filename: 'large.png', contentType: 'image/png', bytes: zeroPng(5000, 5000, 6) }, roomy).finally(() => {
      settled = true
    })
    await until(() => conversionsStarted() > started || settled, 'the conversion starts')
    expect(settled).toBe(false)
    // a request with a database read and one without, on the same server, while the worker converts
    const merged = await fetch(`${roomy}/v1/shipper/shipment/${order}/appointment/PICKUP`, { headers: auth(acme) })
    expect(merged.status).toBe(200)
    const unknown = await fetch(`${roomy}/no/such/route`)
    expect(unknown.status).toBe(404)
    expect(settled).toBe(false) // answered before the conversion ended
    const done = await pending
    expect(done.status, JSON.stringify(done.json)).toBe(200)
  })

  it('a conversion past its time limit is 413 file_too_large naming the limit; the server carries on', async () => {
    const hasty = await serve({ conversionTimeoutMs: 20 })
    const order = await newOrder(acme)
    const late = await upload(acme, docPath(order), { filename: 'slow.png', contentType: 'image/png', bytes: zeroPng(3000, 3000, 6) }, hasty)
    expect([late.status, late.json.reason]).toEqual([413, 'file_too_large'])
    expect(late.json.detail).toContain('within 20 ms')
    const pdf = await upload(acme, docPath(order), { filename: 'a.pdf', contentType: 'application/pdf', bytes: await makePdf(1, 'after') })
    expect(pdf.status).toBe(200)
  })
})

const execFileAsync = promisify(execFile)
const FORM_CLIENT = fileURLToPath(new URL('./support/formClient.mjs', import.meta.url))

/**
 * What Node's fetch, in a process of its own, makes of `tries` FormData uploads of a file of
 * `size` bytes to `path` (support/formClient.mjs): "<status> <reason>" or "network error <code>" each.
 */
const formClient = async (path: string, headers: Record<string, string>, tries: number, size: number, contentType = 'image/png', mode: 'form' | 'paced' = 'form'): Promise<string[]> => {
  const { stdout } = await execFileAsync(process.execPath, [FORM_CLIENT, `${sandbox.base}${path}`, JSON.stringify(headers), String(tries), String(size), contentType, mode], { maxBuffer: 1 << 20 })
  return JSON.parse(stdout) as string[]
}

describe('early answers reach a client that is still sending', () => {
  // 30 tries a case where FC_NUM_RUNS is the deep run's (CI's PostgreSQL step), 10 in npm test
  // (runsOf): before the drain, 25 to 30 of 30 tries got EPIPE, so 10 tries fail it just as surely
  const TRIES = runsOf(30)

  it(`FormData of 3 MB by fetch (another process), refused early (401, 404 order_not_found, 409, 415), ${TRIES} tries each: every try gets the ProblemDetail, never EPIPE or ECONNRESET`, async () => {
    const mine = await newOrder(acme)
    const foreign = await newOrder(globex)
    const accepted = await newOrder(acme)
    expect((await sandbox.call('PUT', `/v1/shipper/shipment/${accepted}/confirm`, { as: acme })).status).toBe(200)
    expect((await sandbox.call('POST', `/sandbox/orders/${accepted}/events`, { as: acme, body: { event: 'ACCEPT' } })).status).toBe(200)
    const size = 3 * 1024 * 1024
    const cases: Array<[string, string, Record<string, string>, string, string]> = [
      ['no credentials', docPath(mine), {}, 'image/png', '401 unauthorized'],
      ['another company\u2019s order', docPath(foreign), auth(acme), 'image/png', '404 order_not_found'],
      ['an accepted order', docPath(accepted), auth(acme), 'image/png', '409 order_accepted_appointment_locked'],
      ['a refused part type', docPath(mine), auth(acme), 'text/plain', '415 unsupported_media_type'],
    ]
    for (const [name, path, headers, contentType, expected] of cases) {
      expect(await formClient(path, headers, TRIES, size, contentType), name).toEqual(new Array(TRIES).fill(expected))
    }
    // and the server is still itself
    expect((await sandbox.call('GET', `/v1/shipper/shipment/${mine}/appointment/PICKUP`, { as: acme })).status).toBe(200)
  })

  it('a slow sender (the FormData streamed in 64 kB pieces with pauses) refused early gets the answer too', async () => {
    const mine = await newOrder(acme)
    expect(await formClient(docPath(mine), {}, 10, 2 * 1024 * 1024, 'image/png', 'paced')).toEqual(new Array(10).fill('401 unauthorized'))
  })

  it('after an early answer within the limit the connection is kept: the next request on it is answered', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const url = new URL(sandbox.base)
      const form = multipartBody({ filename: 'a.png', contentType: 'image/png', bytes: Buffer.alloc(2 * 1024 * 1024, 0x55) })
      const send = (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; reused: boolean; connection: string | undefined }>((resolve, reject) => {
          const req = httpRequest({ host: url.hostname, port: url.port, method, path, agent, headers }, (res) => {
            res.resume()
            res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket, connection: res.headers['connection'] }))
          })
          req.on('error', reject)
          req.end(body)
        })
      const first = await send('POST', docPath('ZZZZ9'), form.body, { 'content-type': form.contentType })
      expect(first.status).toBe(401)
      expect(first.connection).not.toBe('close')
      const second = await send('GET', '/no/such/route')
      expect(second).toMatchObject({ status: 404, reused: true })
    } finally {
      agent.destroy()
    }
  })
})

/**
 * Sends an upload past the limit: the part's headers, then 1 MiB blocks (as fast as the server
 * takes them) until the server closes the connection or `cap` MiB are sent; with `declare` the
 * body's Content-Length is given (20 MiB), otherwise it is chunked. The answer, if any, and
 * whether the server closed the connection.
 */
const pastTheLimit = (path: string, headers: Record<string, string>, declare: boolean, cap = 64) => {
  const form = multipartBody({ filename: 'big.png', contentType: 'image/png', bytes: Buffer.alloc(0) })
  const url = new URL(sandbox.base)
  return new Promise<{ status: number; reason: string | undefined; connection: string | undefined; closed: boolean; sentMiB: number }>((resolve) => {
    let answer: { status: number; reason: string | undefined; connection: string | undefined } | undefined
    let sent = 0
    let closed = false
    const finish = () => resolve({ ...(answer ?? { status: 0, reason: undefined, connection: undefined }), closed, sentMiB: sent })
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      method: 'POST',
      path,
      headers: { ...headers, 'content-type': form.contentType, ...(declare ? { 'content-length': String(form.head.length + 20 * 1024 * 1024) } : { 'transfer-encoding': 'chunked' }) },
    })
    req.on('error', () => undefined) // the server closes the connection
    req.on('response', (res) => {
      const parts: Buffer[] = []
      res.on('data', (c: Buffer) => parts.push(c))
      res.on('end', () => {
        const text = Buffer.concat(parts).toString('utf8')
        answer = { status: res.statusCode ?? 0, reason: text.startsWith('{') ? (JSON.parse(text) as { reason?: string }).reason : undefined, connection: res.headers['connection'] }
      })
    })
    req.on('socket', (socket) => {
      socket.on('close', () => {
        closed = true
        // the answer, if it came, was read before the close
        setImmediate(finish)
      })
    })
    const block = Buffer.alloc(1024 * 1024, 0x25)
    const total = declare ? 20 : cap
    const pump = (): void => {
      while (!closed && sent < total && !req.destroyed) {
        sent++
        if (!req.write(block)) return void req.once('drain', pump)
      }
      if (sent < total || closed) return
      if (declare) req.end()
      else {
        req.destroy() // the cap: the server never stopped reading
        finish()
      }
    }
    req.write(form.head)
    pump()
  })
}

describe('a body past the limit with an early refusal', () => {
  it('declared (Content-Length 20 MiB) or not (chunked): the early answer arrives, then the server closes the connection', async () => {
    const mine = await newOrder(acme)
    const declared = await pastTheLimit(docPath(mine), {}, true)
    expect(declared).toMatchObject({ status: 401, reason: 'unauthorized', connection: 'close', closed: true })
    const chunked = await pastTheLimit(docPath(mine), {}, false)
    expect(chunked).toMatchObject({ status: 401, reason: 'unauthorized', closed: true })
    expect(chunked.sentMiB).toBeLessThan(64) // the server stopped reading: it did not take it all
    const foreign = await pastTheLimit(docPath(await newOrder(globex)), auth(acme), false)
    expect(foreign).toMatchObject({ status: 404, reason: 'order_not_found', closed: true })
    // a file past the limit: 413, Connection: close
    const cut = await pastTheLimit(docPath(mine), auth(acme), false)
    expect(cut).toMatchObject({ status: 413, reason: 'file_too_large', connection: 'close', closed: true })
    expect((await sandbox.call('GET', `/v1/shipper/shipment/${mine}/appointment/PICKUP`, { as: acme })).status).toBe(200)
  })

  it('Node\u2019s fetch (another process) sending 12 MB still reads the answer: 401, and 413 for the file itself (the socket lingers after the answer)', async () => {
    const mine = await newOrder(acme)
    const size = 12 * 1024 * 1024
    expect(await formClient(docPath(mine), {}, 10, size, 'application/pdf')).toEqual(new Array(10).fill('401 unauthorized'))
    expect(await formClient(docPath(mine), auth(acme), 10, size, 'application/pdf')).toEqual(new Array(10).fill('413 file_too_large'))
  })
})
