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

// Decode errors as a JavaScript caller or another io-ts copy may hand them: every read is guarded,
// a malformed entry is a violation at the root (or at the part of its path that can be read), and
// an array index becomes a number only under an array codec and only when it is all digits.
describe('ERR-01 decodeErrorViolations on malformed or hand-made decode errors', () => {
  const at = (field: string, expected: string, value: 'missing' | 'present', entity: string | null = null) =>
    value === 'missing'
      ? { field, entity, reason: `is required: expected ${expected}`, code: 'required', expected }
      : { field, entity, reason: `expected ${expected}`, code: 'type', expected }
  const ctx = (key: unknown, type?: unknown): unknown => (type === undefined ? { key } : { key, type })

  it('an entry that is not an object, or has no context list, is one violation at the root', () => {
    expect(decodeErrorViolations([null] as never)).toEqual([at('', 'unknown', 'missing')])
    expect(decodeErrorViolations([5, 'x', { context: 'x' }] as never)).toEqual([at('', 'unknown', 'missing')])
    expect(decodeErrorViolations('nope' as never)).toEqual([])
  })

  it('a context entry or a type that is missing or null is read as far as it can be', () => {
    expect(decodeErrorViolations([{ value: 1, context: [null, ctx('a', { name: 'string' })] }] as never)).toEqual([at('a', 'string', 'present')])
    expect(decodeErrorViolations([{ value: 1, context: [ctx('', { name: 'B', _tag: 'InterfaceType' }), null] }] as never)).toEqual([at('', 'unknown', 'present')])
    expect(decodeErrorViolations([{ value: 1, context: [ctx('', null), ctx('a')] }] as never)).toEqual([at('a', 'unknown', 'present')])
    expect(decodeErrorViolations([{ value: 1, context: [ctx(''), ctx('name', { name: 'string' })] }] as never)).toEqual([at('name', 'string', 'present')])
  })

  it('a numeric key is a segment like its text; an index only under an array codec and only when all digits', () => {
    const arrayType = { _tag: 'ArrayType', name: 'Array<number>' }
    expect(decodeErrorViolations([{ value: 1, context: [ctx(''), ctx('items', arrayType), ctx(2, { name: 'number' })] }] as never)).toEqual([at('items[2]', 'number', 'present', 'items')])
    expect(
      decodeErrorViolations(['12a', 'a12', '12', '1234567890123456'].map((key) => ({ value: 1, context: [ctx('', arrayType), ctx(key, { name: 'n' })] })) as never),
    ).toEqual([at('12a', 'n', 'present'), at('a12', 'n', 'present'), at('[12]', 'n', 'present'), at('1234567890123456', 'n', 'present')])
    // an index first: no entity (the entity is a field's name)
    expect(decodeErrorViolations([{ value: 1, context: [ctx('', arrayType), ctx('0', { _tag: 'InterfaceType', name: 'X' }), ctx('x', { name: 'string' })] }] as never)).toEqual([
      at('[0].x', 'string', 'present'),
    ])
  })

  it('a field at the top has no entity; a nested one names its top field', () => {
    const Top = t.type({ name: t.string, inner: t.type({ a: t.boolean }) })
    expect(decodeErrorViolations(errorsOf(Top, { inner: { a: 1 } }))).toEqual([at('name', 'string', 'missing'), at('inner.a', 'boolean', 'present', 'inner')])
  })
})
