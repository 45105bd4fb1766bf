// mj serve: the page. Plain JavaScript, no build step. It builds a line of hand notation
// (docs/notation.md) from tapped tiles and lets the server score it; every figure shown comes from
// the JSON API (docs/api.md). Tiles are drawn here as SVG.
'use strict';

// ---------------------------------------------------------------- words
const TEXT = {
  zh: {
    ruleset: '规则', tab_hand: '算番', tab_fans: '番表', tab_replay: '牌谱', clear: '清空',
    mode_tile: '手牌', mode_chow: '吃', mode_pung: '碰', mode_kong: '明杠', mode_ckong: '暗杠',
    ctx_self: '自摸', ctx_last: '海底 / 妙手', ctx_kong: '杠上开花 / 抢杠', ctx_fourth: '和绝张',
    ctx_seat: '门风', ctx_round: '圈风', ctx_flowers: '花牌', total: '合计', definition: '说明',
    play_rules: '规则', replay_help: '载入 mj play --json 的牌谱 (mj-record v1)。', load: '载入',
    wall: '牌墙', payments: '结算', valid: '和牌成立', invalid: '不成立', need: (n, w) => `${n} 张；和牌需 ${w} 张，听牌需 ${w - 1} 张`,
    waits: '听', not_ready: (s) => `未听牌，向听数 ${s}`, no_wait: (x) => `已成听牌型，但和牌张 ${x} 已全在手中`, left: '剩余', step: '步',
    seat_names: { E: '东', S: '南', W: '西', N: '北' }, fan_unit_sum: '番', fan_unit_product: '倍',
    empty: '点牌面加入手牌，最后一张为和牌张。', hand_over: '结束', drawn_hand: '荒牌',
    loading: '计算中…', whole_hand: '整手牌', not_counted: '未计的番', warning: '注意',
  },
  en: {
    ruleset: 'Rules', tab_hand: 'Score', tab_fans: 'Fans', tab_replay: 'Replay', clear: 'Clear',
    mode_tile: 'Tiles', mode_chow: 'Chow', mode_pung: 'Pung', mode_kong: 'Kong', mode_ckong: 'Concealed kong',
    ctx_self: 'Self-drawn', ctx_last: 'Last tile', ctx_kong: 'Kong replacement / robbing', ctx_fourth: 'Last copy',
    ctx_seat: 'Seat', ctx_round: 'Round', ctx_flowers: 'Flowers', total: 'Total', definition: 'Definition',
    play_rules: 'Rules of play', replay_help: 'Load a record from mj play --json (mj-record v1).', load: 'Load',
    wall: 'Wall', payments: 'Payments', valid: 'valid win', invalid: 'not valid', need: (n, w) => `${n} tiles; a win needs ${w}, waits need ${w - 1}`,
    waits: 'Waits', not_ready: (s) => `not ready: shanten ${s}`, no_wait: (x) => `no wait: the shape is ready, but every copy of ${x} is already in the hand`, left: 'left', step: 'step',
    seat_names: { E: 'East', S: 'South', W: 'West', N: 'North' }, fan_unit_sum: 'points', fan_unit_product: '×',
    empty: 'Tap tiles to add them; the last one is the winning tile.', hand_over: 'over', drawn_hand: 'drawn hand',
    loading: 'computing…', whole_hand: 'whole hand', not_counted: 'Not counted', warning: 'note',
  },
};
let lang = localStorage.getItem('mj-lang') || 'zh';
const t = (k) => TEXT[lang][k];

// ---------------------------------------------------------------- tiles as SVG
const NUMERALS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
const HONOURS = { E: ['東', '#222'], S: ['南', '#222'], W: ['西', '#222'], N: ['北', '#222'], C: ['中', '#c0262d'], F: ['發', '#1b7a3a'] };
const BONUS = ['', '春', '夏', '秋', '冬', '梅', '蘭', '竹', '菊'];
const HONOUR_NAMES = {
  zh: { E: '东风', S: '南风', W: '西风', N: '北风', C: '红中', F: '发财', P: '白板' },
  en: { E: 'East', S: 'South', W: 'West', N: 'North', C: 'Red', F: 'Green', P: 'White' },
};
// Pip centres for 1–10 in a 60×80 tile.
const PIPS = {
  1: [[30, 44]], 2: [[30, 27], [30, 61]], 3: [[16, 24], [30, 44], [44, 64]],
  4: [[19, 28], [41, 28], [19, 60], [41, 60]], 5: [[18, 26], [42, 26], [30, 44], [18, 62], [42, 62]],
  6: [[19, 22], [41, 22], [19, 44], [41, 44], [19, 66], [41, 66]],
  7: [[14, 18], [30, 25], [46, 32], [19, 52], [41, 52], [19, 68], [41, 68]],
  8: [[19, 17], [41, 17], [19, 34], [41, 34], [19, 51], [41, 51], [19, 68], [41, 68]],
  9: [[14, 24], [30, 24], [46, 24], [14, 44], [30, 44], [46, 44], [14, 64], [30, 64], [46, 64]],
  10: [[14, 18], [30, 18], [46, 18], [20, 35], [40, 35], [20, 52], [40, 52], [14, 69], [30, 69], [46, 69]],
};
const PIP_COLOURS = ['#1d4f91', '#c0262d', '#1b7a3a'];

