// The boundary checks (src/checks/boundaries/): against the sandbox every case of every table
// holds (0 failures, every rule with held cases); behind a proxy wrong in one way, each a bug a
// plain HTTP request shows, the kit names the rule the bug breaks, and only the table that covers it
// fails.
import { faultProxy, jsonOf, runsOf, type FaultProxyOptions, type ProxyRequest } from 'shipper-rules-testkit'
import { defaultConfig, LIMITS } from 'shipper-rules'
import { afterEach, expect, inject, test } from 'vitest'
import type { Check } from '../src/check.js'
import { countries, zipCodes } from '../src/checks/boundaries/address.js'
import { echoedOnInvoice } from '../src/checks/boundaries/echo.js'
import { createFields, palletSizes, wireTimestamps } from '../src/checks/boundaries/fields.js'
import { freightClass, palletLimits } from '../src/checks/boundaries/freight.js'
import { BOUNDARY_CHECKS } from '../src/checks/boundaries/index.js'
import { trackingInclude, uploadTransport } from '../src/checks/boundaries/transport.js'
import { runConformance, type Report } from '../src/index.js'

let close: (() => Promise<void>) | undefined
afterEach(async () => {
  await close?.()
  close = undefined
})

/** The kit's default runs (25) against the sandbox; 5 behind a proxy, where the edges (not the random cases) meet each bug. */
const run = async (baseUrl: string, checks: ReadonlyArray<Check>, runs = 25): Promise<Report> => {
  const s = inject('sandbox')
  return runConformance({ baseUrl, token: s.token, apiKey: s.apiKey, runs: runsOf(runs), seed: 20261128, checks, controls: 'sandbox' })
}

/** Runs checks against the sandbox behind a proxy that rewrites requests and answers as given. */
const against = async (options: FaultProxyOptions, checks: ReadonlyArray<Check>): Promise<Report> => {
  const fake = await faultProxy(inject('sandbox').baseUrl, options)
  close = fake.close
  return run(fake.baseUrl, checks, 5)
}

const failed = (r: Report): string[] => r.rules.filter((x) => x.status === 'failed').map((x) => x.rule).sort()
const failuresOf = (r: Report, rule: string) => r.rules.find((x) => x.rule === rule)?.failures ?? []

