// README.md's example runs (STYLE: examples run): the ```sh block under "## Example", run as written
// with bash against the run's sandbox (test/support/globalSetup.ts), with SANDBOX, TOKEN and KEY set
// as the sandbox's banner line sets them for a reader and `npx shipper-rules-conformance` standing
// for the built command (bin/, as an installed package has it; npm test builds first).
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { expect, inject, test } from 'vitest'

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const BIN = fileURLToPath(new URL('../bin/shipper-rules-conformance.js', import.meta.url))

test('the README example checks the rules it names against the sandbox and exits 0', async () => {
  const heading = README.indexOf('\n## Example\n')
  const block = heading < 0 ? undefined : /^```sh\n([\s\S]*?)^```$/m.exec(README.slice(heading))?.[1]
  expect(block, 'a ```sh block under "## Example"').toBeDefined()
  expect(block).toContain('npx shipper-rules-conformance ')
  const script = block!.replaceAll('npx shipper-rules-conformance', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)}`)
  const s = inject('sandbox')
  const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('bash', ['-c', script], { env: { ...process.env, SANDBOX: s.baseUrl, TOKEN: s.token, KEY: s.apiKey } }, (error, stdout, stderr) =>
      resolve({ code: error === null ? 0 : Number(error.code), stdout, stderr }),
    )
  })
  expect(run.code, run.stderr).toBe(0)
  expect(run.stderr).toMatch(/\b2 rules passed, 0 failed/)
  // the report: a Markdown table with a row per rule the example names, each passed
  expect(run.stdout).toMatch(/^# shipper-rules-conformance: /)
  expect(run.stdout).toMatch(/^\| QTE-01 \| passed \|/m)
  expect(run.stdout).toMatch(/^\| AUTH-02 \| passed \|/m)
})
