// Writes docs/lifecycle.md from the transition table in the code (run after `npm run build`);
// test/lifecycle-doc.test.ts fails when the file and the code disagree.
import { writeFileSync } from 'node:fs'
import { lifecycleTable } from '../dist/esm/index.js'

writeFileSync(
  'docs/lifecycle.md',
  `# Order lifecycle

Generated from \`TRANSITIONS\` in \`src/rules/orderLifecycle.ts\` by \`node scripts/lifecycle-doc.mjs\`
(after \`npm run build\`); a test fails when this page and the code disagree. A cell names the
state an event leads to; an empty cell is a refused event: 400 \`order_not_cancellable\` for
CANCEL, 400 \`invalid_transition\` for the others (ORD-01 … ORD-07). IN_TRANSIT behaves exactly as
PICKED_UP.

The predicates over the same table: \`canReach(from, to)\` (\`to\` is \`from\` or follows it by a chain
of transitions, PICKED_UP moving on to its alias IN_TRANSIT), \`isConfirmedOrLater(status)\` (on the
forward path from CONFIRMED to DELIVERED: CONFIRMED, ACCEPTED, ASSIGNED, PICKED_UP, IN_TRANSIT,
DELIVERED) and \`isUnderWay(status)\` (a position means something: the same states). The client
and the conformance kit read the lifecycle through them.

${lifecycleTable()}
`,
)