const bodyOf = (req: ProxyRequest): Record<string, unknown> | undefined => {
  try {
    const j: unknown = JSON.parse(req.body.toString('utf8'))
    return typeof j === 'object' && j !== null && !Array.isArray(j) ? (j as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
const withBody = (req: ProxyRequest, body: unknown): ProxyRequest => ({ ...req, body: Buffer.from(JSON.stringify(body), 'utf8') })
const isOrderPost = (req: ProxyRequest): boolean => req.method === 'POST' && (req.url === '/v1/shipper/quote' || req.url === '/v1/shipper/shipment')
const components = (b: Record<string, unknown>): Array<Record<string, unknown>> => (Array.isArray(b['orderComponents']) ? (b['orderComponents'] as Array<Record<string, unknown>>) : [])
const liftgate = (b: Record<string, unknown>): boolean =>
  ['pickupAddress', 'deliveryAddress'].some((k) => (b[k] as Record<string, unknown> | undefined)?.['liftgateRequired'] === true)

const problem = (status: number, reason: string, violations?: unknown[]) => ({
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: JSON.stringify({ type: `tag:fake,2026:problem:${reason}`, title: reason, status, detail: 'rewritten by the fake', reason, ...(violations === undefined ? {} : { violations }) }),
})

test('every boundary table holds against the sandbox: 0 failures, each rule held by its own cases', async () => {
  const report = await run(inject('sandbox').baseUrl, BOUNDARY_CHECKS)
  const failures = report.rules.flatMap((r) => r.failures.map((f) => `${f.rule} ${f.check}: expected ${f.expected}; actual ${f.actual}`))
  expect(failures).toEqual([])
  for (const check of BOUNDARY_CHECKS) {
    const r = report.checks.find((c) => c.check === check.name)
    expect(r?.notReached ?? [], check.name).toEqual([])
    for (const rule of check.rules) expect(r?.held?.[rule] ?? 0, `${check.name} ${rule}`).toBeGreaterThan(0)
  }
  expect(report.rules.filter((r) => r.status === 'passed').map((r) => r.rule).sort()).toEqual([...new Set(BOUNDARY_CHECKS.flatMap((c) => c.rules))].sort())
  console.log(`boundary tables against the sandbox: ${report.requests} requests, ${(report.durationMs / 1000).toFixed(1)} s`)
})

test('the per-pallet weight cap one pound low (the cap itself refused): FRT-02, at the cap', async () => {
  const cap = defaultConfig.pallet.maxPoundsPerPallet
  const report = await against(
    {
      answer: (req, a) => {
        const b = isOrderPost(req) ? bodyOf(req) : undefined
        const at = b === undefined || liftgate(b) ? -1 : components(b).findIndex((c) => c['poundsWeight'] === cap)
        return at < 0 ? a : problem(422, 'pallet_invalid', [{ field: `orderComponents[${at}].poundsWeight`, entity: 'orderComponents', reason: `must be at most ${cap - 1}`, code: 'out_of_range' }])
      },
    },
    [palletLimits],
  )
  expect(failed(report)).toEqual(['FRT-02'])
  expect(failuresOf(report, 'FRT-02')[0]!.expected).toContain(`at pallet.maxPoundsPerPallet (${cap})`)
})

test('the liftgate limits ignored (the stop flag dropped before the rules run): FRT-10', async () => {
  const report = await against(
    {
      request: (req) => {
        const b = isOrderPost(req) ? bodyOf(req) : undefined
        if (b === undefined || !liftgate(b)) return req
        const drop = (a: unknown): unknown => {
          const { liftgateRequired: _, ...rest } = a as Record<string, unknown>
          return rest
        }
        return withBody(req, { ...b, pickupAddress: drop(b['pickupAddress']), deliveryAddress: drop(b['deliveryAddress']) })
      },
    },
    [palletLimits],
  )
  expect(failed(report)).toEqual(['FRT-10'])
  expect(failuresOf(report, 'FRT-10')[0]!.actual).toMatch(/expected 422|at \$\.status/)
})

test('a density band edge put in the band below (a derived class taken one band lower): FRT-07', async () => {
  // a server that derives the class with > instead of >=: a pallet exactly on an edge gets the class under it
  const bands = [...defaultConfig.densityScale.bands].sort((x, y) => y.minPcf - x.minPcf)
  const report = await against(
    {
      request: (req) => {
        const b = req.method === 'POST' && req.url === '/v1/shipper/shipment' ? bodyOf(req) : undefined
        if (b === undefined) return req
        const rewritten = components(b).map((c) => {
          const d = c['dimensions'] as { length: number; width: number; height: number } | undefined
          if (c['freightClass'] !== undefined || d === undefined) return c
          const i = bands.findIndex((band) => band.minPcf > 0 && Math.round(band.minPcf * 100) * d.length * d.width * d.height === 172_800 * (c['poundsWeight'] as number))
          return i < 0 || bands[i + 1] === undefined ? c : { ...c, freightClass: bands[i + 1]!.freightClass }
        })
        return withBody(req, { ...b, orderComponents: rewritten })
      },
    },
    [freightClass],
  )
  expect(failed(report)).toEqual(['FRT-07'])
  const f = failuresOf(report, 'FRT-07')[0]!
  expect(f.expected).toMatch(/^at densityScale\.bands\[\d+\]\.minPcf/)
  expect(f.actual).toContain('quote_mismatch')
})

test('ZIP 00000 accepted (taken for a served ZIP code): ADDR-04', async () => {
  const report = await against(
    {
      request: (req) => {
        const b = isOrderPost(req) ? bodyOf(req) : undefined
        const pickup = b?.['pickupAddress'] as Record<string, unknown> | undefined
        return b === undefined || pickup?.['zipCode'] !== '00000' ? req : withBody(req, { ...b, pickupAddress: { ...pickup, zipCode: '60018' } })
      },
    },
    [zipCodes],
  )
  expect(failed(report)).toEqual(['ADDR-04'])
  expect(failuresOf(report, 'ADDR-04')[0]!.expected).toContain('"00000"')
})

test('a lower-case territory refused (pr is PR): ADDR-06', async () => {
  const report = await against(
    {
      answer: (req, a) => {
        const b = isOrderPost(req) ? bodyOf(req) : undefined
        const country = (b?.['pickupAddress'] as Record<string, unknown> | undefined)?.['country']
        return typeof country === 'string' && country.toUpperCase() !== 'US' && country !== country.toUpperCase()
          ? problem(400, 'validation_failed', [{ field: 'pickupAddress.country', entity: 'pickupAddress', reason: 'must be upper case', code: 'pattern' }])
          : a
      },
    },
    [countries],
  )
  // alone, the spelling is ADDR-06's; a quote spelled PR then a create spelled pr is ADDR-07's pair
  expect(failed(report)).toEqual(['ADDR-06', 'ADDR-07'])
  expect(failuresOf(report, 'ADDR-06')[0]!.expected).toMatch(/country "(pr|gu|vi|as|mp)"/)
})

test('spellings compared as sent (a territory as US + state, or no country, not normalized before matching the quote): ADDR-05 and ADDR-07', async () => {
  // a server that keeps the country as sent: a create whose pickup country is spelled otherwise than its quote's is a mismatch
  const quoted = new Map<string, unknown>()
  const report = await against(
    {
      answer: (req, a) => {
        const b = isOrderPost(req) ? bodyOf(req) : undefined
        if (b === undefined || a.status !== 200) return a
        const spelling = JSON.stringify([(b['pickupAddress'] as Record<string, unknown>)['country'] ?? null])
        const answer = jsonOf(a)
        if (req.url === '/v1/shipper/quote' && typeof answer?.['id'] === 'string') quoted.set(answer['id'], spelling)
        if (req.url === '/v1/shipper/shipment' && typeof b['quoteId'] === 'string' && quoted.has(b['quoteId']) && quoted.get(b['quoteId']) !== spelling) {
          return problem(400, 'quote_mismatch', [{ field: 'pickupAddress.country', entity: 'pickupAddress', reason: 'differs from the quote', code: 'mismatch' }])
        }
        return a
      },
    },
    [countries],
  )
  expect(failed(report)).toEqual(['ADDR-05', 'ADDR-07'])
  expect(failuresOf(report, 'ADDR-07')[0]!.actual).toContain('quote_mismatch')
})

test('a body that is not multipart answered 400 bad_request instead of 415: DOC-02', async () => {
  const report = await against(
    {
      answer: (req, a) =>
        req.method === 'POST' && req.url.includes('/appointment/') && !String(req.headers['content-type'] ?? '').startsWith('multipart/') && a.status === 415 ? problem(400, 'bad_request') : a,
    },
    [uploadTransport],
  )
  expect(failed(report)).toEqual(['DOC-02'])
  expect(failuresOf(report, 'DOC-02')[0]!.actual).toContain('at $.status: expected 415, actual 400')
})

test('an uploaded file stored under the name it was sent (not renamed .pdf): DOC-05', async () => {
  const report = await against(
    {
      answer: (req, a) => {
        const j = jsonOf(a)
        if (!(req.method === 'POST' && req.url.includes('/document/') && a.status === 200 && typeof j?.['filename'] === 'string')) return a
        const sent = /filename="([^"]*)"/.exec(req.body.toString('latin1'))?.[1]
        return sent === undefined ? a : { ...a, body: JSON.stringify({ ...j, filename: sent }) }
      },
    },
    [uploadTransport],
  )
  expect(failed(report)).toEqual(['DOC-05'])
  expect(failuresOf(report, 'DOC-05')[0]!.actual).toContain('$.filename')
})

test('include=foo accepted (unknown sections ignored): TRK-01', async () => {
  const report = await against(
    {
      request: (req) => {
        if (req.method !== 'GET' || !req.url.includes('/tracking?')) return req
        const [path, query] = req.url.split('?') as [string, string]
        const kept = new URLSearchParams(query).getAll('include').flatMap((v) => v.split(',')).filter((v) => v === 'location')
        return { ...req, url: kept.length > 0 ? `${path}?include=location` : path }
      },
    },
    [trackingInclude],
  )
  expect(failed(report)).toEqual(['TRK-01'])
  expect(failuresOf(report, 'TRK-01')[0]!.expected).toContain('tracking with include=')
})

test('create instructions one character short of their limit (the limit itself refused): CRT-03', async () => {
  const report = await against(
    {
      answer: (req, a) => {
        const b = req.method === 'POST' && req.url === '/v1/shipper/shipment' ? bodyOf(req) : undefined
        return typeof b?.['instructions'] === 'string' && b['instructions'].length === LIMITS.instructionsMaxLength
          ? problem(400, 'validation_failed', [{ field: 'instructions', entity: null, reason: 'too long', code: 'max_length' }])
          : a
      },
    },
    [createFields],
  )
  expect(failed(report)).toEqual(['CRT-03'])
  expect(failuresOf(report, 'CRT-03')[0]!.expected).toContain(`instructions of ${LIMITS.instructionsMaxLength} characters (at the limit)`)
})

test('palletDimensions read as [length, width, height] on a create: FRT-04', async () => {
  const report = await against(
    {
      request: (req) => {
        const b = req.method === 'POST' && req.url === '/v1/shipper/shipment' ? bodyOf(req) : undefined
        if (b === undefined) return req
        const rewritten = components(b).map((c) => {
          const p = c['palletDimensions']
          if (!Array.isArray(p) || c['dimensions'] !== undefined) return c
          const { palletDimensions: _, ...rest } = c
          return { ...rest, dimensions: { length: p[0], width: p[1], height: p[2] } }
        })
        return withBody(req, { ...b, orderComponents: rewritten })
      },
    },
    [palletSizes],
  )
  expect(failed(report)).toEqual(['FRT-04'])
  expect(failuresOf(report, 'FRT-04')[0]!.actual).toContain('quote_mismatch')
})

test('a create answered with createdAt as a local date-time without its zone: ID-03', async () => {
  const report = await against(
    {
      answer: (req, a) => {
        const j = jsonOf(a)
        return req.method === 'POST' && req.url === '/v1/shipper/shipment' && a.status === 200 && typeof j?.['createdAt'] === 'string'
          ? { ...a, body: JSON.stringify({ ...j, createdAt: j['createdAt'].replace('T', ' ').replace(/(\.\d+)?Z$/, '') }) }
          : a
      },
    },
    [wireTimestamps],
  )
  // the read-back case's create is a Shipment no longer (the library codec refuses its createdAt): ORD-02 too
  expect(failed(report)).toEqual(['ID-03', 'ORD-02'])
  expect(failuresOf(report, 'ID-03')[0]!.actual).toContain('createdAt a wire date-time')
  expect(failuresOf(report, 'ORD-02')[0]!.actual).toContain('"createdAt":"20')
})

test('the invoice echoes countries as sent, not upper-cased (pr, us): ADDR-07 and ADDR-05', async () => {
  const report = await against(
    {
      answer: (req, a) => {
        const j = jsonOf(a)
        if (!(req.method === 'GET' && req.url.endsWith('/invoice') && a.status === 200 && j !== undefined)) return a
        const lower = (x: unknown) => ({ ...(x as Record<string, unknown>), country: String((x as Record<string, unknown>)['country']).toLowerCase() })
        return { ...a, body: JSON.stringify({ ...j, shipper: lower(j['shipper']) }) }
      },
    },
    [echoedOnInvoice],
  )
  expect(failed(report)).toEqual(['ADDR-05', 'ADDR-07'])
  expect(failuresOf(report, 'ADDR-07')[0]!.actual).toContain('at $.shipper.country: expected "PR", actual "pr"')
})

test('the invoice line of a pallet on a band edge in the band below: FRT-07', async () => {
  const bands = [...defaultConfig.densityScale.bands].sort((x, y) => y.minPcf - x.minPcf)
  const report = await against(
    {
      answer: (req, a) => {
        const j = jsonOf(a)
        if (!(req.method === 'GET' && req.url.endsWith('/invoice') && a.status === 200 && Array.isArray(j?.['lineItems']))) return a
        const below = (cls: unknown) => bands[bands.findIndex((b) => b.freightClass === cls) + 1]?.freightClass ?? cls
        return { ...a, body: JSON.stringify({ ...j, lineItems: (j['lineItems'] as Array<Record<string, unknown>>).map((l) => ({ ...l, freightClass: below(l['freightClass']) })) }) }
      },
    },
    [echoedOnInvoice],
  )
  expect(failed(report)).toEqual(['FRT-07'])
})

test('a quote that ignores its declared class (the density decides): FRT-07, a class beyond the edge booked', async () => {
  const report = await against(
    {
      request: (req) => {
        const b = req.method === 'POST' && req.url === '/v1/shipper/quote' ? bodyOf(req) : undefined
        if (b === undefined) return req
        return withBody(req, { ...b, orderComponents: components(b).map(({ freightClass: _, ...c }) => c) })
      },
    },
    [freightClass],
  )
  expect(failed(report)).toEqual(['FRT-07'])
  const f = failuresOf(report, 'FRT-07')[0]!
  expect(f.expected).toContain('(the band beyond the edge)')
  expect(f.expected).toContain('400 quote_mismatch')
})

test('a quote read back by its id with another expiry: QTE-01', async () => {
  const report = await against(
    {
      answer: (req, a) => {
        const j = jsonOf(a)
        return req.method === 'GET' && req.url.startsWith('/v1/shipper/quote/') && a.status === 200 && j !== undefined
          ? { ...a, body: JSON.stringify({ ...j, quoteExpirationTime: '2099-01-01T00:00:00Z' }) }
          : a
      },
    },
    [wireTimestamps],
  )
  expect(failed(report)).toEqual(['QTE-01'])
  expect(failuresOf(report, 'QTE-01')[0]!.actual).toContain('at $.quoteExpirationTime')
})
