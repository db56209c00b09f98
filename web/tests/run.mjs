// Browser tests of the pages: starts `xiangqi serve` on a free loopback port with a temporary
// database, drives Debian's Chromium through playwright-core (no browser download), and saves
// screenshots under web/tests/screenshots/.
//
//   node web/tests/run.mjs [filter]
//
// Environment: XIANGQI_BIN (the binary; default: the newest of target/{release,debug}/xiangqi
// under CARGO_TARGET_DIR or ./target), CHROMIUM (default /usr/bin/chromium).

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const shots = join(here, 'screenshots');
mkdirSync(shots, { recursive: true });

function findBinary() {
  if (process.env.XIANGQI_BIN) return process.env.XIANGQI_BIN;
  const targets = [process.env.CARGO_TARGET_DIR, join(root, 'target')].filter(Boolean);
  const found = [];
  for (const t of targets) for (const p of ['release', 'debug']) {
    const f = join(t, p, 'xiangqi');
    if (existsSync(f)) found.push([statSync(f).mtimeMs, f]);
  }
  if (!found.length) throw new Error('no xiangqi binary: build it (cargo build) or set XIANGQI_BIN');
  found.sort((a, b) => b[0] - a[0]);
  return found[0][1];
}

async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'xq-web-'));
  const bin = findBinary();
  const child = spawn(bin, ['serve', '--db', join(dir, 'test.db'), '--addr', '127.0.0.1:0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const base = await new Promise((res, rej) => {
    let err = '';
    const timer = setTimeout(() => rej(new Error(`the server did not start: ${err}`)), 20000);
    child.stderr.on('data', (d) => {
      err += d;
      const m = /serving (http:\/\/[\d.:]+)\//.exec(err);
      if (m) { clearTimeout(timer); res(m[1]); }
    });
    child.on('exit', (code) => rej(new Error(`the server exited (${code}): ${err}`)));
  });
  return { base, stop: () => { child.kill('SIGTERM'); rmSync(dir, { recursive: true, force: true }); }, bin };
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function assert(cond, msg) { if (!cond) throw new Error(`assertion failed: ${msg}`); }

async function api(base, method, path, body, token) {
  const headers = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data; try { data = JSON.parse(text); } catch { data = text; }
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return data;
}

// ---- board helpers ----

/** The centre of a square on the page, from the board's own geometry. */
async function squareCenter(page, sq) {
  return page.evaluate((sq) => {
    const svg = document.querySelector('#board svg');
    const flipped = svg.dataset.orientation === 'black';
    const f = 'abcdefghi'.indexOf(sq[0]), r = Number(sq[1]);
    const x = 32 + (flipped ? 8 - f : f) * 35, y = 32 + (flipped ? r : 9 - r) * 35;
    const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  }, sq);
}

async function clickSquare(page, sq) {
  const p = await squareCenter(page, sq);
  await page.mouse.click(p.x, p.y);
}

/** Click-click: waits for the move hints, so the page has the legal moves. */
async function clickMove(page, iccs) {
  await waitLegal(page);
  await clickSquare(page, iccs.slice(0, 2));
  await page.waitForSelector(`.xq-hint[data-square="${iccs.slice(2)}"]`, { state: 'attached' });
  await clickSquare(page, iccs.slice(2));
}

async function dragMove(page, iccs) {
  await waitLegal(page);
  const a = await squareCenter(page, iccs.slice(0, 2));
  const b = await squareCenter(page, iccs.slice(2));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** Waits until the page knows its legal moves (its turn has come). */
async function waitLegal(page) {
  await page.waitForFunction(() => {
    const s = document.getElementById('status');
    return s && s.dataset.status === 'playing';
  });
  // The board takes its legal moves from /api/position, then counts them in data-legal.
  await page.waitForFunction(() => Number(document.getElementById('board').dataset.legal) > 0, null, { timeout: 10000 });
}

async function waitPly(page, ply) {
  await page.waitForFunction((n) => document.querySelectorAll('#moves .mv').length >= n, ply, { timeout: 10000 });
}

// ---- tests ----

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('board: pieces carry data-piece and data-square, drawn to the books\' proportions', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  const g = await api(base, 'POST', '/api/games', {});
  await page.goto(`${base}/games/${g.id}#spectate`);
  await page.waitForSelector('#board .xq-piece');
  assert(await page.locator('.xq-piece').count() === 32, '32 pieces');
  assert(await page.locator('[data-piece="K"][data-square="e0"]').count() === 1, 'red king on e0');
  assert(await page.locator('[data-piece="k"][data-square="e9"]').count() === 1, 'black king on e9');
  assert(await page.locator('[data-piece="C"][data-square="h2"]').count() === 1, 'red cannon on h2');
  const ratio = await page.evaluate(() => {
    const c = document.querySelector('.xq-piece circle');
    return (2 * Number(c.getAttribute('r'))) / 35;
  });
  assert(Math.abs(ratio * 3.5 - 2.6) < 0.01, `piece 2.6 units across a 3.5-unit square (got ${ratio * 3.5})`);
  const text = await page.locator('.xq-grid').textContent();
  assert(text.includes('楚') && text.includes('界'), 'the river is written');
  await page.click('#flip');
  assert(await page.locator('#board svg').getAttribute('data-orientation') === 'black', 'flipped');
  await page.screenshot({ path: join(shots, 'board-flipped.png') });
  await ctx.close();
});