/** Splits a tile code (`5m`, `0p`, `E`, `3f`) into its kind. */
function tileKind(code) {
  const m = /^([0-9])([mpsf])$/.exec(code);
  if (m) {
    const n = Number(m[1]);
    if (m[2] === 'f') return { kind: 'bonus', n };
    return { kind: 'suit', suit: m[2], rank: n === 0 ? 10 : n };
  }
  return { kind: 'honour', letter: code };
}

function svgText(x, y, size, fill, s, weight = 700) {
  return `<text x="${x}" y="${y}" font-size="${size}" fill="${fill}" font-weight="${weight}" text-anchor="middle" font-family="'Noto Serif CJK SC','Noto Sans CJK SC','WenQuanYi Micro Hei',serif">${s}</text>`;
}

/** The SVG picture of one tile. Suited tiles carry their rank in the corner too, so 10 is never
 *  mistaken for 1 and readers of either language can tell them apart. */
function tileSvg(code) {
  const k = tileKind(code);
  let body = '';
  if (k.kind === 'suit') {
    const corner = k.rank === 10 ? '10' : String(k.rank);
    if (k.suit === 'm') {
      body = svgText(30, 40, k.rank === 10 ? 26 : 28, '#222', NUMERALS[k.rank]) + svgText(30, 72, 28, '#c0262d', '萬');
    } else {
      const r = k.rank <= 2 ? 11 : k.rank <= 5 ? 8.5 : k.rank <= 6 ? 7.5 : 6.2;
      body = PIPS[k.rank].map(([x, y], i) => {
        if (k.suit === 'p') {
          const c = k.rank === 1 ? '#c0262d' : PIP_COLOURS[i % 3];
          return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${c}" stroke-width="2.6"/><circle cx="${x}" cy="${y}" r="${r / 3}" fill="${c}"/>`;
        }
        const h = k.rank === 1 ? 40 : k.rank <= 4 ? 24 : k.rank <= 6 ? 18 : 14;
        const w = k.rank === 1 ? 10 : 6;
        const c = (k.rank === 1 || (k.rank >= 5 && i === Math.floor(PIPS[k.rank].length / 2))) ? '#c0262d' : '#1b7a3a';
        return `<rect x="${x - w / 2}" y="${y - h / 2}" width="${w}" height="${h}" rx="2.5" fill="${c}"/><line x1="${x - w / 2}" x2="${x + w / 2}" y1="${y}" y2="${y}" stroke="#fff" stroke-width="1.2"/>`;
      }).join('');
    }
    body += `<text x="6" y="13" font-size="11" font-weight="700" fill="#555" font-family="sans-serif">${corner}</text>`;
  } else if (k.kind === 'honour') {
    if (k.letter === 'P') {
      body = '<rect x="13" y="16" width="34" height="50" rx="3" fill="none" stroke="#1d4f91" stroke-width="3"/>';
    } else {
      const [ch, col] = HONOURS[k.letter] || [k.letter, '#222'];
      body = svgText(30, 56, 36, col, ch);
    }
  } else {
    body = svgText(30, 54, 30, '#7a3fa0', BONUS[k.n] || '?') +
      `<text x="6" y="13" font-size="11" font-weight="700" fill="#7a3fa0" font-family="sans-serif">${k.n}</text>`;
  }
  return `<svg viewBox="0 0 60 80" role="img" aria-label="${code}"><rect x="1.5" y="1.5" width="57" height="77" rx="7" fill="#fbf8ef" stroke="#a89f8c" stroke-width="2"/>${body}</svg>`;
}

function tileEl(code, tag = 'span') {
  const el = document.createElement(tag);
  el.className = 'tile';
  el.dataset.tile = code;
  el.title = tileName(code);
  el.innerHTML = tileSvg(code);
  if (tag === 'button') el.type = 'button';
  return el;
}

function tileName(code) {
  const k = tileKind(code);
  if (k.kind === 'honour') return HONOUR_NAMES[lang][k.letter] || code;
  if (k.kind === 'bonus') return `${BONUS[k.n]} (${code})`;
  const suit = (state.rs && state.rs.tiles.suits.find((s) => s.letter === k.suit)) || {};
  return lang === 'zh' ? `${NUMERALS[k.rank]}${suit.name || k.suit}` : `${k.rank} ${({ m: 'characters', p: 'dots', s: 'bamboo' })[k.suit]}`;
}

// ---------------------------------------------------------------- notation
/** Writes tiles the short way: neighbours of one suit share their letter (`123m4pEE`). */
function compact(tiles) {
  let out = '';
  let pending = '';
  for (const code of tiles) {
    const m = /^([0-9])([mpsf])$/.exec(code);
    if (m) {
      if (pending && pending !== m[2]) out += pending;
      out += m[1];
      pending = m[2];
    } else {
      out += pending + code;
      pending = '';
    }
  }
  return out + pending;
}

/** Reads the tiles of a notation fragment (`123m45p`, `1z`, `EE`); null if it is not one. Only
 *  for showing a typed hand as pictures: the server is what checks it. */
function readTiles(s) {
  const out = [];
  let digits = '';
  for (const c of s) {
    if (/[0-9]/.test(c)) digits += c;
    else if ('mpsf'.includes(c) && digits) { for (const d of digits) out.push(d + c); digits = ''; }
    else if (c === 'z' && digits) { for (const d of digits) { const h = 'ESWNCFP'[Number(d) - 1]; if (!h) return null; out.push(h); } digits = ''; }
    else if ('ESWNCFP'.includes(c) && !digits) out.push(c);
    else return null;
  }
  return digits ? null : out;
}

