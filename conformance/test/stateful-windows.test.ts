// The windows crossed with the clock (stateful: CRT-10, QTE-02, QTE-05, QTE-06) and the calendar
// (coverage: QTE-03, QTE-04) against the workspace's sandbox (0 failures), and behind a proxy
// wrong in one way (shipper-rules-testkit's faultProxy): the kit names the rule the wrong answer
// breaks. Each wrong answer is one an HTTP request observes.
import { DateTime } from 'luxon'
import { addBusinessDays, canonicalJson, estimateDelivery, HEADER, makeConfig, transitDays } from 'shipper-rules'
import { faultProxy, jsonOf, type FaultProxyOptions } from 'shipper-rules-testkit'
import { afterEach, expect, test } from 'vitest'
import type { Check, CheckResult } from '../src/check.js'
import { calendarEta, liveTracking, placeConfirm, placeMerge } from '../src/checks/coverage/index.js'
import { windows } from '../src/checks/stateful/index.js'
import { kitContext, sandbox } from './stateful/support.js'

type Mutate = NonNullable<FaultProxyOptions['answer']>

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

/** The checks' results against the sandbox, or against a proxy in front of it that rewrites its answers. */
const against = async (checks: ReadonlyArray<Check>, mutate?: Mutate, runs = 2): Promise<CheckResult[]> => {
  const s = sandbox()
  let baseUrl = s.base
  if (mutate !== undefined) {
    const fake = await faultProxy(s.base, { answer: mutate })
    close = fake.close
    baseUrl = fake.baseUrl
  }
  const ctx = kitContext(s, baseUrl, { runs, seed: 42 })
  const out: CheckResult[] = []
  for (const check of checks) out.push(await check.run(ctx))
  return out
}

/** The checks' results without the sandbox controls (only the spec's endpoints). */
const withoutControls = async (checks: ReadonlyArray<Check>): Promise<CheckResult[]> => {
  const s = sandbox()
  const ctx = kitContext(s, s.base, { runs: 2, seed: 42, controls: 'none' })
  const out: CheckResult[] = []
  for (const check of checks) out.push(await check.run(ctx))
  return out
}

const failuresOf = (results: ReadonlyArray<CheckResult>, rule: string) => results.flatMap((r) => r.failures.filter((f) => f.rule === rule))
const failing = (results: ReadonlyArray<CheckResult>): string[] => [...new Set(results.flatMap((r) => r.failures.map((f) => f.rule)))]
const summary = (results: ReadonlyArray<CheckResult>): string => results.flatMap((r) => r.failures.map((f) => `${f.rule}: ${f.expected} | ${f.actual}`)).join('\n')

test('against the sandbox: the windows, the calendar, the merge, the place requirement and the live tracking hold, every rule checked', async () => {
  const results = await against([windows, calendarEta, placeMerge, placeConfirm, liveTracking], undefined, 3)
  expect(summary(results)).toBe('')
  const checked = results.flatMap((c) => c.rules)
  for (const rule of ['CRT-10', 'QTE-02', 'QTE-05', 'QTE-06', 'QTE-03', 'QTE-04', 'APT-09', 'APT-13', 'CNF-04', 'TRK-01', 'TRK-02', 'TRK-04']) expect(checked).toContain(rule)
})

test('without controls: the calendar is judged on pickups the quote names; the windows, the place requirement and the live tracking are not checked, with why', async () => {
  const [calendar, ...rest] = await withoutControls([calendarEta, windows, placeConfirm, liveTracking])
  expect(summary([calendar!])).toBe('')
  expect([...calendar!.rules].sort()).toEqual(['QTE-03', 'QTE-04'])
  expect(calendar!.requests).toBeGreaterThan(0)
  for (const r of rest) {
    expect(r.requests, r.check).toBe(0)
    expect(r.rules, r.check).toEqual([])
    expect(r.notChecked.length, r.check).toBeGreaterThan(0)
    for (const n of r.notChecked) expect(n.why, `${r.check} ${n.rule}`).toMatch(/--controls sandbox/)
  }
})