test('a live game played to mate from two browser contexts, clocks running', async ({ browser, base }) => {
  const org = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const orgPage = await org.newPage();
  await orgPage.goto(`${base}/games/new`);
  await orgPage.fill('#red', '王天一');
  await orgPage.fill('#black', '郑惟桐');
  await orgPage.fill('#event', 'Browser test');
  await orgPage.fill('#time_control', '10m+5s');
  await orgPage.click('#create');
  await orgPage.waitForSelector('#link-red');
  await orgPage.screenshot({ path: join(shots, 'new-game-links.png'), fullPage: true });
  const redLink = await orgPage.getAttribute('#link-red', 'href');
  const blackLink = await orgPage.getAttribute('#link-black', 'href');
  const spectatorLink = await orgPage.getAttribute('#link-spectator', 'href');

  const redCtx = await browser.newContext({ viewport: { width: 1100, height: 860 } });
  const blackCtx = await browser.newContext({ viewport: { width: 1100, height: 860 } });
  const phoneCtx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const red = await redCtx.newPage();
  const black = await blackCtx.newPage();
  const phone = await phoneCtx.newPage();
  for (const p of [red, black, phone]) await p.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await red.goto(redLink);
  await black.goto(blackLink);
  await phone.goto(spectatorLink);
  for (const p of [red, black, phone]) await p.waitForSelector('#board .xq-piece');
  assert(!red.url().includes('#'), 'the token leaves the address bar');
  assert(await black.locator('#board svg').getAttribute('data-orientation') === 'black', 'Black sees its side at the bottom');
  assert(await phone.locator('#move-form').count() === 0, 'spectators get no move form');

  // The clock runs for Red from the start.
  const ms = (p, c) => p.locator(`#clock-${c}`).getAttribute('data-ms').then(Number);
  await red.waitForSelector('#clock-red.running');
  const r1 = await ms(red, 'red');
  await red.waitForTimeout(1300);
  const r2 = await ms(red, 'red');
  assert(r2 < r1 - 800, `Red's clock runs (${r1} → ${r2})`);

  // 1. Red by click-click, with the hints shown first.
  await waitLegal(red);
  await clickSquare(red, 'b2');
  await red.waitForSelector('.xq-hint[data-square="c2"]', { state: 'attached' });
  const hints = await red.locator('.xq-hint').count();
  assert(hints >= 8, `the cannon's moves are hinted (${hints})`);
  await red.screenshot({ path: join(shots, 'live-red-hints.png') });
  await clickSquare(red, 'c2');
  await waitPly(black, 1);
  // Black's clock now runs, Red's stands.
  await black.waitForSelector('#clock-black.running');
  assert(await black.locator('#clock-red.running').count() === 0, 'Red\'s clock stopped');
  const b1 = await ms(black, 'black');
  await black.waitForTimeout(1200);
  const b2 = await ms(black, 'black');
  assert(b2 < b1 - 700, `Black's clock runs (${b1} → ${b2})`);
  assert(await black.locator('.xq-last').count() === 2, 'the last move is marked');
  // A spectator cannot select anything.
  await clickSquare(phone, 'b7');
  assert(await phone.locator('.xq-selected').count() === 0, 'spectators cannot move');

  // 1... Black by drag.
  await dragMove(black, 'b7c7');
  await waitPly(red, 2);
  // 2. Red types a move in Chinese notation.
  await waitLegal(red);
  await red.fill('#move-input', '炮七进四');
  await red.press('#move-input', 'Enter');
  await waitPly(black, 3);
  assert((await black.locator('#moves').textContent()).includes('炮七进四'), 'move list in Chinese');
  // 2... Black by keyboard: focus the board, walk the cursor, Enter twice.
  await waitLegal(black);
  await black.focus('#board');
  for (const k of ['ArrowLeft', 'ArrowLeft', 'Enter', 'ArrowRight', 'ArrowUp', 'Enter']) await black.keyboard.press(k);
  await waitPly(red, 4);
  // 3. Red mates.
  await clickMove(red, 'c6c9');
  for (const p of [red, black, phone]) {
    await p.waitForFunction(() => document.getElementById('status').dataset.status === 'ended');
    assert(await p.locator('#status').getAttribute('data-result') === '1-0', 'Red wins');
  }
  assert((await red.locator('#status').textContent()).includes('将死'), 'by checkmate, in Chinese');
  assert(await red.locator('.xq-check').count() === 1, 'the mated king is highlighted');
  assert(await red.locator('.xq-piece.in-check[data-piece="k"]').count() === 1, 'the black king is in check');
  // Notation switch: WXF.
  await red.selectOption('#notation', 'wxf');
  assert((await red.locator('#moves').textContent()).includes('C8.7'), 'WXF notation');
  await red.selectOption('#notation', 'iccs');
  assert((await red.locator('#moves').textContent()).includes('c6c9'), 'ICCS notation');
  // Language switch.
  await black.click('#lang');
  await black.waitForFunction(() => document.getElementById('status').textContent.includes('checkmate'));
  await red.screenshot({ path: join(shots, 'live-mate-red.png') });
  await black.screenshot({ path: join(shots, 'live-mate-black-en.png') });
  await phone.screenshot({ path: join(shots, 'live-mate-phone.png'), fullPage: true });
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert(width <= 392, `no sideways scrolling on a phone (${width})`);

  // The game goes to the viewer and comes out as SVG and PNG.
  const id = redLink.split('/games/')[1].split('#')[0];
  await orgPage.goto(`${base}/viewer?game=${id}`);
  await orgPage.waitForSelector('#moves .mv');
  await orgPage.keyboard.press('End');
  await orgPage.waitForFunction(() => document.getElementById('ply').textContent.startsWith('5 /'));
  await orgPage.keyboard.press('ArrowLeft');
  await orgPage.waitForFunction(() => document.getElementById('ply').textContent.startsWith('4 /'));
  await orgPage.screenshot({ path: join(shots, 'viewer.png') });
  const [svgDl] = await Promise.all([orgPage.waitForEvent('download'), orgPage.click('#export-svg')]);
  const svg = readFileSync(await svgDl.path(), 'utf8');
  assert(svg.startsWith('<svg') && svg.includes('data-piece="C"') && svg.includes('data-orientation="red"'), 'SVG export, Red at the bottom');
  const [pngDl] = await Promise.all([orgPage.waitForEvent('download'), orgPage.click('#export-png')]);
  const png = readFileSync(await pngDl.path());
  assert(png.subarray(1, 4).toString() === 'PNG' && png.length > 5000, 'PNG export');
  await pngDl.saveAs(join(shots, 'viewer-export.png'));
  for (const c of [org, redCtx, blackCtx, phoneCtx]) await c.close();
});

