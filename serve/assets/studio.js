// The ruleset studio: edit a ruleset's files, and see as you type whether it loads (located
// diagnostics), its fan table (mj doc), which hands score differently from its parent (mj diff)
// and a seeded balance run against the parent (mj simulate --compare). Every answer comes from
// the server's API; this file only edits text, sends the folder as {"files": {...}} and draws.
'use strict';

const $ = (sel) => document.querySelector(sel);
const CHECK_DELAY_MS = 300;
const STORE = 'mj-studio';

const state = {
  files: [], // [{name, text}] in tab order
  current: 0,
  base: 'mcr', // the built-in ruleset the work started from
  diagnostics: [],
  loaded: null, // the last check's ruleset summary, when it loaded
  checkSeq: 0,
  diffSeq: 0, // a diff's answer is drawn only if no newer diff was asked for meanwhile
  simSeq: 0,
  timer: 0,
  rulesets: [],
};

// ---- small helpers ----------------------------------------------------------------------

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

async function api(path, body) {
  const init = body === undefined ? {} : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const r = await fetch(path, init);
  let json;
  try { json = await r.json(); } catch (_) { json = { error: `HTTP ${r.status}` }; }
  return { status: r.status, json };
}

function inline() {
  const files = {};
  for (const f of state.files) files[f.name] = f.text;
  return { files };
}

function save() {
  try { localStorage.setItem(STORE, JSON.stringify({ files: state.files, base: state.base })); } catch (_) { /* full or private */ }
}

// ---- highlighting -----------------------------------------------------------------------

const TOML_RULES = [
  ['c', /#.*/y],
  ['h', /^\s*\[\[?[^\]]*\]\]?/y],
  ['key', /^\s*[A-Za-z0-9_.-]+(?=\s*=)/y],
  ['s', /"""[\s\S]*?"""|"(?:[^"\\]|\\.)*"?|'[^']*'?/y],
  ['n', /\b(?:true|false)\b|[-+]?\b\d[\d_]*(?:\.\d+)?\b/y],
];
const RHAI_RULES = [
  ['c', /\/\/.*/y],
  ['s', /"(?:[^"\\]|\\.)*"?|`[^`]*`?/y],
  ['k', /\b(?:fn|let|const|if|else|while|loop|for|in|return|break|continue|true|false|switch|private|this)\b/y],
  ['f', /\b[A-Za-z_]\w*(?=\s*\()/y],
  ['n', /\b\d[\d_]*(?:\.\d+)?\b/y],
];

/** One line as HTML: tokens coloured by the rules of its file type; `errCol` (1-based) marks
 *  the word a diagnostic points at. */
function highlightLine(line, rules, errCol) {
  let out = '';
  let i = 0;
  let plain = '';
  const flush = () => { out += esc(plain); plain = ''; };
  while (i < line.length) {
    let hit = null;
    for (const [cls, re] of rules) {
      if (re.source.startsWith('^') && i > 0) continue;
      re.lastIndex = i;
      const m = re.exec(line);
      if (m && m[0].length > 0) { hit = [cls, m[0]]; break; }
    }
    if (hit) {
      flush();
      out += `<span class="${hit[0]}">${esc(hit[1])}</span>`;
      i += hit[1].length;
    } else {
      plain += line[i];
      i += 1;
    }
  }
  flush();
  if (errCol > 0) {
    // Underline from the column to the end of the word there, on the plain text of the line.
    const start = Math.min(errCol - 1, line.length);
    const m = /^[^\s]*/.exec(line.slice(start));
    const end = start + Math.max(1, m ? m[0].length : 1);
    return `<span class="errline">${highlightLine(line.slice(0, start), rules, 0)}<span class="err">${esc(line.slice(start, end) || ' ')}</span>${highlightLine(line.slice(end), rules, 0)}</span>`;
  }
  return out;
}

function renderEditor() {
  const f = state.files[state.current];
  if (!f) return;
  const rules = f.name.endsWith('.rhai') ? RHAI_RULES : TOML_RULES;
  const mine = state.diagnostics.filter((d) => d.file === f.name && d.line > 0);
  const byLine = new Map();
  for (const d of mine) if (!byLine.has(d.line)) byLine.set(d.line, d);
  const lines = f.text.split('\n');
  $('#hl').innerHTML = lines.map((l, k) => {
    const d = byLine.get(k + 1);
    return highlightLine(l, rules, d && d.severity === 'error' ? Math.max(1, d.column) : 0);
  }).join('\n') + '\n';
  $('#gutter').innerHTML = lines.map((_, k) => {
    const d = byLine.get(k + 1);
    const cls = d ? (d.severity === 'error' ? 'bad' : 'warn') : '';
    return cls ? `<span class="${cls}" title="${esc(d.message)}">${k + 1}</span>` : String(k + 1);
  }).join('\n');
}