/** A typed line as builder state, or null when it is not simple enough to picture. */
function readLine(line) {
  const words = line.trim().split(/\s+/);
  const first = words.shift() || '';
  const melds = [];
  let rest = first;
  while (rest.startsWith('[')) {
    const end = rest.indexOf(']');
    if (end < 0) return null;
    const [inner, num] = rest.slice(1, end).split(',');
    const tiles = readTiles(inner);
    if (!tiles || tiles.length < 3 || tiles.length > 4) return null;
    let kind = 'chow';
    if (tiles.length === 4) kind = num ? 'kong' : 'ckong';
    else if (tiles.every((x) => x === tiles[0])) kind = 'pung';
    melds.push({ kind, tiles, from: num ? Number(num) : null });
    rest = rest.slice(end + 1);
  }
  const concealed = readTiles(rest);
  if (!concealed) return null;
  const ctx = { self: false, last: false, kong: false, fourth: false, seat: 'E', round: 'E', flowers: 0, bonus: [], extra: {} };
  for (const w of words) {
    if (['self', 'last', 'kong', 'fourth'].includes(w)) ctx[w] = true;
    else if (/^seat=[ESWN]$/.test(w)) ctx.seat = w[5];
    else if (/^round=[ESWN]$/.test(w)) ctx.round = w[6];
    else if (/^flowers=\d+$/.test(w)) ctx.flowers = Number(w.slice(8));
    else if (/^[1-8]+f$/.test(w)) ctx.bonus.push(...readTiles(w));
    else { const [k, v] = w.split('='); ctx.extra[k] = v === undefined ? true : v; }
  }
  return { melds, concealed: concealed.filter((x) => !x.endsWith('f')), bonus: ctx.bonus.concat(concealed.filter((x) => x.endsWith('f'))), ctx };
}

// ---------------------------------------------------------------- state
const state = {
  rulesets: [], rs: null, mode: 'tile',
  melds: [], concealed: [], bonus: [],
  ctx: { self: false, last: false, kong: false, fourth: false, seat: 'E', round: 'E', flowers: 0, extra: {} },
  typed: null, seq: 0, replay: null, frame: 0,
};
const $ = (sel) => document.querySelector(sel);

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: `HTTP ${res.status}` }; }
  if (!res.ok) throw new Error((data && data.error) || `HTTP ${res.status}`);
  return data;
}

function line() {
  if (state.typed !== null) return state.typed;
  const parts = state.melds.map((m) => {
    const inner = compact(m.tiles);
    if (m.kind === 'ckong') return `[${inner}]`;
    if (m.kind === 'kong') return `[${inner},${m.from || 1}]`;
    return m.from ? `[${inner},${m.from}]` : `[${inner}]`;
  });
  let s = parts.join('') + compact(state.concealed);
  const c = state.ctx;
  for (const w of ['self', 'last', 'kong', 'fourth']) if (c[w]) s += ' ' + w;
  if (c.seat !== 'E') s += ` seat=${c.seat}`;
  if (c.round !== 'E') s += ` round=${c.round}`;
  if (state.bonus.length) s += ' ' + compact(state.bonus.slice().sort());
  else if (c.flowers > 0) s += ` flowers=${c.flowers}`;
  for (const [k, v] of Object.entries(c.extra)) {
    if (v === true) s += ' ' + k;
    else if (v !== false && v !== '' && v !== undefined) s += ` ${k}=${v}`;
  }
  return s;
}

function used(code) {
  let n = state.concealed.filter((x) => x === code).length + state.bonus.filter((x) => x === code).length;
  for (const m of state.melds) n += m.tiles.filter((x) => x === code).length;
  return n;
}

function copies(code) {
  const k = tileKind(code);
  const tiles = state.rs.tiles;
  if (k.kind === 'bonus') return 1;
  if (k.kind === 'honour') return tiles.honour_copies;
  const suit = tiles.suits.find((s) => s.letter === k.suit);
  return suit ? suit.copies : 4;
}

/** Tiles in the hand, a kong counting three (what the win size is measured in). */
function handSize() {
  return state.concealed.length + state.melds.length * 3;
}

function nextRank(code, step) {
  const k = tileKind(code);
  if (k.kind !== 'suit') return null;
  const suit = state.rs.tiles.suits.find((s) => s.letter === k.suit);
  const r = k.rank + step;
  if (!suit || r > suit.max_rank) return null;
  return `${r % 10}${k.suit}`;
}

function tap(code) {
  state.typed = null;
  const k = tileKind(code);
  if (k.kind === 'bonus') {
    if (used(code) < 1) state.bonus.push(code);
  } else if (state.mode === 'tile') {
    if (used(code) < copies(code)) state.concealed.push(code);
  } else {
    let tiles;
    if (state.mode === 'chow') {
      const b = nextRank(code, 1); const c = nextRank(code, 2);
      if (!b || !c) return flash(lang === 'zh' ? '吃需要连续三张同花色的牌' : 'a chow needs three tiles in a row of one suit');
      tiles = [code, b, c];
    } else {
      tiles = Array(state.mode === 'pung' ? 3 : 4).fill(code);
    }
    const need = {};
    for (const x of tiles) need[x] = (need[x] || 0) + 1;
    for (const [x, n] of Object.entries(need)) if (used(x) + n > copies(x)) return flash(lang === 'zh' ? '没有那么多张' : 'not that many copies left');
    state.melds.push({ kind: state.mode, tiles, from: null });
  }
  changed();
}

