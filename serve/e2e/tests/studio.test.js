// End-to-end tests of the ruleset studio (/studio) in headless Chromium. As in page.test.js,
// expected values come from the mj binary at test time (MJ_BIN), never pasted: the diff's
// changed hands from `mj diff --json` on the same folder written to disk.
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

/** A fresh studio page (nothing saved from an earlier test), started on mcr as `extends`. */
async function open(viewport) {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  await page.addInitScript(() => localStorage.removeItem('mj-studio'));
  await page.goto(`${URL}/studio`);
  await page.waitForSelector('body[data-ready="1"]');
  await page.waitForSelector('body[data-ok="1"]');
  return page;
}

/** Replaces the editor's text as typing would (an input event), then waits for the check. */
async function setSource(page, text) {
  const before = await page.evaluate(() => Number(document.body.dataset.checked || 0));
  await page.fill('#source', text);
  await page.waitForFunction((n) => Number(document.body.dataset.checked || 0) > n, before);
}

/** `mj diff --json A B ...`'s report; it exits 1 when a hand changed, which is expected here. */
function mjDiff(...args) {
  let out;
  try {
    out = execFileSync(MJ, ['diff', ...args, '--json'], { encoding: 'utf8' });
  } catch (e) {
    if (e.status !== 1) throw e;
    out = String(e.stdout);
  }
  return JSON.parse(out);
}

const HEAD = '[ruleset]\nname = "house"\nextends = "mcr"\nversion = "0.1.0"\ndescription = "Half Flush at 8."\n\n';
// Half Flush (hun_yi_se, 6 points in mcr) made 8: the hands that change are those counting it.
const HALF_FLUSH_8 = `${HEAD}[[fan]]\nid = "hun_yi_se"\npoints = 8\n`;
const PASTED = '123456789m5mEEE5m self';

test('studio: a broken line shows its located error; fixed, the fan table', async () => {
  const page = await open(PHONE);
  // Line 9: a value without its closing quote.
  await setSource(page, `${HEAD}[[fan]]\nid = "hun_yi_se"\npoints = "8\n`);
  await page.waitForSelector('body[data-ok="0"]');
  const d = await page.$eval('#diagnostics li', (li) => ({ file: li.dataset.file, line: Number(li.dataset.line), column: Number(li.dataset.column), text: li.textContent }));
  assert.equal(d.file, 'ruleset.toml');
  assert.equal(d.line, 9);
  assert.ok(d.column > 0, JSON.stringify(d));
  assert.match(d.text, /ruleset\.toml:9:\d+/);
  // The gutter marks the line and the editor underlines the place.
  assert.equal(await page.$eval('#gutter .bad', (x) => x.textContent), '9');
  assert.equal(await page.locator('#hl .err').count(), 1);
  await page.screenshot({ path: path.join(SHOTS, 'studio-error-phone.png') });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SHOTS, 'studio-error-desktop.png') });
  await page.setViewportSize(PHONE);
  // Clicking the error puts the caret on its line.
  await page.click('#diagnostics li');
  const caretLine = await page.$eval('#source', (t) => t.value.slice(0, t.selectionStart).split('\n').length);
  assert.equal(caretLine, 9);

  await setSource(page, HALF_FLUSH_8);
  await page.waitForSelector('body[data-ok="1"]');
  assert.equal(await page.locator('#diagnostics li').count(), 0);
  // The page of this very check (data-seq), not an earlier one.
  await page.waitForFunction(() => document.querySelector('#doc').dataset.seq === document.body.dataset.checked);
  // The fan table (mj doc's) has every mcr fan, Half Flush at its new points.
  const rows = await page.$$eval('#doc table:first-of-type tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  const doc = execFileSync(MJ, ['doc', 'mcr'], { encoding: 'utf8' });
  const mcrRows = doc.split('\n').filter((l) => /^\| \d+ \|/.test(l)).length;
  assert.equal(rows.length, mcrRows);
  const half = rows.find((r) => r[1] === '混一色');
  assert.ok(half, 'Half Flush in the table');
  assert.equal(half[3], '8');
  await page.screenshot({ path: path.join(SHOTS, 'studio-doc-phone.png') });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SHOTS, 'studio-doc-desktop.png') });
  await page.close();
});

