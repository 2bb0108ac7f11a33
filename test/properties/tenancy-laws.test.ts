// Laws for src/rules/tenancy.ts that the mutation run (docs/mutation.md) showed missing:
// authorize against a decision table over generated credentials (bearer scope, service API key,
// user membership, resource ownership, endpoint kind), with one distinct detail per failed check;
// parseOrderNumber's three violation codes.
import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { authorize, parseOrderNumber, SHIPPER_SCOPE, type EndpointKind } from '../../src/rules/tenancy.js'
import { deepFreeze } from '../arbitraries/freeze.js'
import { leftOf, rightOf } from '../support/either.js'

const companyArb = fc.constantFrom('acme', 'globex', 'initech', '')

const credentialsArb = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, undefined, 'token', 42) },
  {
    weight: 9,
    arbitrary: fc.record(
      {
        bearer: fc.oneof(
          fc.constant(null),
          fc.record({ scopes: fc.oneof(fc.subarray([SHIPPER_SCOPE, 'admin', 'reader']), fc.constant('shipper')) }),
          fc.record({}),
        ),
        apiKey: fc.oneof(
          fc.constant(null),
          fc.record(
            { companyId: fc.oneof(companyArb, fc.constant(7)), expired: fc.boolean(), revoked: fc.boolean() },
            { requiredKeys: ['companyId'] },
          ),
        ),
        user: fc.oneof(
          fc.constant(null),
          fc.record({ companyIds: fc.oneof(fc.subarray(['acme', 'globex', 'initech']), fc.constant('acme')) }),
        ),
      },
      { requiredKeys: [] },
    ),
  },
)

type Outcome = 'unauthorized' | 'bad-key' | 'not-member' | 'not-found' | 'other-company' | 'ok'

/** The decision table of AUTH-01 … AUTH-04, in the order the checks apply. */
const decide = (cred: unknown, resource: { companyId: string } | null | undefined, endpoint: EndpointKind): Outcome => {
  const c = (typeof cred === 'object' && cred !== null ? cred : {}) as { bearer?: { scopes?: unknown } | null; apiKey?: { companyId?: unknown; expired?: unknown; revoked?: unknown } | null; user?: { companyIds?: unknown } | null }
  const scopes = c.bearer?.scopes
  if (!Array.isArray(scopes) || !scopes.includes(SHIPPER_SCOPE)) return 'unauthorized'
  const key = c.apiKey
  if (key == null || typeof key.companyId !== 'string' || key.companyId === '' || key.expired === true || key.revoked === true) return 'bad-key'
  const user = c.user
  if (user != null && !(Array.isArray(user.companyIds) && user.companyIds.includes(key.companyId))) return 'not-member'
  if (resource != null && resource.companyId !== key.companyId) return endpoint === 'appointment' ? 'not-found' : 'other-company'
  return 'ok'
}

const STATUS: Record<Exclude<Outcome, 'ok'>, [number, string]> = {
  unauthorized: [401, 'unauthorized'],
  'bad-key': [403, 'forbidden'],
  'not-member': [403, 'forbidden'],
  'not-found': [404, 'order_not_found'],
  'other-company': [403, 'forbidden'],
}

describe('AUTH authorize agrees with its decision table', () => {
  it('the same outcome, status and reason; the company of the key on success; one distinct, non-empty detail per failed check', () => {
    const details = new Map<Outcome, Set<string>>()
    fc.assert(
      fc.property(
        credentialsArb,
        fc.oneof(fc.constant(null), fc.constant(undefined), fc.record({ companyId: companyArb })),
        fc.constantFrom<EndpointKind>('appointment', 'other'),
        (cred, resource, endpoint) => {
          const want = decide(cred, resource, endpoint)
          const got = authorize(deepFreeze(cred) as never, deepFreeze(resource), endpoint)
          if (want === 'ok') {
            expect(rightOf(got)).toEqual({ companyId: (cred as { apiKey: { companyId: string } }).apiKey.companyId })
            return
          }
          const p = leftOf(got)
          expect([p.status, p.reason]).toEqual(STATUS[want])
          expect(p.detail.trim().length).toBeGreaterThan(0)
          details.set(want, (details.get(want) ?? new Set()).add(p.detail))
        },
      ),
    )
    // each check has one detail, and no two checks share one
    const seen = [...details.values()]
    for (const set of seen) expect(set.size).toBe(1)
    expect(new Set(seen.flatMap((s) => [...s])).size).toBe(seen.length)
  })

  it('credentials it cannot read are a 401 with a detail of their own, never an exception', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('hostile read')
        },
      },
    )
    const p = leftOf(authorize(hostile as never))
    expect([p.status, p.reason]).toEqual([401, 'unauthorized'])
    const noScope = leftOf(authorize({}))
    expect(p.detail.length).toBeGreaterThan(0)
    expect(p.detail).not.toBe(noScope.detail)
  })
})

describe('parseOrderNumber', () => {
  it('missing or empty is `required`, not a string is `type`, otherwise 5 letters or digits or `pattern`', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom<unknown>(undefined, '', null, 12345, ['ABCDE']), fc.stringMatching(/^[A-Za-z0-9 ]{0,7}$/)), (v) => {
        const r = parseOrderNumber(v)
        const code = v === undefined || v === '' ? 'required' : typeof v !== 'string' ? 'type' : /^[A-Za-z0-9]{5}$/.test(v) ? undefined : 'pattern'
        if (code === undefined) {
          expect(rightOf(r)).toBe(v)
          return
        }
        const p = leftOf(r)
        expect(p.status).toBe(400)
        expect(p.violations?.map((x) => [x.field, x.code])).toEqual([['orderNumber', code]])
        expect(p.violations?.[0]?.reason.trim().length).toBeGreaterThan(0)
      }),
    )
  })
})
