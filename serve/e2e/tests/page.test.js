// End-to-end tests of the mj serve page in headless Chromium. run.sh starts the server and sets
// MJ_URL (the server), MJ_BIN (the mj binary: expected values are computed with it at test time,
// never pasted) and SCREENSHOT_DIR.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const URL = process.env.MJ_URL || 'http://127.0.0.1:8080';
const MJ = process.env.MJ_BIN || 'mj';
const SHOTS = process.env.SCREENSHOT_DIR || path.join(__dirname, '..', 'screenshots');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let browser;

before(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  if (browser) await browser.close();
});

/** What `mj ARGS` prints, as JSON. */
function mjJson(...args) {
  return JSON.parse(execFileSync(MJ, args, { encoding: 'utf8' }));
}

async function open(viewport, ruleset) {
  const page = await browser.newPage({ viewport });
  await page.addInitScript((rs) => { localStorage.setItem('mj-lang', 'zh'); if (rs) localStorage.setItem('mj-ruleset', rs); }, ruleset);
  await page.goto(URL);
  await page.waitForSelector('body[data-ready="1"]');
  return page;
}

async function tapTile(page, code) {
  await page.click(`#palette .tile[data-tile="${code}"]`);
}

async function mode(page, m) {
  await page.click(`#modes [data-mode="${m}"]`);
}

/** The fans the page lists, as [id, points, count]. */
async function shownFans(page) {
  return page.$$eval('#fans tbody tr', (rows) => rows.map((r) => [r.dataset.fan, Number(r.dataset.points), Number(r.dataset.count)]));
}

async function expectScore(page, expected) {
  await page.waitForFunction((total) => document.querySelector('#total').textContent === String(total), expected.total);
  const fans = await shownFans(page);
  assert.deepEqual(fans, expected.fans.map((f) => [f.id, f.points, f.count]));
  // The shown points add up to the total.
  assert.equal(fans.reduce((s, [, p, c]) => s + p * c, 0), expected.total);
  const pays = await page.$$eval('#payments span', (xs) => xs.map((x) => [x.dataset.seat, Number(x.dataset.amount)]));
  assert.deepEqual(pays, Object.entries(expected.payments));
}