function renderFileTabs() {
  const bad = new Set(state.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file));
  $('#files').innerHTML = state.files.map((f, k) =>
    `<button type="button" role="tab" data-file="${esc(f.name)}" class="${k === state.current ? 'on' : ''} ${bad.has(f.name) ? 'bad' : ''}">${esc(f.name)}</button>`).join('')
    + '<button type="button" class="add" data-add="1" title="add a script file">+ script</button>';
}

function openFile(k) {
  state.current = Math.max(0, Math.min(k, state.files.length - 1));
  $('#source').value = state.files[state.current] ? state.files[state.current].text : '';
  renderFileTabs();
  renderEditor();
}

/** Moves the caret to a diagnostic's place, opening its file. */
function jumpTo(d) {
  const k = state.files.findIndex((f) => f.name === d.file);
  if (k < 0 || d.line < 1) return;
  openFile(k);
  const lines = state.files[k].text.split('\n');
  let pos = 0;
  for (let i = 0; i < d.line - 1 && i < lines.length; i += 1) pos += lines[i].length + 1;
  pos += Math.max(0, d.column - 1);
  const ta = $('#source');
  ta.focus();
  ta.setSelectionRange(pos, pos);
  const lh = parseFloat(getComputedStyle($('#hl')).lineHeight) || 18;
  $('#editor').scrollTop = Math.max(0, (d.line - 4) * lh);
}

// ---- check, doc ---------------------------------------------------------------------------

function scheduleCheck() {
  clearTimeout(state.timer);
  state.timer = setTimeout(check, CHECK_DELAY_MS);
}

async function check() {
  const seq = ++state.checkSeq;
  $('#status').textContent = 'checking…';
  $('#status').className = 'status';
  const { status, json } = await api('/api/check', { ruleset: inline() });
  if (seq !== state.checkSeq) return; // a newer edit is being checked
  if (status !== 200) {
    state.diagnostics = [{ file: 'ruleset.toml', line: 0, column: 0, message: json.error || `HTTP ${status}`, help: null, severity: 'error' }];
    state.loaded = null;
  } else {
    state.diagnostics = json.diagnostics;
    state.loaded = json.ok ? json.ruleset : null;
  }
  renderDiagnostics(json);
  renderFileTabs();
  renderEditor();
  document.body.dataset.checked = String(seq);
  // The page shown is the last version that loaded; say so while the text does not.
  $('#doc').classList.toggle('stale', !state.loaded);
  const note = $('#doc .stale-note');
  if (!state.loaded && !note) $('#doc').insertAdjacentHTML('afterbegin', '<p class="stale-note">The text has errors: this is the last version that loaded.</p>');
  if (state.loaded && note) note.remove();
  if (state.loaded) {
    await doc(seq);
    if (activeTab() === 'diff') runDiff();
  }
}

function renderDiagnostics(json) {
  const errors = state.diagnostics.filter((d) => d.severity === 'error');
  const st = $('#status');
  if (state.loaded) {
    st.textContent = `ok: ${state.loaded.name} ${state.loaded.version} loads, ${state.loaded.fans} fans`
      + (state.loaded.extends && state.loaded.extends.length ? `, extends ${state.loaded.extends.join(' → ')}` : '');
    st.className = 'status ok';
  } else {
    st.textContent = `${errors.length} error${errors.length === 1 ? '' : 's'}`;
    st.className = 'status bad';
  }
  $('#diagnostics').innerHTML = state.diagnostics.map((d, k) => {
    const where = d.line > 0 ? `${d.file}:${d.line}:${d.column}` : d.file;
    return `<li class="${d.severity}" data-k="${k}" data-file="${esc(d.file)}" data-line="${d.line}" data-column="${d.column}">`
      + `<span class="where">${esc(where)}</span> ${esc(d.message)}`
      + (d.help ? `<span class="help">help: ${esc(d.help)}</span>` : '') + '</li>';
  }).join('');
  document.body.dataset.ok = json && json.ok ? '1' : '0';
}

