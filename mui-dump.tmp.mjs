import { chromium } from '@playwright/test'
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'
import { join, extname } from 'node:path'
const dir = '/work/wt-mui/tests/fixtures/widgets/built/'
const srv = createServer((req, res) => { try { const p = join(dir, decodeURIComponent(req.url.split('?')[0])); res.setHeader('content-type', {'.html':'text/html','.js':'text/javascript','.css':'text/css'}[extname(p)]||'application/octet-stream'); res.end(readFileSync(p)) } catch { res.statusCode=404; res.end() } }).listen(0, '127.0.0.1')
await new Promise(r => srv.on('listening', r))
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' })
const p = await b.newPage()
await p.goto(`http://127.0.0.1:${srv.address().port}/mui.html`)
await p.waitForSelector('#departure-field [role=group]')
console.log(await p.$eval('#departure-field', e => e.outerHTML))
await b.close(); srv.close()