function flash(msg) {
  $('#notation-error').textContent = msg;
}

function removeConcealed(i) {
  state.typed = null;
  state.concealed.splice(i, 1);
  changed();
}

// ---------------------------------------------------------------- drawing
/** A row of tapable tiles; tapping the i-th calls `remove(i)`; `win` marks the winning tile. */
function tileGroup(cls, tiles, win, remove) {
  const g = document.createElement('div');
  g.className = `group ${cls}`;
  tiles.forEach((x, i) => {
    const el = tileEl(x, 'button');
    if (i === win) el.classList.add('win');
    el.addEventListener('click', () => remove(i));
    g.appendChild(el);
  });
  return g;
}

function renderHand() {
  const box = $('#hand');
  box.innerHTML = '';
  state.melds.forEach((m, i) => {
    const g = document.createElement('div');
    g.className = 'group meld' + (m.kind === 'ckong' ? ' concealed-kong' : '');
    g.title = lang === 'zh' ? '点击移除' : 'tap to remove';
    for (const x of m.tiles) g.appendChild(tileEl(x));
    g.addEventListener('click', () => { state.typed = null; state.melds.splice(i, 1); changed(); });
    box.appendChild(g);
  });
  const win = handSize() === state.rs.hand_size + 1 ? state.concealed.length - 1 : -1;
  box.appendChild(tileGroup('concealed', state.concealed, win, removeConcealed));
  box.appendChild(tileGroup('bonus', state.bonus, -1, (i) => { state.typed = null; state.bonus.splice(i, 1); changed(); }));
  for (const g of Array.from(box.children)) if (!g.children.length) g.remove();
  if (!box.children.length) box.textContent = t('empty');
}

function renderPalette() {
  const box = $('#palette');
  box.innerHTML = '';
  const tiles = state.rs.tiles;
  const rows = tiles.suits.map((s) => {
    const r = [];
    for (let n = s.min_rank; n <= s.max_rank; n++) r.push(`${n % 10}${s.letter}`);
    return r;
  });
  if (tiles.honours.length) rows.push(tiles.honours.slice());
  if (tiles.bonus.length) rows.push(tiles.bonus.map((n) => `${n}f`));
  for (const r of rows) {
    const row = document.createElement('div');
    row.className = 'suit';
    for (const code of r) {
      const el = tileEl(code, 'button');
      el.addEventListener('click', () => tap(code));
      row.appendChild(el);
    }
    box.appendChild(row);
  }
  updatePalette();
}

function updatePalette() {
  for (const el of document.querySelectorAll('#palette .tile')) {
    el.disabled = used(el.dataset.tile) >= copies(el.dataset.tile);
  }
}

function renderContext() {
  const c = state.ctx;
  $('#ctx-self').checked = c.self;
  $('#ctx-last').checked = c.last;
  $('#ctx-kong').checked = c.kong;
  $('#ctx-fourth').checked = c.fourth;
  $('#ctx-seat').value = c.seat;
  $('#ctx-round').value = c.round;
  $('#ctx-flowers').value = state.bonus.length || c.flowers;
  $('#ctx-flowers').disabled = state.bonus.length > 0;
  for (const el of document.querySelectorAll('#ctx-extra [data-word]')) {
    const v = c.extra[el.dataset.word];
    if (el.type === 'checkbox') el.checked = v === true;
    else el.value = v === undefined || v === true ? '' : v;
  }
}

function buildExtraContext() {
  const box = $('#ctx-extra');
  box.innerHTML = '';
  for (const w of state.rs.context) {
    const label = document.createElement('label');
    let input;
    if (w.takes_value) {
      input = document.createElement('input');
      input.type = 'text';
      input.size = 3;
      input.placeholder = w.word === 'from' ? '1' : '';
    } else {
      input = document.createElement('input');
      input.type = 'checkbox';
    }
    input.dataset.word = w.word;
    input.id = `ctx-word-${w.word}`;
    input.addEventListener('input', () => {
      state.typed = null;
      state.ctx.extra[w.word] = input.type === 'checkbox' ? input.checked : input.value.trim();
      changed();
    });
    // The ruleset's own words by what they mean; the word itself is what the notation writes.
    const text = document.createElement('span');
    text.className = 'word-help';
    text.textContent = ` ${w.help || w.word}`;
    label.title = w.word;
    label.append(input, text);
    box.appendChild(label);
  }
}

