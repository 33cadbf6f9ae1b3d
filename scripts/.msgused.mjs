import { readFileSync, readdirSync } from 'node:fs';
const dir = '/tmp/smbuild/assets/';
const chunks = process.argv.slice(2);
const files = new Set();
for (const c of chunks) { const f = readdirSync(dir).find(x => x.startsWith(c) && x.endsWith('.js')); const m = JSON.parse(readFileSync(dir+f+'.map','utf8')); for (const s of m.sources) files.add(s.replace(/^.*?(src\/)/,'src/').replace(/\?.*/,'')); }
const used = new Set();
for (const f of files) { if (!f.startsWith('src/') || f.includes('paraglide')) continue; for (const x of readFileSync(f,'utf8').matchAll(/\bm\.([A-Za-z_$][\w$]*)/g)) used.add(x[1]); }
const mf = readdirSync(dir).find(x => /^messages-[^a]/.test(x) && x.endsWith('.js'));
const mm = JSON.parse(readFileSync(dir+mf+'.map','utf8'));
const inChunk = mm.sources.filter(s=>s.includes('paraglide/messages/')).map(s=>s.replace(/.*messages\//,'').replace(/\.js$/,''));
const base = inChunk.filter(k => !/_(one|other|few|many|zero|two)$/.test(k));
console.log('modules on page', files.size, 'messages in chunk', inChunk.length, 'used by page', inChunk.filter(k=>used.has(k)).length);
console.log('unused:', inChunk.filter(k=>!used.has(k)).join(' '));