test('studio: a fan at new points shows exactly the changed hands of mj diff', async () => {
  const page = await open(DESKTOP);
  await setSource(page, HALF_FLUSH_8);
  await page.waitForSelector('body[data-ok="1"]');
  await page.click('#tabs [data-tab="diff"]');
  await page.fill('#diff-hands', PASTED);
  await page.click('#diff-run');
  await page.waitForSelector('#diff-out[data-state="done"]');
  const shown = await page.$$eval('#diff-out tr[data-hand]', (trs) => trs.map((tr) => tr.dataset.hand));

  // The same folder on disk, compared by mj over mcr's snapshot corpus plus the pasted hand.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mj-studio-'));
  const folder = path.join(dir, 'house');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'ruleset.toml'), HALF_FLUSH_8);
  const corpus = path.join(dir, 'pasted.txt');
  fs.writeFileSync(corpus, `${PASTED}\n`);
  const corpusOfMcr = mjDiff('mcr', folder);
  const pasted = mjDiff('mcr', folder, '--corpus', corpus);
  const expected = [...pasted.changes, ...corpusOfMcr.changes].map((c) => c.hand);
  assert.deepEqual(shown, expected);
  assert.ok(shown.length > 1);
  // Only Half Flush moved.
  const moves = await page.$$eval('#diff-out .fanmoves span', (xs) => xs.map((x) => x.dataset.fan));
  assert.deepEqual(moves, ['hun_yi_se']);
  await page.screenshot({ path: path.join(SHOTS, 'studio-diff-desktop.png') });
  await page.setViewportSize(PHONE);
  await page.$eval('#tabs', (e) => e.scrollIntoView());
  await page.screenshot({ path: path.join(SHOTS, 'studio-diff-phone.png') });
  fs.rmSync(dir, { recursive: true, force: true });
  await page.close();
});

test('studio: a balance run draws both rulesets with intervals and marks significant rows', async () => {
  const page = await open(PHONE);
  // A minimum of 1 point instead of mcr's 8: greedy bots win far more often.
  const lowMinimum = `${HEAD}[win]\nmin_points = 1\n`;
  await setSource(page, lowMinimum);
  await page.waitForSelector('body[data-ok="1"]');
  await page.click('#tabs [data-tab="balance"]');
  await page.fill('#sim-hands', '60');
  await page.click('#sim-run');
  await page.waitForSelector('#balance[data-state="done"], #balance[data-state="error"]', { timeout: 120000 });
  assert.equal(await page.$eval('#balance', (x) => x.dataset.state), 'done', await page.$eval('#balance', (x) => x.textContent));
  const rows = await page.$$eval('#balance .bar-row', (xs) => xs.map((x) => ({
    stat: x.dataset.stat, a: Number(x.dataset.a), b: Number(x.dataset.b), sig: x.dataset.significant === '1',
    marked: x.classList.contains('sig'), bars: x.querySelectorAll('svg rect').length, whiskers: x.querySelectorAll('svg line').length,
  })));
  assert.ok(rows.length > 5);
  assert.ok(rows.every((r) => r.bars === 2 && r.whiskers === 6), 'two bars, each with its interval');
  // The figures and the tests are mj simulate --compare's on the same folder.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mj-studio-'));
  const folder = path.join(dir, 'house');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'ruleset.toml'), lowMinimum);
  const cli = JSON.parse(execFileSync(MJ, ['simulate', '--compare', 'mcr', folder, '--hands', '60', '--seed', '1', '--json', '--threads', '1'], { encoding: 'utf8' }));
  fs.rmSync(dir, { recursive: true, force: true });
  const byStat = new Map(cli.rows.map((r) => [r.statistic, r]));
  for (const r of rows) {
    const c = byStat.get(r.stat);
    assert.ok(c, `${r.stat} is a row of mj simulate --compare`);
    assert.ok(Math.abs(r.a - c.a) < 1e-12 && Math.abs(r.b - c.b) < 1e-12, `${r.stat}: ${r.a}/${r.b} vs ${c.a}/${c.b}`);
    assert.equal(r.sig, c.significant, r.stat);
    assert.equal(r.marked, c.significant, `${r.stat} highlighted exactly when significant`);
  }
  const win = rows.find((r) => r.stat === 'win_rate');
  assert.ok(win.sig && win.b > win.a, 'the win rate rises significantly');
  await page.$eval('#balance', (e) => e.scrollIntoView());
  await page.screenshot({ path: path.join(SHOTS, 'studio-balance-phone.png') });
  await page.screenshot({ path: path.join(SHOTS, 'studio-balance-phone-full.png'), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, 'studio-balance-desktop.png') });
  await page.close();
});

test('studio: download as .tar and .zip, and load the download back', async () => {
  const page = await open(PHONE);
  await setSource(page, HALF_FLUSH_8);
  await page.waitForSelector('body[data-ok="1"]');
  for (const kind of ['zip', 'tar']) {
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click(`#download-${kind}`)]);
    assert.equal(dl.suggestedFilename(), `house.${kind}`);
    const file = path.join(os.tmpdir(), `mj-studio-${process.pid}.${kind}`);
    await dl.saveAs(file);
    // The system's tools read it.
    const listing = kind === 'tar' ? execFileSync('tar', ['-tf', file], { encoding: 'utf8' }) : null;
    if (listing !== null) assert.equal(listing.trim(), 'house/ruleset.toml');
    // Start over from a copy of another ruleset, then load the download: the edit is back.
    await page.selectOption('#start-mode', 'copy');
    await page.selectOption('#base', 'kawuxing');
    await page.click('#start-btn');
    await page.waitForFunction(() => document.querySelector('#source').value.includes('kawuxing'));
    await page.setInputFiles('#upload', file);
    await page.waitForFunction((t) => document.querySelector('#source').value === t, HALF_FLUSH_8);
    await page.waitForSelector('body[data-ok="1"]');
    fs.rmSync(file, { force: true });
  }
  await page.close();
});
