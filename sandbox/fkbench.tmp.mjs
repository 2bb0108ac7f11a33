import pg from 'pg'
import { readFileSync } from 'node:fs'
const c = new pg.Client('postgres://postgres@127.0.0.1:55432/postgres'); await c.connect()
const mig = readFileSync('migrations/005_console.sql','utf8').split('CREATE TABLE order_transitions')[0]
const cols = [...mig.matchAll(/^  (\w+) (text|timestamptz|integer|double precision|boolean)/gm)].map(m=>[m[1], m[2]==='double precision'?'float8':m[2]])
await c.query('DROP SCHEMA IF EXISTS fk CASCADE; CREATE SCHEMA fk; SET search_path=fk')
await c.query('CREATE TABLE companies (id text PRIMARY KEY, name text)'); await c.query("INSERT INTO companies VALUES ('cmp_1','x')")
await c.query(mig.replace(' REFERENCES companies (id)','')); await c.query(mig.replace(' REFERENCES companies (id)','').replace('CREATE TABLE request_log','CREATE TABLE request_log2').replace('bigserial PRIMARY KEY','bigserial').replace('request_log_by_company ON request_log','rl2 ON request_log2'))
const row = { company_id:'cmp_1', request_id:'req-1a', at:new Date().toISOString(), company_at:new Date().toISOString(), method:'POST', path:'/v1/shipper/shipment', route:'/v1/shipper/shipment', query:'', status:200, reason:null, duration_ms:1.234, violation_count:0,
 request_headers: JSON.stringify({host:'127.0.0.1:1234','content-type':'application/json',authorization:'[redacted]','x-service-api-key':'[redacted]','content-length':'400','idempotency-key':'abc-123'}),
 request_body: JSON.stringify({quoteId:'3f2504e0-4f89-11d3-9a0c-0305e82c3301', pickupAddress:{name:'Lakeside DC',address1:'2400 S Wolf Rd',city:'Des Plaines',state:'IL',zipCode:'60018'}, orderComponents:[{palletCount:2,poundsWeight:900}]}), request_body_truncated:false, request_content_type:'application/json',
 response_headers: JSON.stringify({'content-type':'application/json; charset=utf-8','content-length':'300','x-request-id':'abc'}), response_body: JSON.stringify({orderNumber:'AB123', status:'CREATED', quoteId:'3f2504e0-4f89-11d3-9a0c-0305e82c3301', price:{total:123.45}}), response_body_truncated:false, response_content_type:'application/json', violations:'[]' }
const rowsArr = Array.from({length:200}, (_, i) => ({...row, request_id: 'r'+i}))
const ins = `INSERT INTO request_log (${cols.map(c=>c[0]).join(',')}) SELECT ${cols.map(c=>'r.'+c[0]).join(',')} FROM ROWS FROM (json_to_recordset($1::json) AS (${cols.map(c=>c.join(' ')).join(',')})) WITH ORDINALITY AS r(${cols.map(c=>c[0]).join(',')}, n) CROSS JOIN (SELECT set_config('synchronous_commit','off',true)) AS l ORDER BY r.n`
const lit = (v) => v === null || v === undefined ? 'NULL' : typeof v === 'string' ? '"' + (/["\\]/.test(v) ? v.replace(/["\\]/g, '\\$&') : v) + '"' : String(v)
const arr = (vals) => '{' + vals.map(lit).join(',') + '}'
const ins2 = `INSERT INTO request_log (${cols.map(c=>c[0]).join(',')}) SELECT * FROM unnest(${cols.map((c,i)=>`$${i+1}::${c[1]}[]`).join(',')}) CROSS JOIN (SELECT set_config('synchronous_commit','off',true)) AS l`
const fixed = ins2.replace(' CROSS JOIN', ' AS u CROSS JOIN').replace('SELECT *', `SELECT ${cols.map((c,i)=>'u.c'+i).join(',')}`).replace(' AS u ', ` AS u(${cols.map((c,i)=>'c'+i).join(',')}) `)
for (let round=0; round<3; round++) {
  let t0 = performance.now(); let enc = 0
  for (let i=0;i<100;i++) { const e0=performance.now(); const p=JSON.stringify(rowsArr); enc+=performance.now()-e0; await c.query({name:'a', text: ins, values: [p]}) }
  let ms = performance.now()-t0; console.log('json_to_recordset', (ms*1000/20000).toFixed(1), 'µs/row; encode', (enc*1000/20000).toFixed(2))
  t0 = performance.now(); enc = 0
  for (let i=0;i<100;i++) { const e0=performance.now(); const p = 0; enc+=performance.now()-e0; await c.query({name:'b', text: ins.replace('INTO request_log','INTO request_log2'), values: [JSON.stringify(rowsArr)]}) }
  ms = performance.now()-t0; console.log('nopk', (ms*1000/20000).toFixed(1), 'µs/row; encode', (enc*1000/20000).toFixed(2))
}
const n = await c.query('select count(*), count(distinct request_body) from request_log'); console.log(n.rows)
const chk = await c.query("select request_headers, request_body from request_log order by seq desc limit 1"); console.log(chk.rows[0].request_body === row.request_body, chk.rows[0].request_headers === row.request_headers)
await c.query('DROP SCHEMA fk CASCADE'); await c.end()
