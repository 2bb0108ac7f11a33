// The fault proxy against a tiny upstream that echoes what it got and counts its requests.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DELAY, DROP_AFTER_COMMIT, faultProxy, jsonOf, RESET_BEFORE, unavailable, withJson } from '../src/index.js'

let upstream: Server
let base = ''
let served = 0

beforeAll(async () => {
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      served++
      const body = JSON.stringify({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString('utf8'), marker: req.headers['x-marker'] ?? null })
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())))

describe('faultProxy', () => {
  it('forwards and records; plays a plan of faults in order, then passes', async () => {
    const proxy = await faultProxy(base, { holdLimitMs: 100 })
    try {
      proxy.plan({ method: 'POST', path: /^\/things$/ }, [unavailable(7), RESET_BEFORE, DROP_AFTER_COMMIT, DELAY])
      expect(proxy.pending()).toBe(4)
      const first = await fetch(`${proxy.baseUrl}/things?x=1`, { method: 'POST', body: 'a' })
      expect(first.status).toBe(503)
      expect(first.headers.get('retry-after')).toBe('7')
      expect(((await first.json()) as { status: number }).status).toBe(503)
      await expect(fetch(`${proxy.baseUrl}/things`, { method: 'POST', body: 'b' })).rejects.toThrow()
      const before = served
      await expect(fetch(`${proxy.baseUrl}/things`, { method: 'POST', body: 'c' })).rejects.toThrow()
      expect(served).toBe(before + 1) // committed upstream, never answered
      await expect(fetch(`${proxy.baseUrl}/things`, { method: 'POST', body: 'd' })).rejects.toThrow()
      expect(proxy.pending()).toBe(0)
      const other = await fetch(`${proxy.baseUrl}/other`, { headers: { 'x-marker': 'm1' } })
      expect(other.status).toBe(200)
      expect(other.headers.get('x-upstream')).toBe('yes')
      expect(await other.json()).toMatchObject({ method: 'GET', url: '/other', marker: 'm1' })
      expect(proxy.records.map((r) => r.fault)).toEqual(['503', 'reset_before', 'drop_response_after_commit', 'delay', 'pass'])
      expect(proxy.records[0]!.url).toBe('/things?x=1')
      expect(proxy.records[0]!.upstream).toBeUndefined()
      expect(proxy.records[2]!.upstream?.json).toMatchObject({ body: 'c' })
      expect(proxy.records[4]!.headers['x-marker']).toBe('m1')
      proxy.reset()
      expect(proxy.records).toHaveLength(0)
    } finally {
      await proxy.close()
    }
  })

  it('rewrites requests and answers (a wrong server on purpose)', async () => {
    const proxy = await faultProxy(base, {
      request: (r) => ({ ...r, url: r.url.replace('/old', '/new'), headers: { ...r.headers, 'x-marker': 'rewritten' } }),
      answer: (r, a) => {
        const json = jsonOf(a)
        return r.url === '/new' && json !== undefined ? withJson(a, { ...json, extra: true }, 201) : a
      },
    })
    try {
      const answer = await fetch(`${proxy.baseUrl}/old`)
      expect(answer.status).toBe(201)
      expect(await answer.json()).toMatchObject({ url: '/new', marker: 'rewritten', extra: true })
      expect(proxy.records[0]!.url).toBe('/old')
      const untouched = await fetch(`${proxy.baseUrl}/kept`)
      expect(untouched.status).toBe(200)
      expect(await untouched.json()).not.toHaveProperty('extra')
    } finally {
      await proxy.close()
    }
  })

  it('answers 502 when the upstream is gone', async () => {
    const dead = createServer()
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve))
    const port = (dead.address() as AddressInfo).port
    await new Promise<void>((resolve) => dead.close(() => resolve()))
    const proxy = await faultProxy(`http://127.0.0.1:${port}`)
    try {
      const answer = await fetch(`${proxy.baseUrl}/x`)
      expect(answer.status).toBe(502)
      expect(await answer.text()).toMatch(/^proxy: /)
    } finally {
      await proxy.close()
    }
  })
})

describe('jsonOf', () => {
  it('reads a JSON object body from text or bytes, else undefined', () => {
    expect(jsonOf({ body: '{"a":1}' })).toEqual({ a: 1 })
    expect(jsonOf({ body: Buffer.from('{"a":2}') })).toEqual({ a: 2 })
    expect(jsonOf({ body: '[1]' })).toBeUndefined()
    expect(jsonOf({ body: 'nope' })).toBeUndefined()
  })
})
