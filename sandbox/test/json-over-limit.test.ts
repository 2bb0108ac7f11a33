// A JSON body over the limit (issue 35 item 5): every client reads the 413. Node's fetch sends a 10 MB
// body whole; a server that answers at the limit and closes the socket while the body still arrives
// makes that write fail (EPIPE, ECONNRESET) and the client never sees the answer. The rest of the body
// is read and dropped the way an upload's is (http/drain.ts), and the connection is kept for the next
// request when the body ends within the drain budget. The server runs as the CLI, in a process of its
// own, as an integrator's does: in the test's own process the client and the server share one event
// loop, and the race that loses the answer (20 sends of 10 MB: 13 EPIPE before the fix) does not show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { credentialHeaders } from 'shipper-rules'
import { startSandbox, type RunningSandbox } from 'shipper-rules-testkit'
import { quoteBody } from './support/harness.js'

let sandbox: RunningSandbox
let acme: { apiKey: string; token: string }

beforeAll(async () => {
  sandbox = await startSandbox()
  acme = sandbox.company
  })
afterAll(async () => {
  await sandbox.stop()
})

/** A quote body padded with a long customer reference to `bytes` bytes of JSON. */
const bodyOf = (bytes: number): string => {
  const base = JSON.stringify({ ...quoteBody(), customerReference: '' })
  return base.replace('"customerReference":""', `"customerReference":"${'x'.repeat(bytes - base.length)}"`)
}

describe('a JSON body over the limit', () => {
  for (const size of [1_048_577, 10_000_000, 40_000_000]) {
    it(`of ${size} bytes sent whole by fetch is answered 413 file_too_large, and the client reads it, every time`, async () => {
      const body = bodyOf(size)
      expect(body.length).toBe(size)
      for (let i = 0; i < (size === 10_000_000 ? 8 : 2); i++) {
      const answer = await fetch(`${sandbox.baseUrl}/v1/shipper/quote`, {
        method: 'POST',
        headers: { ...credentialHeaders(acme.apiKey, acme.token), 'content-type': 'application/json' },
        body,
      })
      expect(answer.status).toBe(413)
      expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/)
      expect(await answer.json()).toMatchObject({ status: 413, reason: 'file_too_large' })
      }
    })
  }

  it('a body at the limit is read (not refused for its size), and the connection serves the next request after a 413', async () => {
    const atLimit = await fetch(`${sandbox.baseUrl}/v1/shipper/quote`, {
      method: 'POST',
      headers: { ...credentialHeaders(acme.apiKey, acme.token), 'content-type': 'application/json' },
      body: bodyOf(1_048_576),
    })
    expect(atLimit.status).not.toBe(413)
    await atLimit.arrayBuffer()
    const after = await fetch(`${sandbox.baseUrl}/v1/shipper/quote`, {
      method: 'POST',
      headers: { ...credentialHeaders(acme.apiKey, acme.token), 'content-type': 'application/json' },
      body: JSON.stringify(quoteBody()),
    })
    expect(after.status).toBe(200)
  })
})
