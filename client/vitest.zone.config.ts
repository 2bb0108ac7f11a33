import { defineConfig } from 'vitest/config'
import base from './vitest.config.ts'
import { ZONE_SET } from 'shipper-rules-testkit'

// The client's part of the zone set (shipper-rules-testkit's zoneSet.ts): this suite's settings, only the files
// whose results could change with the machine's time zone or locale. They are all of the 'offline'
// project (test/zone-set.test.ts checks it), so no sandbox is started. `npm run test:zone` at the
// root runs it; CI runs that under UTC+14 (C) and UTC-11 (Arabic) after `npm test` under UTC.
const { projects: _projects, ...rest } = base.test ?? {}
export default defineConfig({ ...base, test: { ...rest, name: 'offline', include: [...ZONE_SET.client] } })
