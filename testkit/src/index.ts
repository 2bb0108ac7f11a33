// shipper-rules-testkit: what the tests and scripts of every package share (never published).
export { limitFactor, limitMs } from './limits.js'
export { DEEP_RUNS, fcNumRuns, runsOf } from './runs.js'
export { copyOfTemplate, pgliteTemplate, SANDBOX_BIN, startSandbox, type Company, type ReadyLine, type RunningSandbox, type StartSandboxOptions } from './sandbox.js'
export {
  DELAY,
  DROP_AFTER_COMMIT,
  faultProxy,
  jsonOf,
  PASS,
  RESET_BEFORE,
  unavailable,
  withJson,
  type Fault,
  type FaultKind,
  type FaultProxy,
  type FaultProxyOptions,
  type Match,
  type ProxyAnswer,
  type ProxyRequest,
  type ProxyRecord,
  type UpstreamAnswer,
} from './proxy.js'
export { cycles, importGraph, topFolder, unrankedLayers, upwardImports, type ImportGraph, type Layering } from './imports.js'
export { NOT_ZONE_DEPENDENT, ZONE_SET } from './zoneSet.js'