async function doc(seq) {
  const { status, json } = await api('/api/doc', { ruleset: inline() });
  if (seq !== state.checkSeq) return;
  if (status !== 200) {
    $('#doc').innerHTML = `<p class="error">${esc(json.error)}</p>`;
    return;
  }
  $('#doc').innerHTML = markdown(json.markdown);
  $('#doc').dataset.seq = String(seq);
}

/** The Markdown `mj doc` writes: headings, paragraphs, lists, pipe tables and code fences. */
function markdown(md) {
  const inlineMd = (s) => esc(s)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  const cells = (l) => l.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
  const lines = md.split('\n');
  let html = '';
  let i = 0;
  while (i < lines.length) {
    const l = lines[i];
    if (l.startsWith('```')) {
      const body = [];
      for (i += 1; i < lines.length && !lines[i].startsWith('```'); i += 1) body.push(lines[i]);
      html += `<pre>${esc(body.join('\n'))}</pre>`;
      i += 1;
    } else if (/^#{1,6} /.test(l)) {
      const n = l.indexOf(' ');
      html += `<h${n}>${inlineMd(l.slice(n + 1))}</h${n}>`;
      i += 1;
    } else if (l.startsWith('|')) {
      const head = cells(l);
      i += 2; // the header and the |---| line
      let rows = '';
      for (; i < lines.length && lines[i].startsWith('|'); i += 1) {
        rows += `<tr>${cells(lines[i]).map((c) => `<td>${inlineMd(c)}</td>`).join('')}</tr>`;
      }
      html += `<div class="scroll"><table><thead><tr>${head.map((c) => `<th>${inlineMd(c)}</th>`).join('')}</tr></thead><tbody>${rows}</tbody></table></div>`;
    } else if (/^\s*[-*] /.test(l)) {
      let items = '';
      for (; i < lines.length && /^\s*[-*] /.test(lines[i]); i += 1) items += `<li>${inlineMd(lines[i].replace(/^\s*[-*] /, ''))}</li>`;
      html += `<ul>${items}</ul>`;
    } else if (l.trim() === '') {
      i += 1;
    } else {
      const para = [];
      for (; i < lines.length && lines[i].trim() !== '' && !/^(#|\||```|\s*[-*] )/.test(lines[i]); i += 1) para.push(lines[i]);
      html += `<p>${inlineMd(para.join(' '))}</p>`;
    }
  }
  return html;
}

// ---- diff -----------------------------------------------------------------------------------

/** The ruleset to compare with: the one chosen, else the edited ruleset's parent (what it
 *  extends), else the built-in ruleset the work started from. */
function against() {
  const chosen = $('#diff-against').value;
  if (chosen) return chosen;
  const ext = state.loaded && state.loaded.extends && state.loaded.extends[0];
  return ext && state.rulesets.includes(ext) ? ext : state.base;
}

async function runDiff() {
  const out = $('#diff-out');
  if (!state.loaded) { out.innerHTML = '<p class="hint">Fix the errors first: a diff needs a ruleset that loads.</p>'; return; }
  const hands = $('#diff-hands').value.split('\n').map((h) => h.trim()).filter((h) => h && !h.startsWith('#'));
  const a = against();
  out.innerHTML = `<p class="hint">comparing with ${esc(a)}…</p>`;
  out.dataset.state = 'running';
  const seq = ++state.diffSeq;
  const { status, json } = await api('/api/diff', { a, b: inline(), hands, snapshots: true });
  if (seq !== state.diffSeq) return;
  if (status !== 200) {
    out.innerHTML = `<p class="error">${esc(json.error)}</p>`;
    out.dataset.state = 'error';
    return;
  }
  const total = (o) => (o.error ? '—' : o.total);
  const fansOf = (o) => new Map((o.fans || []).map((f) => [f.id, f.points * f.count]));
  const moved = (c) => {
    const [x, y] = [fansOf(c.before), fansOf(c.after)];
    const ids = new Set([...x.keys(), ...y.keys()]);
    return [...ids].map((id) => [id, (y.get(id) || 0) - (x.get(id) || 0)]).filter(([, d]) => d !== 0)
      .map(([id, d]) => `${id} ${d > 0 ? '+' : ''}${d}`).join(', ');
  };
  out.innerHTML = `<p><strong>${json.changed}</strong> of ${json.hands} hands score differently under the edited ruleset than under ${esc(json.a)}.</p>`
    + `<div class="fanmoves">${json.fans.map((f) => `<span class="${f.points_moved > 0 ? 'up' : 'down'}" data-fan="${esc(f.id)}">${esc(f.zh)} ${f.points_moved > 0 ? '+' : ''}${f.points_moved}</span>`).join('')}</div>`
    + '<div class="scroll"><table class="changes"><thead><tr><th>hand</th><th class="num">before</th><th class="num">after</th></tr></thead><tbody>'
    + json.changes.map((c) => `<tr data-hand="${esc(c.hand)}" data-origin="${esc(c.origin)}"><td><span class="line">${esc(c.hand)}</span>`
      + `<div class="moved">${esc(c.before.error || c.after.error || moved(c))}</div></td>`
      + `<td class="num">${total(c.before)}</td><td class="num">${total(c.after)}</td></tr>`).join('')
    + '</tbody></table></div>';
  out.dataset.state = 'done';
}

// ---- balance ------------------------------------------------------------------------------

const RATES = [
  ['win_rate', 'win rate'],
  ['exhaustive_draw_rate', 'draw rate'],
  ['self_drawn_share', 'self-drawn share of wins'],
  ['dealer_win_rate', 'dealer win rate'],
  ['non_dealer_deal_in_rate', 'deal-in rate (non-dealer)'],
];
const MAX_FANS_SHOWN = 24;

async function runBalance() {
  const out = $('#balance');
  if (!state.loaded) { out.innerHTML = '<p class="hint">Fix the errors first: a balance run needs a ruleset that loads.</p>'; return; }
  const hands = Number($('#sim-hands').value) || 500;
  const seed = Number($('#sim-seed').value) || 0;
  const a = against();
  out.innerHTML = `<p class="hint">playing ${hands} hands under ${esc(a)} and under the edited ruleset…</p>`;
  out.dataset.state = 'running';
  const seq = ++state.simSeq;
  const { status, json } = await api('/api/simulate', { ruleset: a, compare: inline(), hands, seed });
  if (seq !== state.simSeq) return;
  if (status !== 200) {
    out.innerHTML = `<p class="error">${esc(json.error)}</p>`;
    out.dataset.state = 'error';
    return;
  }
  try {
    out.innerHTML = balanceChart(json, a);
    out.dataset.state = 'done';
  } catch (e) {
    out.innerHTML = `<p class="error">cannot draw the run: ${esc(e.message)}</p>`;
    out.dataset.state = 'error';
  }
}

/** Bar pairs (A the parent, B the edit) with their 95% intervals, on one 0..max scale per row;
 *  rows whose difference is significant are highlighted with their p. */
function balanceChart(json, aName) {
  const fa = json.a.figures;
  const fb = json.b.figures;
  const rowOf = new Map(json.rows.map((r) => [r.statistic, r]));
  const stats = RATES.map(([key, label]) => [key, label, fa[key], fb[key]]);
  // A fan's entry is its rate flattened with its name: {fan, count, of, rate, ci95}.
  const fanRate = (f, name) => f.fans.find((x) => x.fan === name) || { rate: 0, ci95: [0, 0], count: 0, of: f.wins };
  const names = [...new Set([...fa.fans, ...fb.fans].map((x) => x.fan))];
  names.sort((x, y) => Math.max(fanRate(fb, y).rate, fanRate(fa, y).rate) - Math.max(fanRate(fb, x).rate, fanRate(fa, x).rate) || x.localeCompare(y));
  for (const n of names.slice(0, MAX_FANS_SHOWN)) stats.push([`fan ${n}`, n, fanRate(fa, n), fanRate(fb, n)]);
  const sig = [...rowOf.values()].filter((r) => r.significant).map((r) => r.statistic);
  let html = `<div class="chart"><div class="legend"><span><i class="a-col"></i>A: ${esc(aName)}</span><span><i class="b-col"></i>B: edited</span>`
    + `<span>${fa.hands} hands, seed ${json.a.experiment.seed}</span></div>`
    + `<p class="hint">${sig.length ? `significant (p &lt; 0.05): ${esc(sig.join(', '))}` : 'no significant difference'}</p>`;
  // One scale for the table's rates (0 to 100%), one for the fans (0 to the highest interval
  // end among them), so bars compare down each section.
  const fanMax = Math.max(0.0001, ...stats.slice(RATES.length).flatMap(([, , ra, rb]) => [ra.ci95[1], rb.ci95[1]]));
  for (const [k, [key, label, ra, rb]] of stats.entries()) {
    const row = rowOf.get(key);
    const max = k < RATES.length ? 1 : fanMax;
    if (k === RATES.length) html += '<h3>fans, share of wins</h3>';
    const bar = (r, y, cls) => {
      const x = (v) => (100 * v) / max;
      return `<rect class="${cls}" x="0" y="${y}" height="11" width="${x(r.rate).toFixed(2)}%"></rect>`
        + `<line class="whisker" x1="${x(r.ci95[0]).toFixed(2)}%" x2="${x(r.ci95[1]).toFixed(2)}%" y1="${y + 5.5}" y2="${y + 5.5}"></line>`
        + `<line class="whisker" x1="${x(r.ci95[0]).toFixed(2)}%" x2="${x(r.ci95[0]).toFixed(2)}%" y1="${y + 2}" y2="${y + 9}"></line>`
        + `<line class="whisker" x1="${x(r.ci95[1]).toFixed(2)}%" x2="${x(r.ci95[1]).toFixed(2)}%" y1="${y + 2}" y2="${y + 9}"></line>`;
    };
    const pct = (r) => `${(100 * r.rate).toFixed(1)}%`;
    const isSig = row && row.significant;
    html += `<div class="bar-row${isSig ? ' sig' : ''}" data-stat="${esc(key)}" data-a="${ra.rate}" data-b="${rb.rate}" data-significant="${isSig ? 1 : 0}">`
      + `<div class="label">${esc(label)}<span class="p">${pct(ra)} → ${pct(rb)}${row ? ` · p ${row.p < 0.001 ? '< 0.001' : row.p.toFixed(3)}` : ''}</span></div>`
      + `<svg role="img" aria-label="${esc(label)}: A ${pct(ra)}, B ${pct(rb)}">${bar(ra, 2, 'a-col')}${bar(rb, 16, 'b-col')}</svg></div>`;
  }
  return `${html}</div>`;
}

// ---- starting, files, archives ----------------------------------------------------------------

function extendsTemplate(base) {
  return `[ruleset]\nname = "my-${base}"\nextends = "${base}"\nversion = "0.1.0"\ndescription = "My house rules on top of ${base}."\n\n`
    + '# Change a fan by its id (see the fan table), for example:\n# [[fan]]\n# id = "..."\n# points = 8\n';
}

async function start() {
  const base = $('#base').value;
  state.base = base;
  if ($('#start-mode').value === 'copy') {
    const { status, json } = await api(`/api/rulesets/${encodeURIComponent(base)}/files`);
    if (status !== 200) { $('#status').textContent = json.error; return; }
    state.files = Object.entries(json.files).map(([name, text]) => ({ name, text }));
    const toml = state.files.find((f) => f.name === 'ruleset.toml');
    if (toml) toml.text = toml.text.replace(/^name\s*=\s*"[^"]*"/m, `name = "my-${base}"`);
  } else {
    state.files = [{ name: 'ruleset.toml', text: extendsTemplate(base) }];
  }
  state.files.sort((x, y) => (x.name === 'ruleset.toml' ? -1 : y.name === 'ruleset.toml' ? 1 : x.name.localeCompare(y.name)));
  openFile(0);
  save();
  check();
}

function folderName() {
  const toml = state.files.find((f) => f.name === 'ruleset.toml');
  const m = toml && /^name\s*=\s*"([A-Za-z0-9_.-]+)"/m.exec(toml.text);
  return m ? m[1] : 'ruleset';
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A .zip of the folder, files stored uncompressed (rulesets are small). */
function zipOf(folder, files) {
  const enc = new TextEncoder();
  const parts = [];
  const central = [];
  let offset = 0;
  for (const f of files) {
    const name = enc.encode(`${folder}/${f.name}`);
    const data = enc.encode(f.text);
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    [[0, 0x04034b50, 4], [4, 20, 2], [6, 0x0800, 2], [8, 0, 2], [10, 0, 2], [12, 0x21, 2], [14, crc, 4],
      [18, data.length, 4], [22, data.length, 4], [26, name.length, 2], [28, 0, 2]]
      .forEach(([at, v, n]) => (n === 4 ? local.setUint32(at, v, true) : local.setUint16(at, v, true)));
    const dir = new DataView(new ArrayBuffer(46));
    [[0, 0x02014b50, 4], [4, 20, 2], [6, 20, 2], [8, 0x0800, 2], [10, 0, 2], [12, 0, 2], [14, 0x21, 2], [16, crc, 4],
      [20, data.length, 4], [24, data.length, 4], [28, name.length, 2], [30, 0, 2], [32, 0, 2], [34, 0, 2], [36, 0, 2],
      [38, 0o100644 << 16, 4], [42, offset, 4]]
      .forEach(([at, v, n]) => (n === 4 ? dir.setUint32(at, v >>> 0, true) : dir.setUint16(at, v, true)));
    parts.push(new Uint8Array(local.buffer), name, data);
    central.push(new Uint8Array(dir.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const size = central.reduce((s, p) => s + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  [[0, 0x06054b50, 4], [8, files.length, 2], [10, files.length, 2], [12, size, 4], [16, offset, 4]]
    .forEach(([at, v, n]) => (n === 4 ? end.setUint32(at, v, true) : end.setUint16(at, v, true)));
  return new Blob([...parts, ...central, new Uint8Array(end.buffer)], { type: 'application/zip' });
}

/** A .tar (ustar) of the folder. */
function tarOf(folder, files) {
  const enc = new TextEncoder();
  const blocks = [];
  const put = (h, at, s) => h.set(enc.encode(s), at);
  for (const f of files) {
    const data = enc.encode(f.text);
    const h = new Uint8Array(512);
    put(h, 0, `${folder}/${f.name}`.slice(0, 99));
    put(h, 100, '0000644\0');
    put(h, 108, '0000000\0');
    put(h, 116, '0000000\0');
    put(h, 124, `${data.length.toString(8).padStart(11, '0')}\0`);
    put(h, 136, `${Math.floor(Date.now() / 1000).toString(8).padStart(11, '0')}\0`);
    put(h, 148, '        ');
    put(h, 156, '0');
    put(h, 257, 'ustar\0');
    put(h, 263, '00');
    const sum = h.reduce((s, b) => s + b, 0);
    put(h, 148, `${sum.toString(8).padStart(6, '0')}\0 `);
    blocks.push(h, data, new Uint8Array((512 - (data.length % 512)) % 512));
  }
  blocks.push(new Uint8Array(1024));
  return new Blob(blocks, { type: 'application/x-tar' });
}

function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

const KEEP = (name) => /\.(toml|rhai)$/.test(name);
const base = (name) => name.split('/').pop();

async function unzip(buf) {
  const v = new DataView(buf);
  let eocd = buf.byteLength - 22;
  while (eocd >= 0 && v.getUint32(eocd, true) !== 0x06054b50) eocd -= 1;
  if (eocd < 0) throw new Error('not a zip file');
  const count = v.getUint16(eocd + 10, true);
  let p = v.getUint32(eocd + 16, true);
  const dec = new TextDecoder();
  const out = [];
  for (let k = 0; k < count; k += 1) {
    const method = v.getUint16(p + 10, true);
    const csize = v.getUint32(p + 20, true);
    const nlen = v.getUint16(p + 28, true);
    const xlen = v.getUint16(p + 30, true);
    const clen = v.getUint16(p + 32, true);
    const local = v.getUint32(p + 42, true);
    const name = dec.decode(new Uint8Array(buf, p + 46, nlen));
    p += 46 + nlen + xlen + clen;
    if (!KEEP(name)) continue;
    const at = local + 30 + v.getUint16(local + 26, true) + v.getUint16(local + 28, true);
    let data = new Uint8Array(buf, at, csize);
    if (method === 8) {
      const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
      data = new Uint8Array(await new Response(stream).arrayBuffer());
    } else if (method !== 0) {
      throw new Error(`${name}: compression method ${method} is not supported`);
    }
    out.push({ name: base(name), text: dec.decode(data) });
  }
  return out;
}

function untar(buf) {
  const bytes = new Uint8Array(buf);
  const dec = new TextDecoder();
  const str = (at, n) => dec.decode(bytes.subarray(at, at + n)).replace(/\0.*$/s, '');
  const out = [];
  for (let p = 0; p + 512 <= bytes.length;) {
    const name = str(p, 100);
    if (!name) break;
    const size = parseInt(str(p + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(bytes[p + 156] || 48);
    const full = (str(p + 345, 155) ? `${str(p + 345, 155)}/` : '') + name;
    if ((type === '0') && KEEP(full)) out.push({ name: base(full), text: dec.decode(bytes.subarray(p + 512, p + 512 + size)) });
    p += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

async function upload(list) {
  let files = [];
  try {
    for (const file of list) {
      const buf = await file.arrayBuffer();
      if (file.name.endsWith('.zip')) files = files.concat(await unzip(buf));
      else if (file.name.endsWith('.tar')) files = files.concat(untar(buf));
      else if (KEEP(file.name)) files.push({ name: base(file.name), text: new TextDecoder().decode(buf) });
    }
  } catch (e) {
    $('#status').textContent = `cannot read the upload: ${e.message}`;
    $('#status').className = 'status bad';
    return;
  }
  if (!files.some((f) => f.name === 'ruleset.toml')) {
    $('#status').textContent = 'the upload holds no ruleset.toml';
    $('#status').className = 'status bad';
    return;
  }
  state.files = files.sort((x, y) => (x.name === 'ruleset.toml' ? -1 : y.name === 'ruleset.toml' ? 1 : x.name.localeCompare(y.name)));
  openFile(0);
  save();
  check();
}

// ---- wiring -----------------------------------------------------------------------------------

function activeTab() {
  const on = document.querySelector('#tabs button.on');
  return on ? on.dataset.tab : 'doc';
}

function showTab(name) {
  for (const b of document.querySelectorAll('#tabs button')) b.classList.toggle('on', b.dataset.tab === name);
  for (const s of document.querySelectorAll('.tab')) s.classList.toggle('on', s.id === `tab-${name}`);
  if (name === 'diff' && state.loaded) runDiff();
}

function wire() {
  const ta = $('#source');
  ta.addEventListener('input', () => {
    state.files[state.current].text = ta.value;
    renderEditor();
    save();
    scheduleCheck();
  });
  ta.addEventListener('keydown', (e) => {
    if (e.key === 'Tab' && !e.shiftKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      document.execCommand('insertText', false, '    ');
    }
  });
  $('#files').addEventListener('click', (e) => {
    const b = e.target.closest('button');
    if (!b) return;
    if (b.dataset.add) {
      const name = prompt('script file name (ends in .rhai)', 'fans.rhai');
      if (!name || !/^[A-Za-z0-9_-][A-Za-z0-9_.-]*\.rhai$/.test(name) || state.files.some((f) => f.name === name)) return;
      state.files.push({ name, text: `// ${name}: fan functions take the hand and return a count\nfn my_fan(hand) {\n    0\n}\n` });
      openFile(state.files.length - 1);
      save();
      scheduleCheck();
    } else {
      openFile(state.files.findIndex((f) => f.name === b.dataset.file));
    }
  });
  $('#diagnostics').addEventListener('click', (e) => {
    const li = e.target.closest('li');
    if (li) jumpTo(state.diagnostics[Number(li.dataset.k)]);
  });
  $('#tabs').addEventListener('click', (e) => { const b = e.target.closest('button'); if (b) showTab(b.dataset.tab); });
  $('#start-btn').addEventListener('click', start);
  $('#diff-run').addEventListener('click', runDiff);
  $('#sim-run').addEventListener('click', runBalance);
  $('#diff-against').addEventListener('change', () => { if (activeTab() === 'diff') runDiff(); });
  $('#download-zip').addEventListener('click', () => download(zipOf(folderName(), state.files), `${folderName()}.zip`));
  $('#download-tar').addEventListener('click', () => download(tarOf(folderName(), state.files), `${folderName()}.tar`));
  $('#upload').addEventListener('change', (e) => upload([...e.target.files]));
}

async function init() {
  wire();
  const { json } = await api('/api/rulesets');
  state.rulesets = (json.rulesets || []).map((r) => r.name);
  const builtins = (json.rulesets || []).filter((r) => r.builtin).map((r) => r.name);
  $('#base').innerHTML = builtins.map((n) => `<option${n === 'mcr' ? ' selected' : ''}>${esc(n)}</option>`).join('');
  $('#diff-against').innerHTML = '<option value="">its parent</option>' + state.rulesets.map((n) => `<option>${esc(n)}</option>`).join('');
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem(STORE) || 'null'); } catch (_) { saved = null; }
  if (saved && Array.isArray(saved.files) && saved.files.some((f) => f.name === 'ruleset.toml')) {
    state.files = saved.files;
    state.base = saved.base || 'mcr';
    openFile(0);
    await check();
  } else {
    await start();
  }
  document.body.dataset.ready = '1';
}

init();
