// The template directory without a sandbox: an init that writes a file, copied per use.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { copyOfTemplate, pgliteTemplate } from '../src/index.js'

describe('pgliteTemplate and copyOfTemplate', () => {
  it('initializes one directory with `init`; each copy is a fresh directory with its contents', async () => {
    const template = await pgliteTemplate({ env: {}, init: async (dir) => writeFileSync(join(dir, 'PG_VERSION'), '17\n') })
    expect(template).toBeDefined()
    try {
      const a = copyOfTemplate(template!)
      const b = copyOfTemplate(template!, 'other-')
      try {
        expect(a).not.toBe(b)
        expect(b).toMatch(/other-[^/]+$/)
        for (const dir of [a, b]) expect(readFileSync(join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n')
        writeFileSync(join(a, 'PG_VERSION'), 'changed')
        expect(readFileSync(join(template!, 'PG_VERSION'), 'utf8')).toBe('17\n')
      } finally {
        for (const dir of [a, b]) rmSync(dir, { recursive: true, force: true })
      }
    } finally {
      rmSync(template!, { recursive: true, force: true })
    }
  })

  it('is undefined on PostgreSQL (DATABASE_URL set), and removes its directory when init fails', async () => {
    expect(await pgliteTemplate({ env: { DATABASE_URL: 'postgres://127.0.0.1:1/x' }, init: async () => undefined })).toBeUndefined()
    let made = ''
    await expect(
      pgliteTemplate({
        env: {},
        init: async (dir) => {
          made = dir
          throw new Error('no disk')
        },
      }),
    ).rejects.toThrow('no disk')
    expect(made).not.toBe('')
    expect(existsSync(made)).toBe(false)
  })
})
