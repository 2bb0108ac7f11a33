import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { authorize, type Credentials } from '../../src/rules/tenancy.js'

const companyArb = fc.constantFrom('acme', 'globex', 'initech')
const credentialsArb: fc.Arbitrary<Credentials> = fc.record(
  {
    bearer: fc.option(fc.record({ scopes: fc.subarray(['shipper', 'carrier', 'admin']) }), { nil: undefined }),
    apiKey: fc.option(fc.record({ companyId: companyArb, expired: fc.boolean(), revoked: fc.boolean() }, { requiredKeys: ['companyId'] }), { nil: undefined }),
    user: fc.option(fc.record({ companyIds: fc.subarray(['acme', 'globex', 'initech']) }), { nil: undefined }),
  },
  { requiredKeys: [] },
)

describe('AUTH-01 … AUTH-04 authorization', () => {
  it('the decision follows the rules in order: 401 token, 403 key, 403 user, 403 or 404 resource, else the key’s company', () => {
    fc.assert(
      fc.property(credentialsArb, fc.option(fc.record({ companyId: companyArb }), { nil: undefined }), fc.constantFrom('appointment', 'other') as fc.Arbitrary<'appointment' | 'other'>, (c, resource, endpoint) => {
        const r = authorize(c, resource, endpoint)
        const token = c.bearer?.scopes.includes('shipper') === true
        const key = c.apiKey !== undefined && c.apiKey !== null && c.apiKey.expired !== true && c.apiKey.revoked !== true
        const user = c.user === undefined || c.user === null || (key && c.user.companyIds.includes(c.apiKey!.companyId))
        const own = resource === undefined || (key && resource.companyId === c.apiKey!.companyId)
        const expected = !token ? [401, 'unauthorized'] : !key ? [403, 'forbidden'] : !user ? [403, 'forbidden'] : !own ? (endpoint === 'appointment' ? [404, 'order_not_found'] : [403, 'forbidden']) : null
        if (expected === null) expect(r).toEqual({ _tag: 'Right', right: { companyId: c.apiKey!.companyId } })
        else expect(r._tag === 'Left' && [r.left.status, r.left.reason]).toEqual(expected)
      }),
    )
  })
  it('a successful call is always scoped to the API key’s company, never to the resource’s or the user’s', () => {
    fc.assert(
      fc.property(credentialsArb, fc.option(fc.record({ companyId: companyArb }), { nil: undefined }), (c, resource) => {
        const r = authorize(c, resource)
        if (r._tag === 'Right') expect(r.right.companyId).toBe(c.apiKey!.companyId)
      }),
    )
  })
  it('never throws on odd credentials', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (c, res) => {
        expect(['Left', 'Right']).toContain(authorize(c as Credentials, res as never)._tag)
      }),
    )
  })
})

