// Markup the pages share: a table's column headings, and the three states of an answer being read
// (loading, failed, read but empty).
import type { Answer } from './types.js'
import { problemText } from './view.js'

/** A table's head: one column heading a name, in order. */
export const ColumnHeads = ({ names }: { readonly names: ReadonlyArray<string> }) => (
  <thead>
    <tr>
      {names.map((n) => (
        <th scope="col" key={n}>
          {n}
        </th>
      ))}
    </tr>
  </thead>
)

/**
 * What a page shows of an answer it reads: "Loading…" as a status while there is none, the
 * problem as an alert when it failed, and `empty` when it was read and holds nothing.
 */
export const AnswerState = ({ answer, isEmpty, empty }: { readonly answer: Answer | null; readonly isEmpty: boolean; readonly empty: string }) => (
  <>
    {answer === null ? <p role="status">Loading…</p> : null}
    {answer !== null && !answer.ok ? (
      <p role="alert" class="error">
        {problemText(answer)}
      </p>
    ) : null}
    {answer?.ok === true && isEmpty ? <p>{empty}</p> : null}
  </>
)
