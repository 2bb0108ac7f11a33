// How long a contract test may take: its limit on an idle machine, stretched by how much busier
// than its cores the machine is when the file loads (the tools run in processes of their own and
// the TypeScript compiler is CPU-bound; other test files or work may share the cores).
import { availableParallelism, loadavg } from 'node:os'

export const scaledLimit = (idleMs: number): number => Math.round(idleMs * Math.max(1, loadavg()[0]! / availableParallelism()))
