import { setFlagsFromString } from 'node:v8'
import { readFileSync } from 'node:fs'
setFlagsFromString('--liftoff-only')
const { PGlite } = await import('@electric-sql/pglite')
const db = await PGlite.create({ dataDir: process.argv[2], startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'] })
for (let i=0;i<20;i++) await db.query('select count(*) from orders')
const rows=[]; let cur
for (const line of readFileSync('/proc/self/smaps','utf8').split('\n')) {
  const m=/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line)
  if (m) { cur={size:(parseInt(m[2],16)-parseInt(m[1],16))/1024, name:m[4], perm:m[3], rss:0}; rows.push(cur) }
  else if (line.startsWith('Rss:')) cur.rss=Number(line.split(/\s+/)[1])
}
rows.sort((a,b)=>b.rss-a.rss); console.log(rows.slice(0,12).map(r=>`${r.rss} ${r.size} ${r.perm} ${r.name}`).join('\n'))
console.log('total', rows.reduce((a,r)=>a+r.rss,0))
await db.close()
