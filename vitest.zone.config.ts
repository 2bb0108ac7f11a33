import { libraryTestConfig } from './vitest.config.ts'
import { ZONE_SET } from './test/zone-set.ts'

// The library's part of the zone set (test/zone-set.ts): the root suite's settings, only the files
// whose results could change with the machine's time zone or locale. `npm run test:zone` runs it,
// and CI runs that under UTC+14 (C) and UTC-11 (Arabic) after `npm test` under UTC (German).
export default libraryTestConfig(ZONE_SET.library)