function renderScore(r) {
  const tbody = $('#fans tbody');
  tbody.innerHTML = '';
  const product = state.rs.combine === 'product';
  for (const f of r.fans) {
    const tr = document.createElement('tr');
    tr.dataset.fan = f.id;
    tr.dataset.points = f.points;
    tr.dataset.count = f.count;
    const pts = product ? `×${f.points}` : `${f.points}`;
    tr.innerHTML = `<td><span class="zh">${esc(f.zh)}</span> <span class="en">${esc(f.en)}</span>`
      + `<div class="why">${whyHtml(r, f.why || [])}</div></td>`
      + `<td class="pts">${pts}${f.count > 1 ? ` × ${f.count}` : ''}</td>`;
    tbody.appendChild(tr);
  }
  const notes = $('#notes');
  notes.innerHTML = '';
  for (const w of r.warnings || []) {
    const p = document.createElement('p');
    p.className = 'warning';
    p.textContent = `${t('warning')}: ${w}`;
    notes.appendChild(p);
  }
  const removed = r.removed || [];
  if (removed.length) {
    const d = document.createElement('details');
    d.id = 'removed';
    d.innerHTML = `<summary>${esc(t('not_counted'))} (${removed.length})</summary>`
      + removed.map((x) => `<div data-fan="${esc(x.id)}"><span class="zh">${esc(x.zh)}</span> `
        + `<span class="en">${esc(x.en)}</span>${x.count > 1 ? ` ×${x.count}` : ''} — ${esc(x.by)}</div>`).join('');
    notes.appendChild(d);
  }
  $('#total').textContent = String(r.total);
  $('#valid').className = r.valid ? 'good' : 'bad';
  $('#valid').textContent = r.valid ? t('valid') : `${t('invalid')}: ${r.reason || ''}`;
  renderPayments($('#payments'), Object.entries(r.payments));
}

function renderPayments(box, pairs) {
  box.innerHTML = '';
  for (const [seat, v] of pairs) {
    const s = document.createElement('span');
    s.dataset.seat = seat;
    s.dataset.amount = v;
    s.className = v > 0 ? 'plus' : v < 0 ? 'minus' : '';
    s.textContent = `${t('seat_names')[seat] || seat} ${v > 0 ? '+' : ''}${v}`;
    box.appendChild(s);
  }
}

/** What produced a fan: each occurrence's sets (a set of the reading, drawn as small tiles) and
 *  context words; an occurrence naming every set of the reading says "whole hand". */
function whyHtml(r, why) {
  const reading = (r.reading || []).join(' ');
  return why.map((o) => {
    const sets = o.sets || [];
    const words = (o.words || []).map((w) => `<span class="word">${esc(w)}</span>`).join(' ');
    const shown = sets.length > 1 && sets.join(' ') === reading
      ? `<span class="word">${esc(t('whole_hand'))}</span>`
      : sets.map((x) => `<span class="set" data-set="${esc(x)}">${setTiles(x)}</span>`).join('');
    return `<span class="occ">${shown}${words ? ' ' + words : ''}</span>`;
  }).join('<span class="sep">|</span>');
}

/** A set in notation (`123m`, `CCC`) as small tiles. */
function setTiles(text) {
  const out = [];
  let digits = '';
  for (const ch of text) {
    if (/[0-9]/.test(ch)) digits += ch;
    else if ('mpsf'.includes(ch)) { for (const d of digits) out.push(d + ch); digits = ''; }
    else out.push(ch);
  }
  return out.map((c) => tileEl(c, 'span').outerHTML).join('');
}