test('mcr: a hand tapped tile by tile shows every fan, the total and the payments', async () => {
  // docs/notation.md's first example: an exposed kong of west winds (from the left), a pung of 4
  // bamboo, 45m 678p FF, self-drawn 6m as south seat in a west round with two flowers.
  const hand = '[WWWW,1][444s]45m678pFF6m self seat=S round=W flowers=2';
  const expected = mjJson('score', '--rules', 'mcr', '--json', hand);
  const page = await open(PHONE, 'mcr');
  await mode(page, 'kong');
  await tapTile(page, 'W');
  await mode(page, 'pung');
  await tapTile(page, '4s');
  await mode(page, 'tile');
  for (const t of ['4m', '5m', '6p', '7p', '8p', 'F', 'F', '6m']) await tapTile(page, t);
  await page.check('#ctx-self');
  await page.selectOption('#ctx-seat', 'S');
  await page.selectOption('#ctx-round', 'W');
  await page.fill('#ctx-flowers', '2');
  assert.equal(await page.inputValue('#notation'), hand);
  await expectScore(page, expected);
  await page.screenshot({ path: path.join(SHOTS, 'hand-mcr-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SHOTS, 'hand-mcr-desktop.png'), fullPage: true });

  // Typing notation works too, and a hand one tile short shows its waits.
  await page.fill('#notation', '1112345678999m');
  const waits = mjJson('waits', '--rules', 'mcr', '--json', '1112345678999m');
  await page.waitForFunction((n) => document.querySelectorAll('#waits .tile').length === n, waits.waits.length);
  assert.deepEqual(await page.$$eval('#waits .tile', (xs) => xs.map((x) => x.dataset.tile)), waits.waits);
  await page.close();
});

test('shiwan: ranks to ten are tiles of their own and score as the CLI says', async () => {
  // A shiwan hand built on the ten-rank tiles: chows 8-9-10 in all three suits, an east pung and
  // a pair of 10 characters, won on the second 10m by self-draw.
  const tiles = ['8m', '9m', '0m', '8p', '9p', '0p', '8s', '9s', '0s', 'E', 'E', 'E', '0m', '0m'];
  const expected = mjJson('score', '--rules', 'shiwan', '--json', '890m890p890sEEE0m0m self');
  const page = await open(PHONE, 'shiwan');
  // The palette has ten ranks per suit and no flowers.
  assert.equal(await page.$$eval('#palette .suit', (rows) => rows[0].children.length), 10);
  assert.equal(await page.$$eval('#palette .tile[data-tile$="f"]', (xs) => xs.length), 0);
  for (const t of tiles) await tapTile(page, t);
  await page.check('#ctx-self');
  await expectScore(page, expected);
  // The ten of characters is drawn with its rank, so it cannot be taken for a one.
  const label = await page.$eval('#palette .tile[data-tile="0m"] svg', (s) => s.textContent);
  assert.match(label, /十/);
  assert.match(label, /10/);
  await page.screenshot({ path: path.join(SHOTS, 'hand-shiwan-phone.png'), fullPage: true });
  await page.close();
});

test('mcr fan table has 81 rows', async () => {
  const page = await open(PHONE, 'mcr');
  await page.click('#tabs [data-tab="fans"]');
  const rows = await page.$$eval('#fan-table tbody tr', (xs) => xs.length);
  assert.equal(rows, 81);
  // Row by row the Chinese names are those of `mj doc mcr`'s fan table.
  const doc = execFileSync(MJ, ['doc', 'mcr'], { encoding: 'utf8' });
  const docNames = doc.split('\n').filter((l) => /^\| \d+ \|/.test(l)).map((l) => l.split('|')[2].trim());
  assert.equal(docNames.length, 81);
  const names = await page.$$eval('#fan-table tbody tr td:nth-child(2)', (xs) => xs.map((x) => x.textContent));
  assert.deepEqual(names, docNames);
  await page.screenshot({ path: path.join(SHOTS, 'fans-mcr-phone.png') });
  // In English the page's own words change; the English fan names are `mj doc`'s too.
  await page.click('#lang');
  assert.equal(await page.textContent('#tabs [data-tab="fans"]'), 'Fans');
  const docEnglish = doc.split('\n').filter((l) => /^\| \d+ \|/.test(l)).map((l) => l.split('|')[3].trim());
  assert.deepEqual(await page.$$eval('#fan-table tbody tr td:nth-child(3)', (xs) => xs.map((x) => x.textContent)), docEnglish);
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SHOTS, 'fans-mcr-desktop.png') });
  await page.close();
});

/** A kawuxing hand that ends in a win, from the first seed that gives one. */
function kawuxingRecord() {
  for (let seed = 1; seed < 50; seed++) {
    const text = execFileSync(MJ, ['play', '--rules', 'kawuxing', '--seed', String(seed), '--json'], { encoding: 'utf8' });
    const record = JSON.parse(text);
    if (record.events.some((e) => e.type === 'win')) return { seed, text, record };
  }
  throw new Error('no kawuxing seed below 50 ends in a win');
}

