import { readFileSync, readdirSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { gzipSync } from 'node:zlib';
const dir = '/tmp/smbuild/assets/';
const pat = process.argv[2];
for (const f of readdirSync(dir).filter(f => f.endsWith('.js') && f.startsWith(pat))) {
  const code = readFileSync(dir + f, 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(dir + f + '.map', 'utf8')));
  const lines = code.split('\n');
  const by = new Map(); const text = new Map();
  let prev = null;
  map.eachMapping(m => {
    if (prev) {
      const src = prev.source ?? '?';
      let s;
      if (prev.generatedLine === m.generatedLine) s = lines[prev.generatedLine-1].slice(prev.generatedColumn, m.generatedColumn);
      else s = lines[prev.generatedLine-1].slice(prev.generatedColumn);
      text.set(src, (text.get(src) ?? '') + s);
    }
    prev = m;
  });
  const total = gzipSync(code, {level:9}).length;
  const rows = [...text].map(([s,t]) => [s.replace(/.*node_modules\//,'nm/').replace(/.*\/src\//,'src/'), t.length, gzipSync(t,{level:9}).length]);
  // group by package
  const grp = new Map();
  for (const [s, n, g] of rows) { const k = process.env.BYFILE ? s : (s.startsWith('nm/') ? s.split('/').slice(1, s.split('/')[1].startsWith('@')?3:2).join('/') : s); const e = grp.get(k) ?? [0,0]; e[0]+=n; e[1]+=g; grp.set(k,e); }
  console.log(`== ${f} total gz ${(total/1024).toFixed(1)} KB, raw ${(code.length/1024).toFixed(1)}`);
  for (const [k,[n,g]] of [...grp].sort((a,b)=>b[1][0]-a[1][0]).slice(0, Number(process.env.N ?? 30))) console.log(`  ${(n/1024).toFixed(1).padStart(7)} KB raw  ${(g/1024).toFixed(1).padStart(6)} gz-alone  ${k}`);
}