test('a repetition ruling shown to the arbiter, with the touch-move helper', async ({ browser, base }) => {
  // AXF-D1 (WXF 2018 examples): Red checks perpetually with its rook and loses.
  const g = await api(base, 'POST', '/api/games', {
    rules: 'wxf2018', fen: 'c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1', time_control: '15m+10s', red: 'Red', black: 'Black',
  });
  const ctxs = [];
  const open = async (role, token, lang = 'en') => {
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    ctxs.push(ctx);
    const p = await ctx.newPage();
    await p.addInitScript((l) => { localStorage.setItem('xq.lang', l); }, lang);
    await p.goto(`${base}/games/${g.id}#${role}=${token}`);
    await p.waitForSelector('#board .xq-piece');
    return p;
  };
  const red = await open('red', g.red_token);
  const black = await open('black', g.black_token);
  const arbiter = await open('arbiter', g.arbiter_token);

  // The touch-move helper: Black's turn is not yet; Red touched its rook on h8.
  await arbiter.click('[data-action="touch"]');
  await clickSquare(arbiter, 'h8');
  await arbiter.waitForSelector('#touch-result [data-step]');
  assert(await arbiter.locator('#touch-result [data-step]').getAttribute('data-step') === 'move_touched', 'bound to move the touched rook');
  assert((await arbiter.locator('#touch-result .bound').textContent()).length > 0, 'the bound moves are listed');
  assert(!(await arbiter.locator('#touch-result').textContent()).includes('null'), 'no stray null');
  await arbiter.screenshot({ path: join(shots, 'arbiter-touch.png') });
  await arbiter.click('[data-action="touch"]');

  const moves = ['h8h9', 'f9f8', 'h9h8', 'f8f9', 'h8h9', 'f9f8', 'h9h8', 'f8f9'];
  for (let i = 0; i < moves.length; i++) {
    const p = i % 2 === 0 ? red : black;
    await clickMove(p, moves[i]);
    await waitPly(arbiter, i + 1);
  }
  await arbiter.click('[data-action="rule"]');
  await arbiter.waitForSelector('#ruling .verdict');
  const verdict = await arbiter.locator('#ruling .verdict').getAttribute('data-verdict');
  // Red checks perpetually: it must change (and loses if it does not: WXF 2018 art. 9).
  assert(verdict === 'red_must_change' || verdict === 'red_loses', `Red is at fault for perpetual check (got ${verdict})`);
  const lines = await arbiter.locator('#ruling .explanation li').count();
  assert(lines >= 4, `the explanation goes move by move (${lines} lines)`);
  await arbiter.screenshot({ path: join(shots, 'arbiter-ruling-en.png'), fullPage: true });
  await arbiter.click('#lang');
  await arbiter.waitForFunction(() => /红方/.test(document.querySelector('#ruling .verdict').textContent));
  await arbiter.screenshot({ path: join(shots, 'arbiter-ruling-zh.png'), fullPage: true });
  assert(await red.locator('#arbiter').count() === 0, 'players have no arbiter panel');
  for (const c of ctxs) await c.close();
});