test('kawuxing: a recorded game steps to its end and shows the payments of the record', async () => {
  const { seed, text, record } = kawuxingRecord();
  const file = path.join(os.tmpdir(), `mj-kawuxing-${seed}.json`);
  fs.writeFileSync(file, text);
  // Each seat's net over the hand: the record's own payments added up (held ones excepted).
  const net = record.players.map(() => 0);
  for (const e of record.events) if (e.type === 'payment' && e.reason !== 'held') net[e.seat] += e.amount;
  assert.ok(net.some((x) => x !== 0));

  const page = await open(PHONE, 'kawuxing');
  await page.click('#tabs [data-tab="replay"]');
  await page.setInputFiles('#replay-file', file);
  await page.waitForSelector('#replay-view:not([hidden])');
  assert.equal(await page.$$eval('#replay-seats .seat', (xs) => xs.length), 3);
  // Step one by one to the end.
  const total = Number(await page.$eval('#step-range', (r) => r.max)) + 1;
  for (let i = 1; i < total; i++) {
    if (i === Math.floor(total / 2)) await page.screenshot({ path: path.join(SHOTS, 'replay-kawuxing-middle-phone.png'), fullPage: true });
    await page.click('#step-next');
  }
  assert.equal(await page.textContent('#step-label'), `${total} / ${total}`);
  await page.waitForSelector('#replay-result:not([hidden])');
  const shown = await page.$$eval('#replay-net span', (xs) => xs.map((x) => Number(x.dataset.amount)));
  assert.deepEqual(shown, net);
  const scores = await page.$$eval('#replay-seats .score', (xs) => xs.map((x) => Number(x.dataset.score)));
  assert.deepEqual(scores, net);
  // The last event shown is the record's last.
  const last = await page.$$eval('#replay-events div', (xs) => xs[xs.length - 1].textContent);
  const lastEvent = record.events[record.events.length - 1];
  if (lastEvent.type === 'payment') assert.match(last, new RegExp(`${lastEvent.amount > 0 ? '\\+' : ''}${lastEvent.amount}`));
  await page.screenshot({ path: path.join(SHOTS, 'replay-kawuxing-end-phone.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SHOTS, 'replay-kawuxing-end-desktop.png'), fullPage: true });
  await page.close();
});

test('sichuan: the replay steps through the exchange and the void declarations', async () => {
  const text = execFileSync(MJ, ['play', '--rules', 'sichuan', '--seed', '3', '--json'], { encoding: 'utf8' });
  const record = JSON.parse(text);
  const exchanges = record.events.filter((e) => e.type === 'exchange');
  const voids = record.events.filter((e) => e.type === 'void');
  assert.equal(exchanges.length, 4);
  assert.equal(voids.length, 4);
  const file = path.join(os.tmpdir(), 'mj-sichuan-3.json');
  fs.writeFileSync(file, text);

  const page = await open(PHONE, 'sichuan');
  await page.click('#tabs [data-tab="replay"]');
  await page.setInputFiles('#replay-file', file);
  await page.waitForSelector('#replay-view:not([hidden])');
  // At the deal no seat shows a void suit.
  assert.equal(await page.$$eval('#replay-seats .void', (xs) => xs.length), 0);
  // Step until every seat shows the suit its void event names; the exchanges are described on the way.
  const total = Number(await page.$eval('#step-range', (r) => r.max)) + 1;
  const seen = [];
  let shown = [];
  for (let i = 1; i < total && shown.length < 4; i++) {
    await page.click('#step-next');
    seen.push(...(await page.$$eval('#replay-events div.now', (xs) => xs.map((x) => x.textContent))));
    shown = await page.$$eval('#replay-seats .seat', (xs) => xs.map((x) => x.querySelector('.void')).filter(Boolean).map((v) => v.dataset.void));
  }
  assert.deepEqual(shown, voids.slice().sort((a, b) => a.seat - b.seat).map((v) => v.suit));
  assert.equal(seen.filter((d) => /换三张给/.test(d)).length, 4, seen.join(' | '));
  assert.equal(seen.filter((d) => /定缺/.test(d)).length, 4, seen.join(' | '));
  await page.screenshot({ path: path.join(SHOTS, 'replay-sichuan-void-phone.png'), fullPage: true });
  await page.close();
});

test('a hand the server rejects shows its message and no score', async () => {
  const page = await open(PHONE, 'mcr');
  await page.fill('#notation', '123m456p789s1234s5s');
  let message;
  try {
    execFileSync(MJ, ['score', '--rules', 'mcr', '--json', '123m456p789s1234s5s'], { encoding: 'utf8' });
  } catch (e) {
    message = JSON.parse(e.stdout).error;
  }
  assert.ok(message);
  await page.waitForFunction((m) => document.querySelector('#notation-error').textContent === m, message);
  assert.equal(await page.textContent('#total'), '–');
  await page.close();
});

test('mcr: every fan shows what produced it, and the fans not counted say why', async () => {
  // 第九条 2 大三元: 和牌中，有中发白3副刻子。不计箭刻.
  const hand = '[CCC,1][FFF,2][PPP,3]123m9p9p self';
  const expected = mjJson('score', '--rules', 'mcr', '--json', hand);
  const page = await open(PHONE, 'mcr');
  await page.fill('#notation', hand);
  await expectScore(page, expected);
  // Per fan, per occurrence, the sets shown are the ones the CLI's JSON names.
  const shown = await page.$$eval('#fans tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('.occ')]
    .map((o) => [...o.querySelectorAll('.set')].map((s) => s.dataset.set))));
  const reading = expected.reading.join(' ');
  const want = expected.fans.map((f) => f.why.map((o) => ((o.sets || []).length > 1 && o.sets.join(' ') === reading ? [] : (o.sets || []))));
  assert.deepEqual(shown, want);
  assert.deepEqual(shown[0], [['CCC', 'FFF', 'PPP']]);
  // The not-counted fans: 箭刻 with the rule that removed it.
  await page.click('#removed summary');
  const removed = await page.$$eval('#removed div', (xs) => xs.map((x) => [x.dataset.fan, x.textContent]));
  assert.deepEqual(removed.map(([id]) => id), expected.removed.map((r) => r.id));
  assert.ok(removed.some(([id, text]) => id === 'jian_ke' && text.includes('大三元')), JSON.stringify(removed));
  await page.screenshot({ path: path.join(SHOTS, 'why-mcr-phone.png'), fullPage: true });
  // A context word that cannot apply (和绝张 on a tile the hand already pairs) gets the CLI's warning.
  const useless = '[CCC,1][FFF,2]123m456p9p9p fourth';
  const warned = mjJson('score', '--rules', 'mcr', '--json', useless);
  assert.equal(warned.warnings.length, 1);
  await page.fill('#notation', useless);
  await page.waitForFunction((w) => [...document.querySelectorAll('#notes .warning')].some((p) => p.textContent.endsWith(w)), warned.warnings[0]);
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SHOTS, 'why-mcr-desktop.png'), fullPage: true });
  await page.close();
});

