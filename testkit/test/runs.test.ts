import { describe, expect, it } from 'vitest'
import { fcNumRuns, limitFactor, limitMs, runsOf } from '../src/index.js'

describe('runsOf', () => {
  it('gives a property its own count in the deep run (FC_NUM_RUNS=1000 and up)', () => {
    expect(runsOf(300, { FC_NUM_RUNS: '1000' })).toBe(300)
    expect(runsOf(300, { FC_NUM_RUNS: '5000' })).toBe(300)
  })
  it('scales down in proportion under a lower FC_NUM_RUNS, to at least 10 and at most the count', () => {
    expect(runsOf(300, { FC_NUM_RUNS: '500' })).toBe(150)
    expect(runsOf(300, { FC_NUM_RUNS: '50' })).toBe(15)
    expect(runsOf(60, { FC_NUM_RUNS: '50' })).toBe(10)
  })
  it('defaults FC_NUM_RUNS to 100, fast-check\'s default: a tenth of the count', () => {
    expect(fcNumRuns({})).toBe(100)
    expect(runsOf(500, {})).toBe(50)
    expect(fcNumRuns({ FC_NUM_RUNS: 'lots' })).toBe(100)
    expect(fcNumRuns({ FC_NUM_RUNS: '0' })).toBe(100)
    expect(fcNumRuns({ FC_NUM_RUNS: '1000' })).toBe(1000)
  })
})

describe('limitMs', () => {
  it('takes SANDBOX_TEST_LIMIT_FACTOR (or CLIENT_TEST_LIMIT_FACTOR) when positive', () => {
    expect(limitMs(1000, { SANDBOX_TEST_LIMIT_FACTOR: '20' })).toBe(20_000)
    expect(limitMs(1000, { CLIENT_TEST_LIMIT_FACTOR: '3' })).toBe(3000)
    expect(limitMs(1000, { SANDBOX_TEST_LIMIT_FACTOR: '2', CLIENT_TEST_LIMIT_FACTOR: '3' })).toBe(2000)
  })
  it('else scales by the load per core, between 1 and 10 times', () => {
    const factor = limitFactor({ SANDBOX_TEST_LIMIT_FACTOR: '-1' })
    expect(factor).toBeGreaterThanOrEqual(1)
    expect(factor).toBeLessThanOrEqual(10)
    const ms = limitMs(1000, {})
    expect(ms).toBeGreaterThanOrEqual(1000)
    expect(ms).toBeLessThanOrEqual(10_000)
  })
})
