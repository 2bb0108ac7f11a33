// AUTH-02, AUTH-04: with valid credentials (a bearer token with the shipper scope, a valid API key,
// and no user or one of the key's company), whether the call proceeds depends on the resource
// alone: none (left out, undefined or null) or one of the key's company proceeds for the key's
// company on every endpoint; another company's is 403 forbidden, or 404 order_not_found on
// appointment endpoints.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { authorize } from '../../src/rules/tenancy.js'

const companyArb = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/)
const validCredentialsArb = (company: string) =>
  fc.record(
    {
      bearer: fc.record({ scopes: fc.shuffledSubarray(['read', 'write', 'admin']).map((s) => [...s, 'shipper']) }),
      apiKey: fc.record({ companyId: fc.constant(company), expired: fc.constantFrom(false, undefined), revoked: fc.constantFrom(false, undefined) }, { requiredKeys: ['companyId'] }),
      user: fc.oneof(fc.constantFrom(null, undefined), fc.record({ companyIds: fc.shuffledSubarray(['x-1', 'y-2']).map((ids) => [...ids, company]) })),
    },
    { requiredKeys: ['bearer', 'apiKey'] },
  )

describe('AUTH-02 / AUTH-04 valid credentials: the resource decides', () => {
  it('no resource, or one of the key’s company: the key’s company, on every endpoint', () => {
    fc.assert(
      fc.property(
        companyArb.chain((company) => fc.tuple(fc.constant(company), validCredentialsArb(company))),
        fc.constantFrom('left out', undefined, null, 'own'),
        fc.constantFrom('appointment', 'other', undefined),
        ([company, credentials], resource, endpoint) => {
          const args: unknown[] = [credentials]
          if (resource !== 'left out') args.push(resource === 'own' ? { companyId: company } : resource)
          if (endpoint !== undefined) args.push(resource === 'left out' ? undefined : endpoint)
          const got = (authorize as (...a: unknown[]) => unknown)(...args)
          expect(got).toEqual({ _tag: 'Right', right: { companyId: company } })
        },
      ),
    )
  })

  it('another company’s resource: 404 order_not_found on appointment endpoints, 403 forbidden elsewhere', () => {
    fc.assert(
      fc.property(
        companyArb.chain((company) => fc.tuple(fc.constant(company), validCredentialsArb(company), companyArb.filter((o) => o !== company))),
        fc.constantFrom('appointment', 'other', undefined),
        ([, credentials, other], endpoint) => {
          const got = authorize(credentials as never, { companyId: other }, endpoint)
          expect(got._tag).toBe('Left')
          if (got._tag === 'Left') {
            expect(got.left.reason).toBe(endpoint === 'appointment' ? 'order_not_found' : 'forbidden')
            expect(got.left.status).toBe(endpoint === 'appointment' ? 404 : 403)
          }
        },
      ),
    )
  })
})