function clearResult(msg) {
  $('#notes').innerHTML = '';
  $('#fans tbody').innerHTML = '';
  $('#total').textContent = '–';
  $('#valid').textContent = msg || '';
  $('#valid').className = '';
  $('#payments').innerHTML = '';
  $('#waits').innerHTML = '';
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

let timer = null;
function changed() {
  if (state.typed === null) $('#notation').value = line();
  renderHand();
  renderContext();
  updatePalette();
  clearTimeout(timer);
  timer = setTimeout(evaluate, 120);
}

/** Scores the hand when it has a winning tile, lists its waits when it is one short. */
async function evaluate() {
  const seq = ++state.seq;
  const text = line().trim();
  const size = handSize();
  const win = state.rs.hand_size + 1;
  $('#notation-error').textContent = '';
  $('#waits').innerHTML = '';
  if (!text) return clearResult('');
  const known = state.typed === null || readLine(state.typed) !== null;
  // Loading: the previous answer is dimmed and the total says so until this one arrives.
  const result = $('#result');
  result.setAttribute('aria-busy', 'true');
  result.classList.add('loading');
  $('#valid').textContent = t('loading');
  try {
    if (!known || size === win) {
      const r = await api('/api/score', { ruleset: state.rs.name, hand: text });
      if (seq === state.seq) renderScore(r);
    } else if (size === win - 1) {
      const w = await api('/api/waits', { ruleset: state.rs.name, hand: text });
      if (seq !== state.seq) return;
      clearResult('');
      const box = $('#waits');
      if (w.waits.length) {
        box.append(`${t('waits')}: `);
        for (const x of w.waits) box.appendChild(tileEl(x));
      } else if (w.shanten === 0) {
        box.textContent = t('no_wait')((w.exhausted || []).join(' '));
      } else {
        box.textContent = t('not_ready')(w.shanten);
      }
    } else {
      clearResult(t('need')(size, win));
    }
  } catch (e) {
    if (seq !== state.seq) return;
    clearResult('');
    $('#notation-error').textContent = e.message;
  } finally {
    if (seq === state.seq) {
      result.removeAttribute('aria-busy');
      result.classList.remove('loading');
    }
  }
}

// ---------------------------------------------------------------- fan table
function renderFanTable() {
  const rs = state.rs;
  $('#fan-unit').textContent = rs.combine === 'product' ? t('fan_unit_product') : t('fan_unit_sum');
  const tbody = $('#fan-table tbody');
  tbody.innerHTML = '';
  rs.fans.forEach((f, i) => {
    const tr = document.createElement('tr');
    tr.dataset.fan = f.id;
    const ex = f.excludes.length ? `<br><small>${lang === 'zh' ? '不计' : 'not also counted'}: ${esc(f.excludes.join('、'))}</small>` : '';
    const note = f.note ? `<br><small><em>${esc(f.note)}</em></small>` : '';
    tr.innerHTML = `<td class="num">${i + 1}</td><td>${esc(f.zh)}</td><td>${esc(f.en)}</td><td class="num">${rs.combine === 'product' ? '×' : ''}${f.points}${f.bonus ? '*' : ''}</td><td><b class="en-inline">${esc(f.en)}. </b>${esc(f.definition)}${ex}${note}</td>`;
    tbody.appendChild(tr);
  });
  const dl = $('#play-rules');
  dl.innerHTML = '';
  const add = (k, v) => { const dt = document.createElement('dt'); dt.textContent = k; const dd = document.createElement('dd'); dd.textContent = v; dl.append(dt, dd); };
  add(lang === 'zh' ? '人数' : 'players', rs.players);
  add(lang === 'zh' ? '牌数' : 'tiles', rs.tiles.total);
  add(lang === 'zh' ? '起和' : 'minimum', rs.min_points);
  add(lang === 'zh' ? '和牌型' : 'win forms', rs.forms.join(', '));
  for (const [k, v] of Object.entries(rs.play)) {
    if (v === null || v === false || (Array.isArray(v) && !v.length)) continue;
    add(k, Array.isArray(v) ? v.join(', ') : String(v));
  }
}

// ---------------------------------------------------------------- replay
function readRecords(text) {
  text = text.trim();
  if (!text) return [];
  let values;
  try {
    values = [JSON.parse(text)];
  } catch (e) {
    values = text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  }
  const out = [];
  for (const v of values) {
    if (v && v.format === 'mj-match' && Array.isArray(v.hands)) out.push(...v.hands);
    else out.push(v);
  }
  return out;
}

async function loadReplay(text) {
  $('#replay-error').textContent = '';
  let records;
  try {
    records = readRecords(text);
  } catch (e) {
    $('#replay-error').textContent = (lang === 'zh' ? '不是 JSON：' : 'not JSON: ') + e.message;
    return;
  }
  if (!records.length) { $('#replay-error').textContent = lang === 'zh' ? '没有牌谱' : 'no record'; return; }
  const pick = $('#replay-hand');
  pick.innerHTML = '';
  records.forEach((r, i) => { const o = document.createElement('option'); o.value = i; o.textContent = `#${i + 1} seed ${r.seed}`; pick.appendChild(o); });
  pick.hidden = records.length < 2;
  pick.onchange = () => showRecord(records[Number(pick.value)]);
  await showRecord(records[0]);
}

async function showRecord(record) {
  try {
    state.replay = await api('/api/replay', record);
  } catch (e) {
    $('#replay-error').textContent = e.message;
    $('#replay-view').hidden = true;
    return;
  }
  const r = state.replay;
  $('#replay-view').hidden = false;
  $('#step-range').max = r.frames.length - 1;
  $('#replay-head').textContent = `${r.ruleset} ${r.ruleset_version} · seed ${r.seed} · ${lang === 'zh' ? '庄' : 'dealer'} ${r.dealer} · ${lang === 'zh' ? '圈风' : 'round'} ${r.round}`;
  step(0);
}

function describe(e, names) {
  const who = (s) => names[s] || `P${s}`;
  const tl = (x) => tileName(x);
  const zh = lang === 'zh';
  switch (e.type) {
    case 'deal': return zh ? `发牌，庄家 ${who(e.dealer)}，骰子 ${e.dice.join('+')}` : `deal: dealer ${who(e.dealer)}, dice ${e.dice.join('+')}`;
    case 'draw': return `${who(e.seat)} ${zh ? (e.replacement ? '补牌' : '摸') : (e.replacement ? 'draws a replacement' : 'draws')} ${tl(e.tile)}`;
    case 'flower': return `${who(e.seat)} ${zh ? '补花' : 'sets aside'} ${tl(e.tile)}`;
    case 'discard': return `${who(e.seat)} ${zh ? '打出' : 'discards'} ${tl(e.tile)}`;
    case 'chi': return `${who(e.seat)} ${zh ? '吃' : 'chows'} ${tl(e.tile)}`;
    case 'pong': return `${who(e.seat)} ${zh ? '碰' : 'pungs'} ${tl(e.tile)}`;
    case 'kong': return `${who(e.seat)} ${zh ? '杠' : 'kongs'} ${tl(e.tile)} (${e.kind})`;
    case 'exchange': return `${who(e.seat)} ${zh ? '换三张给' : 'passes'} ${e.tiles.map(tl).join(' ')}${zh ? ' ' : ' to '}${who(e.to)}`;
    case 'void': return `${who(e.seat)} ${zh ? '定缺' : 'declares void'} ${e.suit}`;
    case 'ready': return `${who(e.seat)} ${zh ? '亮倒' : 'declares ready'}`;
    case 'win': return `${who(e.seat)} ${zh ? (e.self_drawn ? '自摸和' : '和') : (e.self_drawn ? 'wins self-drawn' : 'wins')} ${tl(e.tile)}: ${e.fans.join(' ')} = ${e.total}`;
    case 'payment': return `${who(e.seat)} ${e.amount > 0 ? '+' : ''}${e.amount}${e.reason ? ` (${e.reason})` : ''}`;
    case 'exhaustive_draw': return zh ? '荒牌' : 'wall exhausted: drawn hand';
    case 'penalty': return `${who(e.seat)} ${zh ? '罚' : 'penalty'} ${e.id}`;
    case 'horses': return `${who(e.seat)} ${zh ? '买马' : 'horses'} ${e.tiles.join(' ')}`;
    default: return e.type;
  }
}

function step(i) {
  const r = state.replay;
  if (!r) return;
  i = Math.max(0, Math.min(r.frames.length - 1, i));
  state.frame = i;
  const f = r.frames[i];
  const from = i > 0 ? r.frames[i - 1].events : 0;
  $('#step-range').value = i;
  $('#step-label').textContent = `${i + 1} / ${r.frames.length}`;
  const names = r.players.map((p, s) => `${p} (${t('seat_names')[f.seats[s].wind]})`);
  const ev = $('#replay-events');
  ev.innerHTML = '';
  const shown = r.events.slice(Math.max(0, from - 4), f.events);
  const start = Math.max(0, from - 4);
  shown.forEach((e, k) => {
    const d = document.createElement('div');
    if (start + k >= from) d.className = 'now';
    d.textContent = describe(e, names);
    ev.appendChild(d);
  });
  const seats = $('#replay-seats');
  seats.innerHTML = '';
  f.seats.forEach((s, n) => {
    const card = document.createElement('div');
    card.className = 'card seat' + (f.to_act === n ? ' act' : '');
    card.dataset.seat = n;
    const h = document.createElement('h3');
    const voidSuit = s.void ? ` · <span class="void" data-void="${esc(s.void)}">${lang === 'zh' ? '缺' : 'void'} ${esc(s.void)}</span>` : '';
    h.innerHTML = `<span>${esc(names[n])}${s.ready ? ' · 亮倒' : ''}${voidSuit}</span><span class="score" data-score="${s.score}">${s.score > 0 ? '+' : ''}${s.score}</span>`;
    card.appendChild(h);
    const hand = document.createElement('div');
    hand.className = 'mini';
    let concealed = s.concealed.slice();
    let drawn = null;
    if (f.to_act === n && f.drawn) {
      const j = concealed.lastIndexOf(f.drawn);
      if (j >= 0) { concealed.splice(j, 1); drawn = f.drawn; }
    }
    for (const m of s.melds) {
      const g = document.createElement('span');
      g.className = 'group';
      g.style.marginRight = '4px';
      for (const x of m.tiles) g.appendChild(tileEl(x));
      hand.appendChild(g);
    }
    for (const x of concealed) hand.appendChild(tileEl(x));
    if (drawn) { const el = tileEl(drawn); el.style.marginLeft = '6px'; el.classList.add('win'); hand.appendChild(el); }
    for (const x of s.bonus) hand.appendChild(tileEl(x));
    card.appendChild(hand);
    // A labelled row of tiles under the hand.
    const row = (zh, en, cls) => {
      const lab = document.createElement('div');
      lab.className = 'label';
      lab.textContent = lang === 'zh' ? zh : en;
      card.appendChild(lab);
      const box = document.createElement('div');
      box.className = `mini ${cls}`;
      card.appendChild(box);
      return box;
    };
    const river = row('弃牌', 'discards', 'river');
    for (const d of s.discards) { const el = tileEl(d.tile); if (d.claimed) el.classList.add('claimed'); river.appendChild(el); }
    if (s.won && s.won.length) {
      // Winners who stay in (血流成河): the tiles won on, set aside.
      const won = row('胡牌', 'won', 'won');
      won.dataset.won = s.won.length;
      for (const x of s.won) won.appendChild(tileEl(x));
    }
    seats.appendChild(card);
  });
  $('#replay-wall-count').textContent = `${t('left')} ${f.wall_remaining}`;
  const wall = $('#replay-wall');
  wall.innerHTML = '';
  for (const x of f.wall) wall.appendChild(tileEl(x));
  const over = f.phase === 'over';
  $('#replay-result').hidden = !over;
  if (over) {
    renderPayments($('#replay-net'), r.net.map((v, s) => [f.seats[s].wind, v]));
    $('#replay-net').querySelectorAll('span').forEach((el, s) => { el.dataset.seat = s; el.textContent = `${names[s]} ${r.net[s] > 0 ? '+' : ''}${r.net[s]}`; });
    if (!f.winners.length) $('#replay-net').insertAdjacentText('afterbegin', `${t('drawn_hand')} `);
  }
}

// ---------------------------------------------------------------- setup
function translate() {
  document.documentElement.lang = lang === 'zh' ? 'zh' : 'en';
  for (const el of document.querySelectorAll('[data-t]')) {
    const v = t(el.dataset.t);
    if (typeof v === 'string') el.textContent = v;
  }
  $('#lang').textContent = lang === 'zh' ? 'EN' : '中文';
}

async function chooseRuleset(name) {
  try {
    state.rs = await api(`/api/rulesets/${encodeURIComponent(name)}`);
  } catch (e) {
    flash(e.message);
    return;
  }
  localStorage.setItem('mj-ruleset', name);
  $('#ruleset-desc').textContent = state.rs.description;
  $('#flowers-box').hidden = !state.rs.tiles.bonus.length;
  state.melds = []; state.concealed = []; state.bonus = []; state.typed = null;
  // Context the new ruleset cannot read goes: its own words, flowers without bonus tiles, a
  // seat or round wind beyond its table.
  state.ctx.extra = {};
  if (!state.rs.tiles.bonus.length) state.ctx.flowers = 0;
  const winds = ['E', 'S', 'W', 'N'].slice(0, state.rs.players);
  for (const id of ['#ctx-seat', '#ctx-round']) {
    for (const o of $(id).options) o.hidden = !winds.includes(o.value);
  }
  if (!winds.includes(state.ctx.seat)) state.ctx.seat = 'E';
  if (!winds.includes(state.ctx.round)) state.ctx.round = 'E';
  // Meld buttons only for the claims the ruleset has.
  const claims = (state.rs.play && state.rs.play.claims) || [];
  const has = { tile: true, chow: claims.includes('chi'), pung: claims.includes('pong'),
    kong: claims.includes('exposed_kong'), ckong: claims.includes('concealed_kong') };
  for (const b of document.querySelectorAll('#modes button')) b.hidden = !has[b.dataset.mode];
  if (!has[state.mode]) $('#modes [data-mode="tile"]').click();
  buildExtraContext();
  renderPalette();
  renderFanTable();
  changed();
}

function wire() {
  $('#lang').addEventListener('click', () => {
    lang = lang === 'zh' ? 'en' : 'zh';
    localStorage.setItem('mj-lang', lang);
    translate();
    renderPalette();
    renderFanTable();
    changed();
    if (state.replay) step(state.frame);
  });
  $('#ruleset').addEventListener('change', (e) => chooseRuleset(e.target.value));
  for (const b of document.querySelectorAll('#tabs button')) {
    b.addEventListener('click', () => {
      for (const x of document.querySelectorAll('#tabs button')) x.classList.toggle('on', x === b);
      for (const s of document.querySelectorAll('.tab')) s.classList.toggle('on', s.id === `tab-${b.dataset.tab}`);
    });
  }
  for (const b of document.querySelectorAll('#modes button')) {
    b.addEventListener('click', () => {
      state.mode = b.dataset.mode;
      for (const x of document.querySelectorAll('#modes button')) x.classList.toggle('on', x === b);
    });
  }
  const flag = (id, key) => $(id).addEventListener('change', (e) => { state.typed = null; state.ctx[key] = e.target.checked; changed(); });
  flag('#ctx-self', 'self'); flag('#ctx-last', 'last'); flag('#ctx-kong', 'kong'); flag('#ctx-fourth', 'fourth');
  $('#ctx-seat').addEventListener('change', (e) => { state.typed = null; state.ctx.seat = e.target.value; changed(); });
  $('#ctx-round').addEventListener('change', (e) => { state.typed = null; state.ctx.round = e.target.value; changed(); });
  $('#ctx-flowers').addEventListener('input', (e) => { state.typed = null; state.ctx.flowers = Math.max(0, Number(e.target.value) || 0); changed(); });
  $('#clear').addEventListener('click', () => {
    state.melds = []; state.concealed = []; state.bonus = []; state.typed = null;
    state.ctx = { self: false, last: false, kong: false, fourth: false, seat: 'E', round: 'E', flowers: 0, extra: {} };
    changed();
  });
  $('#notation').addEventListener('input', (e) => {
    const text = e.target.value;
    const parsed = readLine(text);
    state.typed = text;
    if (parsed) {
      state.melds = parsed.melds; state.concealed = parsed.concealed; state.bonus = parsed.bonus;
      const c = parsed.ctx;
      state.ctx = { self: c.self, last: c.last, kong: c.kong, fourth: c.fourth, seat: c.seat, round: c.round, flowers: c.flowers, extra: c.extra };
    }
    changed();
  });
  $('#replay-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (!file) return;
    const text = await file.text();
    $('#replay-text').value = text.length > 4000 ? text.slice(0, 4000) + '…' : text;
    await loadReplay(text);
  });
  $('#replay-load').addEventListener('click', () => loadReplay($('#replay-text').value));
  $('#step-first').addEventListener('click', () => step(0));
  $('#step-prev').addEventListener('click', () => step(state.frame - 1));
  $('#step-next').addEventListener('click', () => step(state.frame + 1));
  $('#step-last').addEventListener('click', () => step(Infinity));
  $('#step-range').addEventListener('input', (e) => step(Number(e.target.value)));
  document.addEventListener('keydown', (e) => {
    if (!state.replay || $('#tab-replay').className.indexOf('on') < 0 || e.target.tagName === 'INPUT' || e.target.tagName === 'TEXTAREA') return;
    if (e.key === 'ArrowRight') step(state.frame + 1);
    if (e.key === 'ArrowLeft') step(state.frame - 1);
  });
}

async function main() {
  translate();
  wire();
  try {
    state.rulesets = (await api('/api/rulesets')).rulesets;
  } catch (e) {
    flash(e.message);
    return;
  }
  const sel = $('#ruleset');
  for (const r of state.rulesets) {
    const o = document.createElement('option');
    o.value = r.name;
    o.textContent = r.name;
    sel.appendChild(o);
  }
  const saved = localStorage.getItem('mj-ruleset');
  const first = state.rulesets.some((r) => r.name === saved) ? saved : (state.rulesets.some((r) => r.name === 'mcr') ? 'mcr' : state.rulesets[0].name);
  sel.value = first;
  await chooseRuleset(first);
  document.body.dataset.ready = '1';
}

main();