/** A request body as JSON, or undefined. */
const bodyOf = (asked: { body: Buffer }): Record<string, unknown> | undefined => {
  try {
    const v = JSON.parse(asked.body.toString('utf8')) as unknown
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** The company clock as a proxy in front of the sandbox sees it: real time plus the offset the last clock answer gave. */
const proxyClock = () => {
  let offsetMs = 0
  return {
    see: (asked: { method: string; url: string }, a: { status: number; body: Buffer }) => {
      const j = jsonOf(a)
      if (/^\/sandbox\/clock/.test(asked.url) && a.status === 200 && typeof j?.['offsetMs'] === 'number') offsetMs = j['offsetMs']
    },
    now: () => Date.now() + offsetMs,
  }
}

test('an ETA one day late over a holiday the declared calendar does not have (a server skipping carrier holidays): QTE-04', async () => {
  const report = await against([calendarEta], (asked, a) => {
    const j = jsonOf(a)
    const pickup = bodyOf(asked)?.['requiredPickupDate']
    if (asked.method === 'POST' && asked.url === '/v1/shipper/quote' && a.status === 200 && typeof j?.['estimatedDeliveryDate'] === 'string' && typeof pickup === 'string') {
      const from = DateTime.fromISO(pickup)
      const eta = DateTime.fromISO(j['estimatedDeliveryDate'])
      // a carrier holiday on a weekday between the pickup and the ETA: the ETA a business day later
      if ((transitDays(from, eta, { holidays: 'carrier' }) ?? 0) < (transitDays(from, eta) ?? 0)) {
        return { ...a, body: JSON.stringify({ ...j, estimatedDeliveryDate: addBusinessDays(eta, 1).toUTC().toISO({ suppressMilliseconds: true }) }) }
      }
    }
    return a
  })
  const fs = failuresOf(report, 'QTE-04')
  expect(failing(report)).toEqual(['QTE-04'])
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('estimateDelivery')
})

test('the oldest quote under a reference answered instead of the newest: QTE-05', async () => {
  const first = new Map<string, unknown>()
  const report = await against([windows], (asked, a) => {
    const j = jsonOf(a)
    const ref = bodyOf(asked)?.['customerReference']
    if (asked.method === 'POST' && asked.url === '/v1/shipper/quote' && a.status === 200 && typeof ref === 'string' && !first.has(ref)) first.set(ref, j?.['id'])
    const m = /^\/v1\/shipper\/quotes\/by-reference\?reference=(.*)$/.exec(asked.url)
    if (m !== null && a.status === 200 && j !== undefined) {
      const oldest = first.get(decodeURIComponent(m[1]!))
      if (oldest !== undefined) return { ...a, body: JSON.stringify({ ...j, quoteId: oldest }) }
    }
    return a
  })
  expect(failuresOf(report, 'QTE-05').length).toBe(1)
  expect(failing(report)).toEqual(['QTE-05'])
  expect(failuresOf(report, 'QTE-05')[0]!.expected).toContain('newest of 2 quote(s)')
})

test('an Idempotency-Key replayed a minute after its window (a server whose window is 24 h 1 min): CRT-10', async () => {
  const clock = proxyClock()
  const firsts = new Map<string, { text: string; body: string; at: number }>()
  const report = await against([windows], (asked, a) => {
    clock.see(asked, a)
    const key = asked.headers[HEADER.idempotencyKey.toLowerCase()]
    if (asked.method === 'POST' && asked.url === '/v1/shipper/shipment' && key !== undefined && a.status === 200) {
      const body = canonicalJson(bodyOf(asked))
      const was = firsts.get(key)
      const age = was === undefined ? undefined : clock.now() - was.at
      if (was !== undefined && was.body === body && age !== undefined && age < (24 * 60 + 1) * 60_000) return { ...a, body: was.text }
      firsts.set(key, { text: String(a.body), body, at: clock.now() })
    }
    return a
  })
  const fs = failuresOf(report, 'CRT-10')
  expect(fs.length).toBe(1)
  expect(failing(report)).toEqual(['CRT-10'])
  expect(fs[0]!.expected).toContain('a new order')
})

test('a quote still matchable a minute after its validity (a server whose window is 48 h 1 min): QTE-06', async () => {
  const clock = proxyClock()
  const expiry = new Map<string, number>()
  const report = await against([windows], (asked, a) => {
    clock.see(asked, a)
    const j = jsonOf(a)
    if (asked.method === 'POST' && asked.url === '/v1/shipper/quote' && a.status === 200 && typeof j?.['id'] === 'string') expiry.set(j['id'], Date.parse(String(j['quoteExpirationTime'])))
    if (/^\/v1\/shipper\/quotes\/by-reference/.test(asked.url) && a.status === 200 && j?.['matchable'] === false) {
      const ends = expiry.get(String(j['quoteId']))
      if (ends !== undefined && clock.now() < ends + 60_000) return { ...a, body: JSON.stringify({ ...j, matchable: true }) }
    }
    return a
  })
  const fs = failuresOf(report, 'QTE-06')
  expect(fs.length).toBe(1)
  expect(failing(report)).toEqual(['QTE-06'])
  expect(fs[0]!.expected).toContain('"matchable":false')
})

test('appointment contacts deduplicated by name instead of the library\'s key (e-mail without case, phone): APT-09', async () => {
  const report = await against([placeMerge], (asked, a) => {
    const j = jsonOf(a)
    if (/\/appointment\/DELIVERY$/.test(asked.url) && a.status === 200 && Array.isArray(j?.['contacts'])) {
      const names = new Set<unknown>()
      const contacts = (j['contacts'] as Array<Record<string, unknown>>).filter((c) => !names.has(c['name']) && names.add(c['name']))
      return { ...a, body: JSON.stringify({ ...j, contacts }) }
    }
    return a
  })
  const fs = failuresOf(report, 'APT-09')
  expect(fs.length).toBe(1)
  expect(failing(report)).toEqual(['APT-09'])
  expect(fs[0]!.expected).toContain('contacts')
})

test('a significantly delayed location without its delayMessage: TRK-04', async () => {
  const report = await against([liveTracking], (asked, a) => {
    const j = jsonOf(a)
    const location = j?.['location'] as Record<string, unknown> | undefined
    if (/\/tracking/.test(asked.url) && a.status === 200 && location?.['isSignificantlyDelayed'] === true) return { ...a, body: JSON.stringify({ ...j, location: { ...location, delayMessage: '' } }) }
    return a
  })
  const fs = failuresOf(report, 'TRK-04')
  expect(failing(report)).toEqual(['TRK-04'])
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('delayMessage')
})

test('include read as a single word on an order with events (a list of sections gets no location): TRK-01', async () => {
  const report = await against([liveTracking], (asked, a) => {
    const j = jsonOf(a)
    if (/\/tracking\?include=location(%2C|,)location$/.test(asked.url) && a.status === 200 && j !== undefined) {
      const { location: _dropped, ...rest } = j
      return { ...a, body: JSON.stringify(rest) }
    }
    return a
  })
  const fs = failuresOf(report, 'TRK-01')
  expect(failing(report)).toEqual(['TRK-01'])
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('include="location,location": a location')
})

test('a place that requires an appointment ignored at confirm (only the stop address\'s flag read): CNF-04', async () => {
  const requiring = new Set<string>()
  const orders = new Set<string>()
  const report = await against([placeConfirm], (asked, a) => {
    const j = jsonOf(a)
    if (asked.method === 'POST' && asked.url === '/sandbox/addresses' && a.status === 201 && j?.['appointmentRequired'] === true) requiring.add(String(j['id']))
    const place = asked.headers['x-sandbox-delivery-address-id']
    const stop = bodyOf(asked)?.['deliveryAddress'] as Record<string, unknown> | undefined
    if (asked.method === 'POST' && asked.url === '/v1/shipper/shipment' && a.status === 200 && place !== undefined && requiring.has(place) && stop?.['appointmentRequired'] !== true) orders.add(String(j?.['orderNumber']))
    const m = /^\/v1\/shipper\/shipment\/([^/]+)\/confirm$/.exec(asked.url)
    if (m !== null && orders.has(decodeURIComponent(m[1]!)) && a.status === 400) return { ...a, status: 200, body: JSON.stringify({ orderNumber: decodeURIComponent(m[1]!), orderStatus: 'CONFIRMED' }) }
    return a
  })
  const fs = failuresOf(report, 'CNF-04')
  expect(failing(report)).toEqual(['CNF-04'])
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('place requires an appointment')
})

test('the close time read in the calendar\'s zone instead of the stop\'s (an Eastern stop delivered an hour late): QTE-04', async () => {
  const report = await against([calendarEta], (asked, a) => {
    const j = jsonOf(a)
    const stop = bodyOf(asked)?.['deliveryAddress'] as Record<string, unknown> | undefined
    if (asked.method === 'POST' && asked.url === '/v1/shipper/quote' && a.status === 200 && typeof j?.['estimatedDeliveryDate'] === 'string' && stop?.['zipCode'] === '10001') {
      return { ...a, body: JSON.stringify({ ...j, estimatedDeliveryDate: DateTime.fromISO(j['estimatedDeliveryDate'], { zone: 'utc' }).plus({ hours: 1 }).toISO({ suppressMilliseconds: true }) }) }
    }
    return a
  })
  const fs = failuresOf(report, 'QTE-04')
  expect(failing(report)).toEqual(['QTE-04'])
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('delivery ZIP 10001')
})

test('business days counted in the delivery stop\'s zone instead of the declared calendar\'s (a late-evening Chicago pickup to New York a day off): QTE-04', async () => {
  const report = await against([calendarEta], (asked, a) => {
    const j = jsonOf(a)
    const body = bodyOf(asked)
    const stop = body?.['deliveryAddress'] as Record<string, unknown> | undefined
    const pickup = body?.['requiredPickupDate']
    if (asked.method === 'POST' && asked.url === '/v1/shipper/quote' && a.status === 200 && typeof j?.['transitDays'] === 'number' && stop?.['zipCode'] === '10001' && typeof pickup === 'string') {
      // the server's figure of days, counted in New York's calendar instead of the declared Chicago one
      const closeTime = typeof stop['closeTime'] === 'string' ? { deliveryCloseTime: stop['closeTime'] } : {}
      const eta = estimateDelivery({ pickup: DateTime.fromISO(pickup, { zone: 'utc' }), transitDays: j['transitDays'], deliveryZone: 'America/New_York', ...closeTime }, { zone: 'America/New_York' })
      return { ...a, body: JSON.stringify({ ...j, estimatedDeliveryDate: eta }) }
    }
    return a
  })
  const fs = failuresOf(report, 'QTE-04')
  expect(failing(report)).toEqual(['QTE-04'])
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('delivery ZIP 10001')
})

test('a quote read by its id with its expiry counted from the read, not its creation: QTE-02', async () => {
  const report = await against([windows], (asked, a) => {
    const j = jsonOf(a)
    if (asked.method === 'GET' && /^\/v1\/shipper\/quote\/[^/]+$/.test(asked.url) && a.status === 200 && j !== undefined) {
      return { ...a, body: JSON.stringify({ ...j, quoteExpirationTime: DateTime.utc().plus({ hours: 48 }).toISO({ suppressMilliseconds: true }) }) }
    }
    return a
  })
  const fs = failuresOf(report, 'QTE-02')
  expect(failing(report)).toEqual(['QTE-02'])
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('quoteExpirationTime')
})

test('a create booked on a quote a minute after its validity (a server whose window is 48 h 1 min): QTE-02', async () => {
  const clock = proxyClock()
  const quotes = new Map<string, { ends: number; price: unknown }>()
  const report = await against([windows], (asked, a) => {
    clock.see(asked, a)
    const j = jsonOf(a)
    if (asked.method === 'POST' && asked.url === '/v1/shipper/quote' && a.status === 200 && typeof j?.['id'] === 'string') quotes.set(j['id'], { ends: Date.parse(String(j['quoteExpirationTime'])), price: j['quotedPriceInCents'] })
    const quoteId = bodyOf(asked)?.['quoteId']
    const q = typeof quoteId === 'string' ? quotes.get(quoteId) : undefined
    if (asked.method === 'POST' && asked.url === '/v1/shipper/shipment' && q !== undefined && a.status === 400 && j?.['reason'] === 'quote_expired' && clock.now() < q.ends + 60_000) {
      return { ...a, status: 200, body: JSON.stringify({ id: 'ord_fake', orderNumber: 'ZZZ99', orderStatus: 'INITIALIZED', totalPriceInCents: q.price }) }
    }
    return a
  })
  const fs = failuresOf(report, 'QTE-02')
  expect(failing(report)).toEqual(['QTE-02'])
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('400 quote_expired')
})

test('a same-day delivery promised the next business day when the pickup is ready after the close time: QTE-04', async () => {
  const report = await against([calendarEta], (asked, a) => {
    const j = jsonOf(a)
    const pickup = bodyOf(asked)?.['requiredPickupDate']
    if (asked.method === 'POST' && asked.url === '/v1/shipper/quote' && a.status === 200 && j?.['transitDays'] === 0 && typeof j['estimatedDeliveryDate'] === 'string' && typeof pickup === 'string') {
      const eta = DateTime.fromISO(j['estimatedDeliveryDate'], { zone: 'utc' })
      if (eta < DateTime.fromISO(pickup, { zone: 'utc' })) return { ...a, body: JSON.stringify({ ...j, estimatedDeliveryDate: addBusinessDays(eta, 1).toUTC().toISO({ suppressMilliseconds: true }) }) }
    }
    return a
  })
  const fs = failuresOf(report, 'QTE-04')
  expect(failing(report)).toEqual(['QTE-04'])
  expect(fs.length).toBe(1)
  expect(fs[0]!.expected).toContain('delivery ZIP 60601')
})

test('judged by the declaration: a kit told the server skips the carrier holidays finds the sandbox (declaring none) delivering on them: QTE-04', async () => {
  const s = sandbox()
  const declared = makeConfig({ businessDays: { holidays: 'carrier' } })
  if (declared._tag === 'Left') throw new Error('a configuration the library refuses')
  const ctx = { ...kitContext(s, s.base, { runs: 2, seed: 42 }), config: declared.right }
  const result = await calendarEta.run(ctx)
  expect(failing([result])).toEqual(['QTE-04'])
  expect(result.failures[0]!.expected).toContain('with holidays "carrier"')
})
