// The zone set (shipper-rules-testkit, read by every package's vitest.zone.config.ts): the test files of every package whose results could change with the machine's time
// zone or locale. CI (.ci/run) runs `npm test` once under UTC and German, then only these files
// (`npm run test:zone`, through each package's vitest.zone.config.ts) under UTC+14 with the C
// locale and UTC-11 with Arabic (non-Latin digits): a dependence on the zone or the language can
// only show where a date, a time, a zone or a locale-formatted text is computed, and running the
// rest twice more only costs time. docs/testing.md says which files are in and why.
//
// A file is in the set when what it checks reads or writes a calendar date, a time of day, a zone,
// an instant as text or a number or text formatted with Intl: the library's calendar, quote,
// tracking, confirm, idempotency, request (dates and appointment times are validated) and
// configuration rules, the CLI, the README and doc examples (they print dates), the built package;
// the sandbox's quotes, lifecycle, tracking, documents and appointments (PDFs carry dates), its
// per-company clock; the client's Retry-After dates; the kit's checks of quote expiry and delivery
// times. test/zone-set.test.ts keeps the list honest: every test file that mentions luxon,
// DateTime, Intl, toLocale*, TZ, LC_ALL, a clock, a zone or a JavaScript Date is either here or in
// NOT_ZONE_DEPENDENT with the reason, and every file named here exists.

/** Test files, relative to their package's folder, that run in the zone passes. */
export const ZONE_SET = {
  /** The library, at the repository root. */
  library: [
    'test/cli.test.ts',
    'test/properties/arbitraries-windows.test.ts',
    'test/properties/fastChecks.test.ts',
    'test/properties/location.test.ts',
    'test/examples.test.ts',
    'test/model.test.ts',
    'test/package.test.ts',
    'test/readme.test.ts',
    'test/tracking-doc.test.ts',
    'test/robustness/timezones.test.ts',
    'test/properties/agreement.test.ts',
    'test/properties/appointment.test.ts',
    'test/properties/appointmentChecks.test.ts',
    'test/properties/appointmentChecks-laws.test.ts',
    'test/properties/appointmentMerge.test.ts',
    'test/properties/calendar.test.ts',
    'test/properties/calendar-laws.test.ts',
    'test/properties/calendar-options-laws.test.ts',
    'test/properties/calendarDays.test.ts',
    'test/properties/calendarEta.test.ts',
    'test/properties/calendarEta-laws.test.ts',
    'test/properties/calendarHolidays.test.ts',
    'test/properties/config.test.ts',
    'test/properties/confirm.test.ts',
    'test/properties/confirm-laws.test.ts',
    'test/properties/confirm-more-laws.test.ts',
    'test/properties/failure-values.test.ts',
    'test/properties/headers.test.ts',
    'test/properties/idempotency.test.ts',
    'test/properties/invoice.test.ts',
    'test/properties/invoice-tracking-laws.test.ts',
    'test/properties/misc-rules-laws.test.ts',
    'test/properties/model.test.ts',
    'test/properties/model-laws.test.ts',
    'test/properties/orderLifecycle-laws.test.ts',
    'test/properties/quotes.test.ts',
    'test/properties/quotes-invoice-laws.test.ts',
    'test/properties/repair.test.ts',
    'test/properties/requests.test.ts',
    'test/properties/requests-problem-laws.test.ts',
    'test/properties/requestsFast.test.ts',
    'test/properties/rules-small-laws.test.ts',
    'test/properties/tracking.test.ts',
    'test/properties/tracking-include-gps-laws.test.ts',
    'test/properties/tracking-status-laws.test.ts',
    'test/properties/trackingEstimate.test.ts',
    'test/properties/trackingEstimate-laws.test.ts',
    'test/properties/trackingEstimate-model-laws.test.ts',
    'test/properties/trackingStatus.test.ts',
    'test/properties/trackingStatus-laws.test.ts',
    'test/properties/wireText.test.ts',
    'test/properties/zoneOffsets.test.ts',
    'test/properties/zoneSkippedDays.test.ts',
  ],
  sandbox: [
    'test/console-api.test.ts',
    'test/appointments.test.ts',
    'test/control-plane.test.ts',
    'test/lifecycle.test.ts',
    'test/pdf-unicode.test.ts',
    'test/tariff.test.ts',
  ],
  client: ['test/unit/policy.test.ts'],
  conformance: ['test/stateful/stateful.test.ts', 'test/stateful-windows.test.ts'],
} as const

/**
 * Test files (paths from the repository root) that mention a date, a clock, a zone or Intl but whose
 * results cannot change with the machine's zone or locale, each with the reason.
 */
