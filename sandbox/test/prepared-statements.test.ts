// The names of PostgreSQL prepared statements (store.ts): one per SQL text, never one for two texts
// (pg refuses a name already prepared with another text on that connection), a bounded number.
import { describe, expect, it } from 'vitest'
import { preparedStatementNames } from '../src/db/store.js'

describe('prepared statement names', () => {
  it('the same text, the same name; another text, another name', () => {
    const named = preparedStatementNames()
    const a = named('SELECT * FROM orders WHERE id = $1')
    expect(a).toMatch(/^sbx_[0-9a-f]{24}$/)
    expect(named('SELECT * FROM orders WHERE id = $1')).toBe(a)
    expect(named('SELECT * FROM orders WHERE id = $1 FOR UPDATE')).not.toBe(a)
  })

  it('texts whose hashes collide get different names, each kept for its text', () => {
    const named = preparedStatementNames(() => 'same')
    const texts = ['SELECT $1::int', 'SELECT $1::text', 'SELECT $1::bigint']
    const names = texts.map(named)
    expect(new Set(names).size).toBe(3)
    expect(names).toEqual(['sbx_same', 'sbx_same_2', 'sbx_same_3'])
    expect(texts.map(named)).toEqual(names)
  })

  it('past the bound a new text runs unnamed; the named ones stay named', () => {
    const named = preparedStatementNames(undefined, 2)
    const first = named('SELECT $1::int')
    named('SELECT $1::text')
    expect(named('SELECT $1::bigint')).toBeUndefined()
    expect(named('SELECT $1::int')).toBe(first)
  })
})
