// AUTH-01 … AUTH-04: authorize against an oracle written from its doc comment, over credentials
// of every shape (a bearer token with or without the shipper scope, an API key valid, expired,
// revoked, of no company or absent, a user of the key's company, of another or of none), a
// resource of the key's company, of another or none, on appointment and other endpoints: the
// whole answer, the problem's reason and detail included.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { problemFor } from '../../src/errors/problem.js'
import { authorize } from '../../src/rules/tenancy.js'

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const credentialsArb = fc.record(
  {
    bearer: opt(fc.record({ scopes: fc.constantFrom<unknown>(['shipper'], ['read', 'shipper'], ['read'], [], 'shipper', undefined) })),
    apiKey: fc.oneof(
      fc.constantFrom<unknown>(null, undefined),
      fc.record(
        { companyId: fc.constantFrom<unknown>('acme', 'globex', '', 5), expired: fc.constantFrom<unknown>(true, false, 'true'), revoked: fc.constantFrom<unknown>(true, false, 1) },
        { requiredKeys: ['companyId'] },
      ),
    ),
    user: fc.oneof(fc.constantFrom<unknown>(null, undefined), fc.record({ companyIds: fc.constantFrom<unknown>(['acme'], ['globex'], ['globex', 'acme'], [], 'acme', undefined) })),
  },
  { requiredKeys: [] },
)
const resourceArb = fc.constantFrom<unknown>(undefined, null, { companyId: 'acme' }, { companyId: 'globex' })
const endpointArb = fc.constantFrom<'appointment' | 'other' | undefined>('appointment', 'other', undefined)

type Creds = {
  readonly bearer?: { readonly scopes?: unknown }
  readonly apiKey?: { readonly companyId?: unknown; readonly expired?: unknown; readonly revoked?: unknown } | null
  readonly user?: { readonly companyIds?: unknown } | null
}
const oracle = (c: Creds, resource: { readonly companyId: unknown } | null | undefined, endpoint: string | undefined): unknown => {
  const scopes = c.bearer?.scopes
  if (!Array.isArray(scopes) || !scopes.includes('shipper')) return { _tag: 'Left', left: problemFor('unauthorized', 'A valid bearer token with the shipper scope is required.') }
  const key = c.apiKey
  if (key === null || key === undefined || typeof key.companyId !== 'string' || key.companyId === '' || key.expired === true || key.revoked === true) {
    return { _tag: 'Left', left: problemFor('forbidden', 'A valid, unexpired x-service-api-key is required.') }
  }
  const user = c.user
  if (user !== null && user !== undefined && !(Array.isArray(user.companyIds) && user.companyIds.includes(key.companyId))) {
    return { _tag: 'Left', left: problemFor('forbidden', "The user does not belong to the API key's company.") }
  }
  if (resource !== null && resource !== undefined && resource.companyId !== key.companyId) {
    return { _tag: 'Left', left: endpoint === 'appointment' ? problemFor('order_not_found', 'No such order.') : problemFor('forbidden', 'The resource belongs to another company.') }
  }
  return { _tag: 'Right', right: { companyId: key.companyId } }
}

describe('AUTH-01 … AUTH-04 authorize', () => {
  it('answers what the oracle answers, for credentials, resources and endpoints of every shape', () => {
    fc.assert(
      fc.property(credentialsArb, resourceArb, endpointArb, (credentials, resource, endpoint) => {
        const got = endpoint === undefined ? authorize(credentials as never, resource as never) : authorize(credentials as never, resource as never, endpoint)
        expect(got).toStrictEqual(oracle(credentials as Creds, resource as { companyId: unknown } | null | undefined, endpoint))
      }),
    )
  })

  it('answers what the oracle answers for every combination of those shapes (the whole finite space, walked)', () => {
    // The random law meets a given combination (a valid bearer with an expired key of a user of
    // another company, say) rarely at the few runs a mutation run allows; the space is small
    // enough to walk: 7 bearers × 68 keys × 8 users × 4 resources × 3 endpoints.
    const absentOr = <T>(values: ReadonlyArray<T>): ReadonlyArray<T | typeof ABSENT> => [ABSENT, ...values]
    const ABSENT = Symbol('absent')
    const withMembers = (members: Record<string, unknown>): Record<string, unknown> =>
      Object.fromEntries(Object.entries(members).filter(([, v]) => v !== ABSENT))
    const bearers = [ABSENT, ...[['shipper'], ['read', 'shipper'], ['read'], [], 'shipper', ABSENT].map((scopes) => withMembers({ scopes }))]
    const keys: unknown[] = [null, undefined]
    for (const companyId of ['acme', 'globex', '', 5]) {
      for (const expired of absentOr([true, false, 'true'])) {
        for (const revoked of absentOr([true, false, 1])) keys.push(withMembers({ companyId, expired, revoked }))
      }
    }
    keys.push(withMembers({ expired: false }), {})
    const users = [null, ABSENT, ...[['acme'], ['globex'], ['globex', 'acme'], [], 'acme', ABSENT].map((companyIds) => withMembers({ companyIds }))]
    let walked = 0
    for (const bearer of bearers) {
      for (const apiKey of keys) {
        for (const user of users) {
          const credentials = withMembers({ bearer, apiKey, user })
          for (const resource of [undefined, null, { companyId: 'acme' }, { companyId: 'globex' }]) {
            for (const endpoint of ['appointment', 'other', undefined] as const) {
              const got = endpoint === undefined ? authorize(credentials as never, resource as never) : authorize(credentials as never, resource as never, endpoint)
              expect(got).toStrictEqual(oracle(credentials as Creds, resource, endpoint))
              walked++
            }
          }
        }
      }
    }
    expect(walked).toBe(bearers.length * keys.length * users.length * 4 * 3)
  })

  it('credentials that are not an object are those of nobody: 401', () => {
    for (const c of [null, undefined, 'token', 7]) {
      expect(authorize(c as never)).toStrictEqual({ _tag: 'Left', left: problemFor('unauthorized', 'A valid bearer token with the shipper scope is required.') })
    }
  })
})
