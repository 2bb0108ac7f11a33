// A client of its own (a child process, as a real client is: one that shares the server's event
// loop reads every answer before the server's socket closes, and never sees the EPIPE): uploads a
// FormData of one file by Node's fetch, `tries` times, and prints what each try got as a JSON
// array of strings: "<status> <reason>", or "network error <code>".
// Arguments: url, headers (JSON), tries, file size in bytes, file content type, mode ("form": the
// FormData as fetch streams it; "paced": the same bytes in 64 kB pieces, a pause before each).
const [url, headersJson, tries, size, contentType, mode] = process.argv.slice(2)
const blob = new Blob([Buffer.alloc(Number(size), 0x55)], { type: contentType })
const headers = JSON.parse(headersJson)
const answers = []
for (let i = 0; i < Number(tries); i++) {
  const form = new FormData()
  form.append('file', blob, 'scan.png')
  let init = { method: 'POST', body: form, headers }
  if (mode === 'paced') {
    const encoded = new Request(url, { method: 'POST', body: form })
    const bytes = Buffer.from(await encoded.arrayBuffer())
    let at = 0
    const body = new ReadableStream({
      async pull(controller) {
        if (at >= bytes.length) return controller.close()
        await new Promise((resolve) => setTimeout(resolve, 1))
        controller.enqueue(bytes.subarray(at, at + 65_536))
        at += 65_536
      },
    })
    init = { method: 'POST', body, duplex: 'half', headers: { ...headers, 'content-type': encoded.headers.get('content-type') } }
  }
  try {
    const response = await fetch(url, init)
    const text = await response.text()
    answers.push(`${response.status} ${text.startsWith('{') ? JSON.parse(text).reason : text.slice(0, 40)}`)
  } catch (e) {
    answers.push(`network error ${e?.cause?.code ?? e?.cause?.message ?? String(e)}`)
  }
}
process.stdout.write(JSON.stringify(answers))
