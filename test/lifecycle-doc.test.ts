// docs/lifecycle.md is generated from the transition table; this keeps the two from drifting.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lifecycleTable } from '../src/rules/orderLifecycle.js'

describe('docs/lifecycle.md', () => {
  it('contains exactly the table the code generates (regenerate with node scripts/lifecycle-doc.mjs)', () => {
    const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'lifecycle.md'), 'utf8')
    expect(doc).toContain(`\n${lifecycleTable()}\n`)
    expect(lifecycleTable().split('\n')).toHaveLength(2 + 9)
  })
})