test('switching ruleset resets the context the new one lacks and hides claims it has not', async () => {
  const page = await open(PHONE, 'mcr');
  await page.fill('#ctx-flowers', '2');
  await page.selectOption('#ctx-seat', 'N');
  assert.match(await page.inputValue('#notation'), /seat=N flowers=2/);
  assert.equal(await page.isVisible('#modes [data-mode="chow"]'), true);
  await page.click('#modes [data-mode="chow"]');
  // 卡五星: three players (no north seat), no flowers, no chi.
  await page.selectOption('#ruleset', 'kawuxing');
  await page.waitForFunction(() => document.querySelector('#ruleset-desc').textContent.includes('卡五星'));
  assert.equal(await page.inputValue('#ctx-seat'), 'E');
  assert.equal(await page.isVisible('#modes [data-mode="chow"]'), false);
  assert.equal(await page.$eval('#modes .on', (b) => b.dataset.mode), 'tile');
  assert.deepEqual(await page.$$eval('#ctx-seat option', (os) => os.filter((o) => !o.hidden).map((o) => o.value)), ['E', 'S', 'W']);
  // A hand tapped now carries neither the old seat nor the flowers.
  for (const t of ['1m', '2m', '3m']) await tapTile(page, t);
  assert.equal(await page.inputValue('#notation'), '123m');
  // The ruleset's own context words are labelled with their help text, not their ids.
  const rs = JSON.parse(execFileSync('curl', ['-s', `${URL}/api/rulesets/kawuxing`], { encoding: 'utf8' }));
  const labels = await page.$$eval('#ctx-extra label', (ls) => ls.map((l) => [l.title, l.textContent.trim()]));
  assert.deepEqual(labels, rs.context.map((w) => [w.word, w.help || w.word]));
  await page.screenshot({ path: path.join(SHOTS, 'switch-kawuxing-phone.png'), fullPage: true });
  await page.close();
});

test('page basics: a favicon, a loading state, ten ranks on one row of a 390 px phone', async () => {
  const page = await open(PHONE, 'shiwan');
  assert.match(await page.$eval('link[rel="icon"]', (l) => l.href), /^data:image\/svg\+xml/);
  const rows = await page.$$eval('#palette .suit', (rs) => rs.map((r) => {
    const tops = [...r.children].map((c) => c.getBoundingClientRect());
    return { n: tops.length, lines: new Set(tops.map((b) => Math.round(b.top))).size, right: Math.max(...tops.map((b) => b.right)) };
  }));
  for (const r of rows) {
    assert.equal(r.lines, 1, `a palette row wraps: ${JSON.stringify(r)}`);
    assert.ok(r.right <= PHONE.width, `a palette row overflows: ${JSON.stringify(r)}`);
  }
  assert.equal(rows[0].n, 10);
  // While the server is answering, the result is marked busy.
  await page.route('**/api/score', async (route) => { await new Promise((r) => setTimeout(r, 600)); await route.continue(); });
  await page.fill('#notation', '890m890p890sEEE0m0m self');
  await page.waitForSelector('#result[aria-busy="true"].loading');
  await page.screenshot({ path: path.join(SHOTS, 'loading-shiwan-phone.png'), fullPage: true });
  await page.waitForSelector('#result:not([aria-busy])');
  assert.notEqual(await page.textContent('#total'), '–');
  await page.close();
});
