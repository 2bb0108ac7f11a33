// shipper-rules-conformance as a library: run the kit from code, render its report, or build on
// its checks and HTTP sender.
export type { Check, CheckResult, Failure, KitContext, RuleId } from './check.js'
export { KIT_CRASH } from './check.js'
export { BudgetExhausted, Http, Transcript, USER_AGENT, isRawBody, type CompanyCredentials, type Credentials, type Exchange, type HttpOptions, type RawBody, type Received, type SentRequest } from './http.js'
export { shellQuote, toCurlScript, type CurlContext } from './curl.js'
export { HTTP_RULES, NOT_OBSERVABLE, sentenceOf } from './rules.js'
export { STATELESS_CHECKS, loadStatefulChecks, runConformance, type RunOptions } from './run.js'
export { render, ruleRows, toJson, toJunit, toMarkdown, type Report, type ReportFormat, type RuleRow, type RuleStatus } from './report.js'
export { main, parseCommandLine, USAGE } from './cli.js'