test('a tournament from entries to final standings, with a printed pairing sheet', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await page.goto(`${base}/tournaments`);
  await page.fill('#login-user', 'organiser');
  await page.fill('#login-pass', 'correct horse battery');
  await page.click('#register');
  await page.waitForSelector('#t-create');
  await page.fill('#t-name', '浏览器测试杯');
  await page.selectOption('#t-format', 'round_robin');
  await page.click('#t-create-submit');
  await page.waitForURL(/\/tournaments\/[^/]+$/);
  await page.waitForSelector('#csv');
  await page.fill('#csv', 'name,rating,club\n王天一,2700,杭州\n郑惟桐,2690,四川\n许银川,2650,广东\n赵鑫鑫,2640,浙江\n');
  await page.click('#import');
  await page.waitForFunction(() => document.querySelectorAll('#players-table tbody tr').length === 4, null, { timeout: 10000 })
    .catch(async (e) => { throw new Error(`${e.message}; page says: ${await page.locator('#toasts').textContent().catch(() => '')}`); });
  const results = ['1-0', '1/2', '0-1', '1-0', '1-0', '1/2'];
  let k = 0;
  for (let round = 1; round <= 3; round++) {
    await page.click('#pair');
    await page.waitForSelector(`#round-${round}`);
    const boards = await page.locator(`#round-${round} select[data-board]`).count();
    assert(boards === 2, `two boards in round ${round}`);
    if (round === 1) {
      await page.emulateMedia({ media: 'print' });
      await page.evaluate(() => { document.body.dataset.print = 'round-1'; document.getElementById('round-1').classList.add('printing'); });
      await page.screenshot({ path: join(shots, 'tournament-pairing-sheet-print.png') });
      await page.evaluate(() => { delete document.body.dataset.print; });
      await page.emulateMedia({ media: 'screen' });
    }
    for (let b = 1; b <= boards; b++) {
      await page.selectOption(`#round-${round} select[data-board="${b}"]`, results[k++]);
      // Wait for the server's answer: the sheet is drawn again with the stored result.
      await page.waitForFunction(([r, b, v]) => {
        const row = document.querySelector(`#round-${r} select[data-board="${b}"]`);
        return row && row.closest('tr').querySelector('.print-only').textContent === v;
      }, [round, b, results[k - 1]]);
    }
  }
  assert(await page.locator('#pair').isDisabled(), 'no round left to pair');
  const rows = await page.locator('#standings-table tbody tr').count();
  assert(rows === 4, 'four players in the standings');
  const top = await page.locator('#standings-table tbody tr').first().locator('td').allTextContents();
  assert(top[0] === '1', 'a winner ranked first');
  const total = await page.locator('#standings-table td.score').allTextContents();
  const sum = total.reduce((a, x) => a + Number(x), 0);
  assert(sum === 12, `2-1-0 scoring hands out 12 points in 6 games (got ${sum})`);
  assert(await page.locator('#crosstable-table tbody tr').count() === 4, 'a crosstable');
  await page.screenshot({ path: join(shots, 'tournament-standings.png'), fullPage: true });
  const trf = await (await fetch(`${base}/api/tournaments/${page.url().split('/').pop()}/export.trf`)).text();
  assert(trf.includes('王天一'), 'TRF export');
  await ctx.close();
});

// ---- runner ----

const filter = process.argv[2];
const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: FLAGS });  // playwright gives each launch a fresh, empty profile
let failed = 0;
let passed = 0;
try {
  console.log(`server ${server.base} (${server.bin})`);
  for (const { name, fn } of tests) {
    if (filter && !name.includes(filter)) continue;
    const t0 = Date.now();
    try {
      await fn({ browser, base: server.base });
      passed++;
      console.log(`ok   ${name} (${Date.now() - t0} ms)`);
    } catch (err) {
      failed++;
      console.log(`FAIL ${name}\n     ${err.stack || err}`);
    }
  }
} finally {
  await browser.close();
  server.stop();
}
console.log('screenshots in web/tests/screenshots/');
console.log(`web: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