export const NOT_ZONE_DEPENDENT: Readonly<Record<string, string>> = {
  'test/properties/declaration.test.ts': 'the rules configuration written into the document and read back: the zone is a name among the data, no clock and no offset',
  'test/properties/ruleLinks.test.ts': 'which rule IDs a violation names; the one DateTime (fixed, in UTC) only feeds the validators whose dates the properties in the set judge',
  'sandbox/test/console-logs-tail.test.ts': 'a request sent and its line read back from logs tail: Date.now bounds the wait, the line is compared by method, path and status',
  'sandbox/test/console-rules-data.test.ts': "the console's rules data regenerated and compared with the built file: rule texts and names, no clock",
  'sandbox/test/browser/console.test.ts': "the console in Chromium (CI's browser step, once): roles, names, statuses and texts; the company clock is moved and read through the API, whose times the sandbox's zone-set files check",
  'sandbox/test/rules-config.test.ts': 'a sandbox with other limits: weights and a 24-hour quote window crossed with the clock control, instants compared as milliseconds',
  'sandbox/test/ready-made.test.ts': 'the ready-made key issued by concurrent starts: the fixed Date is stored as given, never formatted',
  'conformance/test/boundaries.test.ts': 'limits at their edges; the wire timestamps are judged by their form and as instants (a local date-time without its zone is refused everywhere); the calendar is stateful-windows, in the set',
  'conformance/test/examples-mock.test.ts': 'the kit against a mock of the examples: verdicts per rule; Date.now only times the run',
  'test/consumer.test.ts': 'compiles consumer projects against the declarations (DateTime is a type there) and runs one fixed call; test/package.test.ts, in the set, runs the built package on dates',
  'test/robustness/fuzz.test.ts': 'totality: any input gives a value of the declared type and the same one twice in one process; what a date rule answers is checked by the calendar, quote and tracking properties in the set',
  'test/robustness/totality.test.ts': 'totality over hostile values (a DateTime among them): the answer is never compared with a date',
  'test/properties/geo-laws.test.ts': "ZIP codes to centroids and IANA zone names: a table lookup and distances, no clock and no zone's offset",
  'test/properties/geoTable.test.ts': 'the generated ZIP table (IANA zone names as data) against its sources; no clock and no offset',
  'test/properties/trackingGeo.test.ts': 'the ZIP table regenerated and positions looked up: zone names as data, no clock and no offset',
  'test/properties/portalUrl.test.ts': 'mentions the clock only to say the test does not time itself; builds URLs from order numbers',
  'sandbox/test/contract/openapiSandbox.test.ts': "answers against the served documents' schemas (a date-time is checked for its format, which is the same in every zone); the lifecycle in the set checks the values",
  'sandbox/test/contract/runner.test.ts': 'Portman and Newman contract tests of the served documents: statuses, media types and schemas, not values',
  'sandbox/test/access.test.ts': 'who may call each endpoint (the clock endpoint among them): statuses, no dates',
  'sandbox/test/idempotency.test.ts': "the 24-hour window moved by the sandbox clock: an offset in milliseconds; the library's idempotency properties, in the set, judge the window",
  'sandbox/test/persistence.test.ts': 'the clock offset, orders and keys kept across a restart: instants compared as milliseconds',
  'sandbox/test/layers.test.ts': "the import graph of sandbox/src ('clock' is a folder's name there): reads sources, runs nothing",
  'sandbox/test/conventions.test.ts': 'request ids, Idempotent-Replayed, health endpoints and CORS: headers, no dates',
  'sandbox/test/hostile-http.test.ts': 'malformed HTTP answered by ProblemDetails and logs without secrets; no dates',
  'sandbox/test/sandbox-openapi.test.ts': 'the sandbox document validated and linted and each operation called with its examples: schemas, not values; the clock endpoints are checked by control-plane.test.ts in the set',
  'client/test/e2e/endpoints.test.ts': "the typed client against a live sandbox: the client's clock is an injected millisecond counter; the sandbox's dates are checked by its own suite",
  'client/test/properties/deadlines.test.ts': 'a virtual millisecond clock: deadlines and timeouts are arithmetic on numbers',
  'client/test/properties/model.test.ts': 'a virtual millisecond clock in a model of the client; no calendar',
  'client/test/properties/one-shipment.test.ts': 'a virtual millisecond clock; no calendar',
  'client/test/properties/reconciliation.test.ts': 'a virtual millisecond clock; no calendar',
  'client/test/properties/retries.test.ts': 'a virtual millisecond clock; Retry-After as seconds (its HTTP dates are test/unit/policy.test.ts, in the set)',
  'client/test/unit/client.test.ts': 'a virtual millisecond clock; no calendar',
  'client/test/unit/fp-ts.test.ts': 'a virtual millisecond clock; no calendar',
  'test/zone-set.test.ts': 'reads the text of the test files for these words; runs nothing that has a date',
}
