import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'
import { ZONE_SET } from 'shipper-rules-testkit'

// The kit's part of the zone set (shipper-rules-testkit's zoneSet.ts): this suite's settings (one sandbox for the
// run, files one at a time), only the files whose results could change with the machine's time
// zone or locale. `npm run test:zone` at the root runs it; CI runs that under UTC+14 (C) and UTC-11
// (Arabic) after `npm test` under UTC.
export default defineConfig({ ...base, test: { ...base.test, include: [...ZONE_SET.conformance] } })
