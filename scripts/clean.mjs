// Removes the build output (directories and files) named on the command line (portable `rm -rf`).
import { rmSync } from 'node:fs'

for (const dir of process.argv.slice(2)) rmSync(dir, { recursive: true, force: true })
