// decodeErrorViolations (src/errors/decode.ts): io-ts decode errors as violations (ERR-01), the
// one conversion the client and the servers share.
import fc from 'fast-check'
import * as t from 'io-ts'
import { describe, expect, it } from 'vitest'
import { decodeErrorViolations } from '../../src/errors/decode.js'
import { Shipment } from '../../src/model/index.js'

const Body = t.type({ name: t.string, items: t.array(t.number), id: t.union([t.string, t.number]), inner: t.intersection([t.type({ a: t.boolean }), t.partial({ b: t.string })]) })
const errorsOf = (codec: t.Mixed, value: unknown): t.Errors => {
  const r = codec.decode(value)
  return r._tag === 'Left' ? r.left : []
}

describe('ERR-01 decodeErrorViolations', () => {
  it('an array index is a path segment, a union or intersection member index is not', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.integer(), fc.string(), fc.boolean())), fc.anything(), (items, a) => {
        const v = decodeErrorViolations(errorsOf(Body, { name: 'n', items, id: true, inner: { a } }))
        const wrong = items.flatMap((x, i) => (typeof x === 'number' ? [] : [`items[${i}]`]))
        expect(v.filter((x) => x.field.startsWith('items')).map((x) => [x.field, x.expected, x.code, x.entity])).toEqual(wrong.map((f) => [f, 'number', 'type', 'items']))
        expect(v.filter((x) => x.field === 'id').map((x) => x.expected)).toEqual(['string', 'number'])
        expect(v.filter((x) => x.field.startsWith('inner')).map((x) => [x.field, x.expected])).toEqual(typeof a === 'boolean' ? [] : [['inner.a', 'boolean']])
        expect(v.every((x) => !/\[\d+\]\./.test(x.field) && !x.field.includes('..'))).toBe(true)
      }),
    )
  })
  it('a missing field is required, a wrong one is a type violation, and the value is never echoed', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 8 }).filter((s) => !/string|number|boolean|Array|\{/.test(s)), (secret) => {
        const v = decodeErrorViolations(errorsOf(Body, { items: [], id: 1, inner: { a: secret } }))
        expect(v.map((x) => [x.field, x.code])).toEqual([
          ['name', 'required'],
          ['inner.a', 'type'],
        ])
        expect(JSON.stringify(v)).not.toContain(secret)
      }),
    )
  })
  it('one violation per field and expected codec, each a decode error of the input; none for an input that decodes', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const errors = errorsOf(Shipment, value)
        const v = decodeErrorViolations(errors)
        expect(v.length > 0).toBe(errors.length > 0)
        expect(new Set(v.map((x) => `${x.field}\u0000${x.expected}`)).size).toBe(v.length)
        expect(v.length).toBeLessThanOrEqual(errors.length)
        for (const x of v) expect(errors.some((e) => e.context[e.context.length - 1]?.type.name === x.expected)).toBe(true)
      }),
    )
  })
  it('is total: anything that is not a list of decode errors gives [], a malformed entry a root violation of an unknown codec', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true }), (junk) => {
        const v = decodeErrorViolations(junk as t.Errors)
        expect(Array.isArray(v)).toBe(true)
        if (!Array.isArray(junk)) expect(v).toEqual([])
      }),
    )
    expect(decodeErrorViolations([{} as t.ValidationError, null as unknown as t.ValidationError])).toEqual([{ field: '', entity: null, reason: 'is required: expected unknown', code: 'required', expected: 'unknown' }])
    const hostile = new Proxy([], { get: () => { throw new Error('no') } })
    expect(decodeErrorViolations(hostile)).toEqual([])
  })
})
