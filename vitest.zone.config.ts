import { libraryTestConfig } from './vitest.config.ts'
import { ZONE_SET } from 'shipper-rules-testkit'

// The library's part of the zone set (shipper-rules-testkit's zoneSet.ts): the root suite's settings, only the files
// whose results could change with the machine's time zone or locale. `npm run test:zone` runs it,
// and CI runs that under UTC+14 (C) and UTC-11 (Arabic) after `npm test` under UTC (German).
export default libraryTestConfig(ZONE_SET.library)
