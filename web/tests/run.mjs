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
  assert((await red.locator('#moves').textContent()).includes('C8=7'), 'WXF notation in the book form C8=7 (WXF 2018 art. 7.2)');
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

/** A game's three pages: Red's, Black's and the arbiter's. */
async function tablePages(browser, base, body) {
  const g = await api(base, 'POST', '/api/games', body);
  const ctxs = [];
  const open = async (role, token) => {
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
    ctxs.push(ctx);
    const p = await ctx.newPage();
    await p.addInitScript(() => { localStorage.setItem('xq.lang', 'en'); });
    await p.goto(`${base}/games/${g.id}#${role}=${token}`);
    await p.waitForSelector('#board .xq-piece');
    return p;
  };
  return {
    g,
    red: await open('red', g.red_token),
    black: await open('black', g.black_token),
    arbiter: await open('arbiter', g.arbiter_token),
    close: async () => { for (const c of ctxs) await c.close(); },
  };
}

const statusIs = (page, status) => page.waitForFunction((s) => document.getElementById('status').dataset.status === s, status, { timeout: 10000 });

test('an adjourned game: the arbiter adjourns, Black seals unseen, the arbiter resumes', async ({ browser, base }) => {
  const { g, red, black, arbiter, close } = await tablePages(browser, base, { time_control: '10m', red: 'Red', black: 'Black' });
  await clickMove(red, 'h2e2');
  await waitPly(arbiter, 1);
  await orToast(arbiter, arbiter.click('[data-action="adjourn"]', { timeout: 5000 }));
  for (const p of [red, black, arbiter]) await statusIs(p, 'adjourned');
  assert(await red.locator('[data-action="seal"]').count() === 0, 'only the side to move seals');
  // Black writes its move in Chinese and seals it.
  await black.fill('#seal-input', '马8进7');
  await orToast(black, black.click('[data-action="seal"]', { timeout: 5000 }));
  await red.waitForSelector('#adjourned[data-sealed="true"]');
  const seen = await red.locator('body').textContent();
  assert(!seen.includes('马8进7') && !seen.includes('h9g7'), 'the opponent cannot read the sealed move');
  const view = await api(base, 'GET', `/api/games/${g.id}`);
  assert(view.sealed === true && view.clocks.running === null && !JSON.stringify(view).includes('h9g7'), 'sealed, clocks stopped, unreadable');
  await red.screenshot({ path: join(shots, 'adjourned-sealed.png') });
  await orToast(arbiter, arbiter.click('[data-action="resume"]', { timeout: 5000 }));
  await waitPly(red, 2);
  await statusIs(red, 'playing');
  assert((await red.locator('#moves .mv[data-ply="2"]').textContent()).includes('马8进7'), 'the sealed move is played on resumption');
  await close();
});

test('a correction back three plies: the horse that moved must move again, the foul shown', async ({ browser, base }) => {
  const { red, black, arbiter, close } = await tablePages(browser, base, { rules: 'wxf2018', time_control: '10m' });
  const line = ['h2e2', 'h9g7', 'h0g2', 'i9h9'];
  for (let i = 0; i < line.length; i++) {
    await clickMove(i % 2 === 0 ? red : black, line[i]);
    await waitPly(arbiter, i + 1);
  }
  await arbiter.fill('#correct-ply', '2');
  await arbiter.selectOption('#correct-error', 'illegal_move');
  await orToast(arbiter, arbiter.click('[data-action="correct"]', { timeout: 5000 }));
  for (const p of [red, black, arbiter]) {
    await p.waitForFunction(() => document.querySelectorAll('#moves .mv').length === 1, null, { timeout: 10000 });
  }
  await black.waitForSelector('#touch-binding[data-squares="h9"]');
  await black.waitForSelector('#fouls li[data-kind="illegal_move"][data-color="black"]');
  assert((await black.locator('.correction[data-ply="2"]').textContent()).includes('i9h9'), 'the moves taken back are named');
  await black.screenshot({ path: join(shots, 'correction.png') });
  await clickMove(black, 'h9i7');
  await waitPly(red, 2);
  await close();
});

test('a touch recorded by the arbiter binds Red: another move is refused, the touched piece moves', async ({ browser, base }) => {
  const { red, arbiter, close } = await tablePages(browser, base, {});
  await arbiter.click('[data-action="touch"]');
  await clickSquare(arbiter, 'h2');
  await arbiter.waitForSelector('#touch-result [data-step="move_touched"]');
  await orToast(arbiter, arbiter.click('[data-action="touch-record"]', { timeout: 5000 }));
  await red.waitForSelector('#touch-binding[data-color="red"][data-squares="h2"]');
  assert((await red.locator('#touch-binding .bound').textContent()).includes('h2e2'), 'the bound moves are shown to the player');
  await red.fill('#move-input', 'b2e2');
  await red.press('#move-input', 'Enter');
  await red.waitForSelector('.toast.error');
  assert(/touch-move/.test(await red.locator('.toast.error').first().textContent()), 'refused for touch-move');
  assert(await red.locator('#moves .mv').count() === 0, 'the refused move is not played');
  await red.screenshot({ path: join(shots, 'touch-refused.png') });
  await clickMove(red, 'h2e2');
  await waitPly(arbiter, 1);
  await arbiter.waitForFunction(() => !document.getElementById('touch-binding'));
  await close();
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

/** Signs in on a tournament page's form, registering the account first when `register`. */
async function signIn(page, user, pass, register) {
  await page.fill('#login-user', user);
  await page.fill('#login-pass', pass);
  await page.click(register ? '#register' : '#login-submit');
}

/** Fails with the page's error toast, if any, when `p` fails. */
async function orToast(page, p) {
  return p.catch(async (e) => { throw new Error(`${e.message}; page says: ${await page.locator('#toasts').textContent().catch(() => '')}`); });
}

test('a tournament\'s time control and live games for its boards: draw offer and answer, resignation, results back on the sheet', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'en'); });
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'boards-organiser', 'correct horse battery', true);
  await page.waitForSelector('#t-create');
  // A bad time control is refused by the server's parser, naming the field.
  await page.fill('#t-name', 'Live boards cup');
  await page.fill('#t-tc', '15 minutes');
  await page.click('#t-create-submit');
  await page.waitForSelector('.toast.error');
  const err = await page.locator('.toast.error').first().textContent();
  assert(err.includes('time_control'), `the error names the field (${err})`);
  await page.fill('#t-tc', '15m+10s');
  await page.click('#t-create-submit');
  await page.waitForURL(/\/tournaments\/[^/]+$/);
  await page.waitForSelector('#t-tc-shown');
  const shown = await page.locator('#t-tc-shown').textContent();
  assert(shown.includes('15m+10s'), `the stored time control is shown (${shown})`);
  // Not from this browser's storage: a fresh context sees it too.
  const tid = page.url().split('/').pop();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(`${base}/tournaments/${tid}`);
  await other.waitForSelector('#t-tc-shown');
  assert((await other.locator('#t-tc-shown').textContent()).includes('15m+10s'), 'the time control is the server\'s');
  await fresh.close();

  await page.fill('#csv', 'name,rating\n王天一,2700\n郑惟桐,2690\n许银川,2650\n赵鑫鑫,2640\n');
  await page.click('#import');
  await orToast(page, page.waitForFunction(() => document.querySelectorAll('#players-table tbody tr').length === 4, null, { timeout: 10000 }));
  await page.click('#pair');
  await page.waitForSelector('#start-games-1');
  assert(await page.locator('#round-1 a.game-link').count() === 0, 'no live game before they are started');
  await page.click('#start-games-1');
  await orToast(page, page.waitForSelector('#game-1-2'));
  assert(await page.locator('#start-games-1').count() === 0, 'every board has its game');
  const href = await page.getAttribute('#game-1-1', 'href');
  assert(/^\/games\/[0-9a-f]+$/.test(href), `board 1 links to its live game (${href})`);
  await page.click('#tokens-1 summary');
  await page.screenshot({ path: join(shots, 'tournament-live-boards.png'), fullPage: true });
  const tokenLink = (b, role) => page.getAttribute(`#tokens-1 a.${role}[data-board="${b}"]`, 'href');

  // Board 1: the players draw by agreement after a declined offer.
  const redCtx = await browser.newContext({ viewport: { width: 1100, height: 860 } });
  const blackCtx = await browser.newContext({ viewport: { width: 1100, height: 860 } });
  const red = await redCtx.newPage();
  const black = await blackCtx.newPage();
  for (const p of [red, black]) await p.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await red.goto(await tokenLink(1, 'red'));
  await black.goto(await tokenLink(1, 'black'));
  for (const p of [red, black]) await p.waitForSelector('#board .xq-piece');
  // The game links back to its tournament's round and board.
  await red.waitForSelector('#tournament-link a');
  const back = await red.locator('#tournament-link a').textContent();
  assert(/第 1 轮第 1 台$/.test(back), `the game names its round and board (${back})`);
  assert((await red.locator('#tournament-link a').getAttribute('href')).startsWith('/tournaments/'), 'and links to the tournament');
  // The game has the tournament's clock: 15 minutes, running for Red.
  await red.waitForSelector('#clock-red.running');
  const left = Number(await red.locator('#clock-red').getAttribute('data-ms'));
  assert(left > 14 * 60000 && left <= 15 * 60000, `15 minutes on Red's clock (${left})`);
  // Red offers in its own time (CXA 22.1); Black declines.
  await red.click('[data-action="draw_offer"]');
  await black.waitForSelector('[data-action="draw_decline"]');
  await black.screenshot({ path: join(shots, 'live-draw-offered.png') });
  await black.click('[data-action="draw_decline"]');
  await red.waitForSelector('[data-action="draw_offer"]');
  await black.waitForFunction(() => !document.querySelector('[data-action="draw_accept"]'));
  await clickMove(red, 'h2e2');
  await waitPly(black, 1);
  // Black offers after its move's turn comes; Red accepts.
  await waitLegal(black);
  await black.click('[data-action="draw_offer"]');
  await red.waitForSelector('[data-action="draw_accept"]');
  await red.click('[data-action="draw_accept"]');
  for (const p of [red, black]) await p.waitForFunction(() => document.getElementById('status').dataset.status === 'ended');
  await red.screenshot({ path: join(shots, 'live-draw-agreed.png') });

  // Board 2: Black resigns, with the confirmation step.
  await black.goto(await tokenLink(2, 'black'));
  await black.waitForSelector('[data-action="resign"]');
  await black.click('[data-action="resign"]');
  await black.waitForSelector('[data-action="resign-no"]');
  await black.click('[data-action="resign-no"]');
  assert(await black.locator('#status').getAttribute('data-status') === 'playing', 'cancelling the resignation changes nothing');
  await black.click('[data-action="resign"]');
  await black.click('[data-action="resign-yes"]');
  await black.waitForFunction(() => document.getElementById('status').dataset.status === 'ended');
  await black.screenshot({ path: join(shots, 'live-resigned.png') });

  // The results come back to the pairing sheet by themselves.
  await page.reload();
  const resultOf = (b) => page.locator(`#round-1 select[data-board="${b}"]`).locator('xpath=ancestor::tr').locator('.print-only').textContent();
  await orToast(page, page.waitForFunction(() => document.querySelectorAll('#round-1 select[data-board]').length === 2));
  assert(await resultOf(1) === '1/2', `board 1 drawn (${await resultOf(1)})`);
  assert(await resultOf(2) === '1-0', `board 2 won by Red (${await resultOf(2)})`);
  assert(!(await page.locator('#pair').isDisabled()), 'round 2 can be paired');
  await page.screenshot({ path: join(shots, 'tournament-results-from-live-games.png'), fullPage: true });
  // The PGN export beside TRF and CSV: both boards' games, in board order, board 1 with its move.
  const pgnHref = await page.getAttribute('#export-pgn', 'href');
  const pgnReply = await fetch(`${base}${pgnHref}`);
  assert(pgnReply.headers.get('content-type').startsWith('application/x-chess-pgn'), 'PGN content type');
  const pgn = await pgnReply.text();
  const rounds = [...pgn.matchAll(/^\[Round "([^"]*)"\]$/gm)].map((m) => m[1]);
  assert(rounds.join(' ') === '1.1 1.2', `both boards' games in order (${rounds})`);
  assert((pgn.match(/^\[Event "Live boards cup"\]$/gm) || []).length === 2, 'the tournament is the event');
  assert(pgn.includes('[Result "1/2-1/2"]') && pgn.includes('[Result "1-0"]'), `the games' results (${pgn})`);
  assert(pgn.includes('炮二平五'), `board 1's move (${pgn})`);
  for (const c of [ctx, redCtx, blackCtx]) await c.close();
});

test('withdrawal, penalty, appointing an arbiter, keeping players apart; the arbiter pairs and records', async ({ browser, base }) => {
  await api(base, 'POST', '/api/accounts', { username: 'arbiter-li', password: 'arbiter password' });
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'swiss-organiser', 'correct horse battery', true);
  await page.waitForSelector('#t-create');
  await page.fill('#t-name', '积分编排测试');
  await page.selectOption('#t-format', 'swiss');
  assert(await page.locator('#t-rounds').isVisible(), 'the Swiss asks for its rounds');
  assert(!(await page.locator('#t-groups').isVisible()), 'but not for groups');
  await page.fill('#t-rounds', '3');
  await page.fill('#t-tc', '');
  await page.click('#t-create-submit');
  await page.waitForURL(/\/tournaments\/[^/]+$/);
  const tid = page.url().split('/').pop();
  await page.waitForSelector('#t-tc-shown');
  assert((await page.locator('#t-tc-shown').textContent()).includes('不计时'), 'no time control: untimed');
  await page.fill('#csv', 'name,rating,club\n甲,2500,北京\n乙,2400,北京\n丙,2300,上海\n丁,2200,广东\n戊,2100,四川\n');
  await page.click('#import');
  await orToast(page, page.waitForFunction(() => document.querySelectorAll('#players-table tbody tr').length === 5, null, { timeout: 10000 }));

  // Appoint an arbiter: an unknown account is refused, a known one listed.
  await page.fill('#arb-user', 'nobody-here');
  await page.click('#appoint');
  await page.waitForSelector('.toast.error');
  await page.fill('#arb-user', 'arbiter-li');
  await page.click('#appoint');
  await orToast(page, page.waitForSelector('#t-arbiters'));
  assert((await page.locator('#t-arbiters').textContent()).includes('arbiter-li'), 'the arbiter is listed');

  // Club-mates kept apart.
  await page.check('#apart-clubs');
  await page.click('#keep-apart');
  await orToast(page, page.waitForFunction(() => document.querySelector('.t-head').textContent.includes('1/2')));

  await page.click('#pair');
  await page.waitForSelector('#round-1');
  const pairs = await page.locator('#round-1 tbody tr').allTextContents();
  assert(!pairs.some((r) => r.includes('甲') && r.includes('乙')), `club-mates 甲 and 乙 do not meet (${pairs})`);

  // A warning for player 2 in round 1.
  await page.selectOption('#p-player', '2');
  await page.fill('#p-round', '1');
  await page.selectOption('#p-kind', 'warning');
  await page.evaluate(() => document.getElementById('toasts')?.replaceChildren());
  await page.click('#penalise');
  await page.waitForSelector('.toast:not(.error)');
  const events = await api(base, 'GET', `/api/tournaments/${tid}/events`);
  const pen = events.events.find((e) => e.type === 'penalised');
  assert(pen && pen.data.player === 2 && pen.data.penalty === 'warning', `the penalty is stored (${JSON.stringify(pen)})`);

  // Player 5 withdraws after round 1.
  await page.selectOption('#w-player', '5');
  await page.click('#withdraw');
  await orToast(page, page.waitForSelector('#players-table tr.withdrawn'));
  assert((await page.locator('#players-table tr.withdrawn').textContent()).includes('戊'), 'player 5 is struck through');
  await page.screenshot({ path: join(shots, 'tournament-office.png'), fullPage: true });

  // The arbiter signs in elsewhere, records round 1 and pairs round 2 without player 5.
  const arbCtx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const arb = await arbCtx.newPage();
  await arb.addInitScript(() => { localStorage.setItem('xq.lang', 'en'); });
  await arb.goto(`${base}/tournaments/${tid}`);
  await signIn(arb, 'arbiter-li', 'arbiter password', false);
  await orToast(arb, arb.waitForSelector('#pair'));
  assert(await arb.locator('#appoint').count() === 0, 'only the organiser appoints arbiters');
  const boards = await arb.locator('#round-1 select[data-board]').count();
  for (let b = 1; b <= boards; b++) {
    await arb.selectOption(`#round-1 select[data-board="${b}"]`, '1-0');
    await arb.waitForFunction((b) => {
      const s = document.querySelector(`#round-1 select[data-board="${b}"]`);
      return s && s.closest('tr').querySelector('.print-only').textContent === '1-0';
    }, b);
  }
  await arb.click('#pair');
  await orToast(arb, arb.waitForSelector('#round-2'));
  const round2 = await arb.locator('#round-2 tbody').textContent();
  assert(!round2.includes('戊'), 'the withdrawn player is not paired');
  await arb.screenshot({ path: join(shots, 'tournament-arbiter.png'), fullPage: true });
  await arbCtx.close();
  await ctx.close();
});

test('a knockout\'s bracket and a group stage with its final', async ({ browser, base }) => {
  await api(base, 'POST', '/api/accounts', { username: 'ko-organiser', password: 'correct horse battery' });
  const session = await api(base, 'POST', '/api/sessions', { username: 'ko-organiser', password: 'correct horse battery' });
  const players = ['王天一', '郑惟桐', '许银川', '赵鑫鑫', '洪智', '蒋川'].map((name, k) => ({ name, rating: 2700 - k * 20 }));
  const ko = await api(base, 'POST', '/api/tournaments', { name: '淘汰赛', format: 'knockout', games: 1, players }, session.token);
  // Two rounds played: the better seed wins.
  for (let n = 1; n <= 2; n++) {
    const r = await api(base, 'POST', `/api/tournaments/${ko.id}/rounds`, { seed: 3 }, session.token);
    for (const g of r.games) {
      await api(base, 'PUT', `/api/tournaments/${ko.id}/rounds/${n}/boards/${g.board}/result`, { result: g.red < g.black ? '1-0' : '0-1' }, session.token);
    }
  }
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await page.goto(`${base}/tournaments/${ko.id}`);
  await page.waitForSelector('#bracket .ko-match');
  // Round 1 and the semi-finals played: the final's line is drawn, not yet decided.
  const cols = await page.locator('#bracket .ko-round').count();
  assert(cols === 3, `three bracket rounds (${cols})`);
  assert(await page.locator('#bracket .ko-round[data-round="3"] .ko-match').count() === 1, 'one final');
  assert(await page.locator('#bracket .ko-round[data-round="3"] .winner').count() === 0, 'the final still open');
  assert(await page.locator('#champion').count() === 0, 'no champion yet');
  const firstRound = await page.locator('#bracket .ko-round[data-round="1"] .ko-match').count();
  assert(firstRound === 4, `six players: an 8-line first round (${firstRound})`);
  assert(await page.locator('#bracket .ko-round[data-round="1"] .ko-match[data-decision="bye"]').count() === 2, 'byes to the top two seeds');
  const winners = await page.locator('#bracket .ko-round[data-round="1"] .winner').allTextContents();
  assert(winners.length === 4 && winners.some((w) => w.includes('王天一')), `first-round winners in bold (${winners})`);
  await page.screenshot({ path: join(shots, 'tournament-bracket.png'), fullPage: true });

  // Groups: two of three, then the final from the page.
  const gs = await api(base, 'POST', '/api/tournaments', { name: '分组赛', format: 'groups', groups: 2, players, time_control: '30m+10s' }, session.token);
  for (let n = 1; n <= 3; n++) {
    const r = await api(base, 'POST', `/api/tournaments/${gs.id}/rounds`, {}, session.token);
    for (const g of r.games) {
      await api(base, 'PUT', `/api/tournaments/${gs.id}/rounds/${n}/boards/${g.board}/result`, { result: g.red < g.black ? '1-0' : '0-1' }, session.token);
    }
  }
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'ko-organiser', 'correct horse battery', false);
  await page.waitForSelector('#t-create');
  await page.goto(`${base}/tournaments/${gs.id}`);
  await page.waitForSelector('#groups .group');
  assert(await page.locator('#groups .group').count() === 2, 'two groups');
  const leaders = await page.locator('#groups .group tbody tr:first-child td:nth-child(3)').allTextContents();
  assert(leaders.join() === '王天一,郑惟桐', `group winners on top (${leaders})`);
  await page.screenshot({ path: join(shots, 'tournament-groups.png'), fullPage: true });
  await page.fill('#final-k', '2');
  await page.click('#open-final');
  await orToast(page, page.waitForURL((u) => !u.pathname.endsWith(gs.id)));
  await page.waitForSelector('#players-table');
  const finalists = await page.locator('#players-table tbody td:nth-child(2)').allTextContents();
  // Serpentine: group 1 is 王天一, 赵鑫鑫, 洪智; group 2 郑惟桐, 许银川, 蒋川. Winners first.
  assert(finalists.join() === '王天一,郑惟桐,赵鑫鑫,许银川', `the final seeds group winners first (${finalists})`);
  assert((await page.locator('#t-tc-shown').textContent()).includes('30m+10s'), 'the final keeps the time control');
  await ctx.close();
});

test('a team event: teams, a round robin with fixed boards, results board by board, team standings', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'team-organiser', 'correct horse battery', true);
  await page.waitForSelector('#team-create');
  await page.fill('#team-name', '团体测试赛');
  await page.fill('#team-boards', '2');
  await page.click('#team-create-submit');
  await page.waitForURL(/\/teams\/[^/]+$/);
  await page.waitForSelector('#teams-text');
  await page.fill('#teams-text', '北京: 蒋川, 唐丹, 王天一\n上海: 谢靖, 孙勇征\n广东: 许银川, 吕钦\n');
  await page.click('#add-teams');
  await orToast(page, page.waitForFunction(() => document.querySelectorAll('#teams-table tbody tr').length === 3));
  for (let round = 1; round <= 3; round++) {
    await page.click('#pair');
    await orToast(page, page.waitForSelector(`#round-${round} select[data-board]`));
    const boards = await page.locator(`#round-${round} select[data-board]`).count();
    assert(boards === 2, `one match of two boards in round ${round} (${boards})`);
    if (round === 1) {
      // CXA 12.2: the first-listed team has red on board 1 and black on board 2.
      const rows = await page.locator('#round-1 tbody tr').allTextContents();
      const team = (row, col) => /\((.+)\)/.exec(row.split(')')[col] + ')');
      assert(rows.length === 2, `two boards (${rows})`);
      assert(rows[0] !== rows[1] && team(rows[0], 0)[1] !== team(rows[1], 0)[1], `colours alternate by board (${rows})`);
    }
    for (let b = 1; b <= 2; b++) {
      const value = b === 1 ? '1-0' : '1/2';
      await page.selectOption(`#round-${round} select[data-board="${b}"]`, value);
      await page.waitForFunction(([r, b, v]) => {
        const s = document.querySelector(`#round-${r} select[data-board="${b}"]`);
        return s && s.closest('tr').querySelector('.print-only').textContent === v;
      }, [round, b, value]);
    }
  }
  assert(await page.locator('#pair').isDisabled(), 'every round paired');
  assert(await page.locator('#standings-table tbody tr').count() === 3, 'three teams ranked');
  await page.screenshot({ path: join(shots, 'team-event.png'), fullPage: true });
  // The list links the team event to its own page.
  await page.goto(`${base}/tournaments`);
  await page.waitForSelector('#t-list a[href^="/teams/"]');
  // A Swiss of teams paired by the CXA engine (10.3, 12.3): the match box left empty.
  await page.waitForSelector('#team-create');
  await page.fill('#team-name', '团体积分编排');
  await page.fill('#team-boards', '2');
  await page.selectOption('#team-cycles', 'swiss');
  await page.fill('#team-rounds', '2');
  await page.click('#team-create-submit');
  await page.waitForURL(/\/teams\/[^/]+$/);
  await page.waitForSelector('#teams-text');
  await page.fill('#teams-text', '北京: 蒋川, 唐丹\n上海: 谢靖, 孙勇征\n广东: 许银川, 吕钦\n河北: 申鹏, 陆伟韬\n');
  await page.click('#add-teams');
  await orToast(page, page.waitForFunction(() => document.querySelectorAll('#teams-table tbody tr').length === 4));
  const tables = async (round) => (await page.locator(`#round-${round} .team-match h3`).allTextContents())
    .map((x) => x.split('：')[1].split(' — ').map((s) => s.trim()));
  for (let round = 1; round <= 2; round++) {
    assert(await page.locator('#pair-matches').inputValue() === '', 'no hand pairing');
    await page.click('#pair');
    await orToast(page, page.waitForSelector(`#round-${round} .team-match`));
    const ms = await tables(round);
    assert(ms.length === 2, `two matches in round ${round} (${ms})`);
    assert(/抽签种子 \d+/.test(await page.locator(`#round-${round} .seed`).textContent()), 'the lot seed is shown');
    if (round === 2) {
      // The winners of round 1 (the first-listed teams) meet at table 1; nobody meets twice.
      const r1 = await tables(1);
      assert([...ms[0]].sort().join() === [r1[0][0], r1[1][0]].sort().join(), `leaders meet (${ms} after ${r1})`);
      const key = (m) => [...m].sort().join();
      assert(!ms.some((m) => r1.map(key).includes(key(m))), `no rematch (${ms} after ${r1})`);
      break;
    }
    // The first-listed team wins board 1 (red) and draws board 2: it wins the match.
    for (const tb of [1, 2]) {
      for (const [b, value] of [[1, '1-0'], [2, '1/2']]) {
        const sel = `#round-${round} .team-match[data-table="${tb}"] select[data-board="${b}"]`;
        await page.selectOption(sel, value);
        await page.waitForFunction(([sel, v]) => {
          const s = document.querySelector(sel);
          return s && s.closest('tr').querySelector('.print-only').textContent === v;
        }, [sel, value]);
      }
    }
  }
  await ctx.close();
});

/** Pairs the next round with the page's button and enters every result through the
 * page's selects, the lower start number winning unless `upset(round, board)`. */
async function playRoundOnPage(page, base, tid, upset = () => false) {
  const before = (await api(base, 'GET', `/api/tournaments/${tid}`)).rounds.length;
  await page.click('#pair');
  const n = before + 1;
  await orToast(page, page.waitForSelector(`#round-${n} select[data-board]`));
  const r = await api(base, 'GET', `/api/tournaments/${tid}/rounds/${n}`);
  for (const g of r.games) {
    const lowerRed = g.red < g.black;
    const value = lowerRed !== upset(n, g.board) ? '1-0' : '0-1';
    await page.selectOption(`#round-${n} select[data-board="${g.board}"]`, value);
    await page.waitForFunction(([n, b, v]) => {
      const s = document.querySelector(`#round-${n} select[data-board="${b}"]`);
      return s && s.closest('tr').querySelector('.print-only').textContent === v;
    }, [n, g.board, value]);
  }
  return r;
}

test('a Swiss then knockout from the create form to its champion: qualifiers marked, then the bracket', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'sk-organiser', 'correct horse battery', true);
  await page.waitForSelector('#t-create');
  await page.fill('#t-name', '积分晋圈淘汰赛');
  await page.selectOption('#t-format', 'swiss_knockout');
  assert(await page.locator('#t-qualifiers').isVisible(), 'the qualifiers field is shown');
  assert(!(await page.locator('#t-groups').isVisible()), 'the groups field is hidden');
  await page.fill('#t-rounds', '2');
  await page.fill('#t-qualifiers', '4');
  await page.selectOption('#t-games', '1');
  await page.fill('#t-playoff', '0');
  await page.click('#t-create-submit');
  await orToast(page, page.waitForURL(/\/tournaments\/[0-9a-f]+$/));
  const tid = new URL(page.url()).pathname.split('/').pop();
  // CXA 2011 arts. 10.3, 12.3: a CXA Swiss made on the page is paired by 积分编排 by default.
  assert((await api(base, 'GET', `/api/tournaments/${tid}`)).engine === 'cxa', 'the CXA engine by default');
  await page.fill('#csv', 'name,rating\n王天一,2700\n郑惟桐,2680\n许银川,2660\n赵鑫鑫,2640\n洪智,2620\n蒋川,2600\n');
  await page.click('#import');
  await orToast(page, page.waitForFunction(() => document.querySelectorAll('#players-table tbody tr').length === 6));
  for (let n = 1; n <= 2; n++) await playRoundOnPage(page, base, tid);
  // The Swiss is over: four qualifiers marked in the standings, the bracket seeded from them.
  await page.waitForFunction(() => document.querySelectorAll('#standings-table .badge.in').length === 4);
  assert(await page.locator('#standings-table tbody tr:first-child .badge.in').count() === 1, 'the leader qualifies');
  assert(await page.locator('#standings-table tbody tr:last-child .badge.in').count() === 0, 'the last does not');
  assert((await page.locator('#qualifiers').textContent()).includes('王天一'), 'the qualifiers listed with the bracket');
  await page.screenshot({ path: join(shots, 'swiss-knockout-qualifiers.png'), fullPage: true });
  for (let n = 3; n <= 4; n++) await playRoundOnPage(page, base, tid);
  await page.waitForSelector('#champion');
  assert((await page.locator('#champion').textContent()).includes('王天一'), 'the top seed wins every game and the title');
  assert(await page.locator('#bracket .ko-round').count() === 2, 'semi-finals and final');
  assert(await page.locator('#round-3 .stage').count() === 1, 'round 3 is marked as the knockout');
  assert(await page.locator('#pair').isDisabled(), 'nothing to pair once the champion is known');
  await page.screenshot({ path: join(shots, 'swiss-knockout-champion.png'), fullPage: true });
  await ctx.close();
});

test('a Swiss with bottom elimination: the players due out marked, then out and not paired', async ({ browser, base }) => {
  await api(base, 'POST', '/api/accounts', { username: 'se-organiser', password: 'correct horse battery' });
  const session = await api(base, 'POST', '/api/sessions', { username: 'se-organiser', password: 'correct horse battery' });
  const players = ['王天一', '郑惟桐', '许银川', '赵鑫鑫', '洪智', '蒋川', '孙勇征', '谢靖'].map((name, k) => ({ name, rating: 2700 - k * 20 }));
  const se = await api(base, 'POST', '/api/tournaments', { name: '积分末位淘汰赛', format: 'swiss_elimination', rounds: 4, per_round: 2, keep: 4, players }, session.token);
  for (let n = 1; n <= 3; n++) {
    const r = await api(base, 'POST', `/api/tournaments/${se.id}/rounds`, { seed: 1 }, session.token);
    for (const g of r.games) {
      await api(base, 'PUT', `/api/tournaments/${se.id}/rounds/${n}/boards/${g.board}/result`, { result: g.red < g.black ? '1-0' : '0-1' }, session.token);
    }
  }
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'se-organiser', 'correct horse battery', false);
  await page.waitForSelector('#t-create');
  await page.goto(`${base}/tournaments/${se.id}`);
  await page.waitForSelector('#standings-table');
  // CXA 10.6: past half of four rounds, the two lowest placed are due out.
  assert(await page.locator('#standings-table .badge.due').count() === 2, 'two due out');
  const due = await page.locator('#standings-table tr.due').evaluateAll((rows) => rows.map((r) => Number(r.dataset.no)));
  await page.click('#pair');
  await orToast(page, page.waitForSelector('#round-4'));
  await page.waitForFunction(() => document.querySelectorAll('#standings-table .badge.out').length === 2);
  const paired = await page.locator('#round-4 tbody').textContent();
  for (const no of due) assert(!paired.includes(`(${no})`), `player ${no} is out of round 4 (${paired})`);
  assert(await page.locator('#players-table tr.eliminated').count() === 2, 'marked in the entries');
  await page.screenshot({ path: join(shots, 'swiss-elimination.png'), fullPage: true });
  await ctx.close();
});

test('a double elimination: winners\' and losers\' brackets, the grand final and its reset', async ({ browser, base }) => {
  await api(base, 'POST', '/api/accounts', { username: 'de-organiser', password: 'correct horse battery' });
  const session = await api(base, 'POST', '/api/sessions', { username: 'de-organiser', password: 'correct horse battery' });
  const players = ['王天一', '郑惟桐', '许银川', '赵鑫鑫'].map((name, k) => ({ name, rating: 2700 - k * 20 }));
  const de = await api(base, 'POST', '/api/tournaments', { name: '双败淘汰赛', format: 'double_elimination', reset: true, players }, session.token);
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'en'); });
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'de-organiser', 'correct horse battery', false);
  await page.waitForSelector('#t-create');
  await page.goto(`${base}/tournaments/${de.id}`);
  await page.waitForSelector('#pair');
  // The lower start number wins, except the first grand final: the losers' champion takes it.
  for (let k = 0; k < 8; k++) {
    const br = await api(base, 'GET', `/api/tournaments/${de.id}/bracket`);
    if (br.champion != null) break;
    const n = (await api(base, 'GET', `/api/tournaments/${de.id}`)).rounds.length + 1;
    await playRoundOnPage(page, base, de.id, (round, board) => {
      const after = (m) => m.part.bracket === 'grand_final';
      return br.matches.some((m) => after(m) && m.first != null && m.second != null && m.winner == null) && round === n && board === 1;
    });
  }
  await page.waitForSelector('#champion');
  assert((await page.locator('#champion').textContent()).includes('王天一'), 'the champion after the reset final');
  assert(await page.locator('#winners-bracket .ko-round').count() >= 2, 'winners\' bracket rounds');
  assert(await page.locator('#losers-bracket .ko-round').count() >= 2, 'losers\' bracket rounds');
  assert(await page.locator('#finals [data-part="grand_final"] .winner').count() === 1, 'the grand final decided');
  const reset = await page.locator('#finals [data-part="reset"]').textContent();
  assert(reset.includes('王天一') && reset.includes('郑惟桐'), `the reset final between the two finalists (${reset})`);
  assert(await page.locator('#standings').count() === 0, 'no Swiss standings for a bracket');
  await page.screenshot({ path: join(shots, 'double-elimination.png'), fullPage: true });
  await ctx.close();
});

test('a team match with two games a board: colours swapped in the second, 大分 and 小分 under WXF 9.4', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'two-game-organiser', 'correct horse battery', true);
  await page.waitForSelector('#team-create');
  await page.fill('#team-name', '两局制团体赛');
  await page.fill('#team-boards', '3');
  await page.selectOption('#team-rules', 'wxf2018');
  await page.check('#team-two-games');
  await page.click('#team-create-submit');
  await page.waitForURL(/\/teams\/[^/]+$/);
  await page.waitForSelector('#teams-text');
  await page.fill('#teams-text', '北京: 蒋川, 唐丹, 王天一\n上海: 谢靖, 孙勇征, 赵玮\n');
  await page.click('#add-teams');
  await orToast(page, page.waitForFunction(() => document.querySelectorAll('#teams-table tbody tr').length === 2));
  await page.click('#pair');
  await orToast(page, page.waitForSelector('#round-1 select[data-game="2"]'));
  assert(await page.locator('#round-1 select[data-game="2"]').count() === 3, 'a second game on each of three boards');
  // The first-listed team wins and draws on boards 1 and 2 and loses both on board 3:
  // 大分 4–2 wins the match though 小分 are level (WXF 9.4).
  const tid = new URL(page.url()).pathname.split('/').pop();
  const v = await api(base, 'GET', `/api/teams/${tid}`);
  const m = v.rounds[0].matches[0];
  const plan = { 1: ['W', 'D'], 2: ['W', 'D'], 3: ['L', 'L'] };
  for (const b of m.boards) {
    const firstRed = b.red_team === m.first;
    for (const game of [1, 2]) {
      const o = plan[b.board][game - 1];
      const red = game === 1 ? firstRed : !firstRed;
      const value = o === 'D' ? '1/2' : (o === 'W') === red ? '1-0' : '0-1';
      await page.selectOption(`#round-1 select[data-board="${b.board}"][data-game="${game}"]`, value);
      await page.waitForFunction(([b, g, v]) => {
        const s = document.querySelector(`#round-1 select[data-board="${b}"][data-game="${g}"]`);
        return s && s.closest('td').querySelector('.print-only').textContent === v;
      }, [b.board, game, value]);
    }
  }
  const score = await page.locator('#round-1 .match-score').textContent();
  assert(score.includes('大分 4 : 2') && score.includes('小分（局分） 6 : 6') && score.includes('场分 2 : 0'), `the match by 大分 (${score})`);
  const top = await page.locator('#standings-table tbody tr:first-child td:nth-child(3)').textContent();
  assert(top === v.teams[m.first - 1].name, `the first-listed team on top (${top})`);
  await page.screenshot({ path: join(shots, 'team-two-games.png'), fullPage: true });
  // A withdrawal from the office marks the team.
  await page.selectOption('#w-team', String(m.second));
  await page.click('#withdraw');
  await orToast(page, page.waitForSelector(`#teams-table tr[data-team="${m.second}"].withdrawn`));
  await ctx.close();
});

test('a team knockout: the top seed\'s bye, the bracket and its champion', async ({ browser, base }) => {
  await api(base, 'POST', '/api/accounts', { username: 'tko-organiser', password: 'correct horse battery' });
  const session = await api(base, 'POST', '/api/sessions', { username: 'tko-organiser', password: 'correct horse battery' });
  const team = (name) => ({ name, players: [1, 2].map((k) => ({ name: `${name}${k}` })) });
  const ko = await api(base, 'POST', '/api/teams', { name: '团体淘汰赛', format: 'knockout', boards: 2, teams: ['北京', '上海', '广东'].map(team) }, session.token);
  for (let round = 1; round <= 2; round++) {
    const v = await api(base, 'POST', `/api/teams/${ko.id}/rounds`, { seed: 2 }, session.token);
    for (const m of v.rounds[round - 1].matches) {
      const low = Math.min(m.first, m.second);
      for (const b of m.boards) {
        await api(base, 'PUT', `/api/teams/${ko.id}/rounds/${round}/tables/${m.table}/boards/${b.board}/result`, { result: b.red_team === low ? '1-0' : '0-1' }, session.token);
      }
    }
  }
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'en'); });
  await page.goto(`${base}/teams/${ko.id}`);
  await page.waitForSelector('#bracket .ko-round');
  assert(await page.locator('#bracket .ko-round').count() === 2, 'semi-finals and final');
  assert((await page.locator('#champion').textContent()).includes('北京'), 'the top seed wins');
  assert((await page.locator('#round-1 .byes').textContent()).includes('北京'), 'the top seed\'s bye in round 1');
  await page.screenshot({ path: join(shots, 'team-knockout.png'), fullPage: true });
  await ctx.close();
});

test('lots drawn from the page, the rating column, a third-place match with places, a knockout drawn by lot', async ({ browser, base }) => {
  await api(base, 'POST', '/api/accounts', { username: 'lot-organiser', password: 'correct horse battery' });
  const session = await api(base, 'POST', '/api/sessions', { username: 'lot-organiser', password: 'correct horse battery' });
  const players = ['王天一', '郑惟桐', '许银川', '赵鑫鑫'].map((name, k) => ({ name, rating: 2600 - k * 100 }));
  const rr = await api(base, 'POST', '/api/tournaments', { name: '抽签循环', format: 'round_robin', players }, session.token);
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'lot-organiser', 'correct horse battery', false);
  await page.waitForSelector('#t-create');
  await page.goto(`${base}/tournaments/${rr.id}`);
  // 抽签 before round 1: the draw is printed and each entry shows its lot.
  await page.click('#draw-lots');
  await orToast(page, page.waitForSelector('#draw-line'));
  const lots = (await page.locator('#players-table td.lot').allTextContents()).map(Number).sort();
  assert(lots.join() === '1,2,3,4', `every entry has a lot (${lots})`);
  // Round 1 follows the lots; the rating column shows each player's new rating.
  const r = await api(base, 'POST', `/api/tournaments/${rr.id}/rounds`, {}, session.token);
  for (const g of r.games) await api(base, 'PUT', `/api/tournaments/${rr.id}/rounds/1/boards/${g.board}/result`, { result: '1/2' }, session.token);
  await page.reload();
  await page.waitForSelector('#standings-table td.new-rating');
  const news = await page.locator('#players-table td.new-rating').allTextContents();
  assert(news.length === 4 && news.every((x) => /^\d{4} \([+-]\d+\.\d\)$/.test(x.trim())), `new ratings with their change (${news})`);
  assert(await page.locator('#draw-lots').count() === 0, 'no draw once round 1 is paired');

  // A knockout with a third-place match: beside the final, its placing match; then the places.
  const ko = await api(base, 'POST', '/api/tournaments', { name: '附加赛', format: 'knockout', games: 1, placings: 'third', players }, session.token);
  for (let n = 1; n <= 2; n++) {
    const k = await api(base, 'POST', `/api/tournaments/${ko.id}/rounds`, { seed: n }, session.token);
    for (const g of k.games) await api(base, 'PUT', `/api/tournaments/${ko.id}/rounds/${n}/boards/${g.board}/result`, { result: g.red < g.black ? '1-0' : '0-1' }, session.token);
  }
  await page.goto(`${base}/tournaments/${ko.id}`);
  await page.waitForSelector('#placing-matches .ko-match');
  assert(await page.locator('#placing-matches .ko-round[data-places="3-4"] .ko-match').count() === 1, 'one match for third');
  const places = await page.locator('#places-table tbody td:first-child').allTextContents();
  assert(places.join() === '1,2,3,4', `every place played for (${places})`);
  await page.screenshot({ path: join(shots, 'tournament-placings.png'), fullPage: true });

  // Seed 001's knockout: five players, drawn by lot, one holds the bye card.
  const lot = await api(base, 'POST', '/api/tournaments', { name: '抽签淘汰', format: 'lot_knockout', games: 1, players: [...players, { name: '洪智', rating: 2500 }] }, session.token);
  await api(base, 'POST', `/api/tournaments/${lot.id}/rounds`, { seed: 9 }, session.token);
  await page.goto(`${base}/tournaments/${lot.id}`);
  await page.waitForSelector('#bracket .ko-match');
  assert(await page.locator('#bracket .ko-round[data-round="1"] .ko-match').count() === 3, 'two pairs and the bye card');
  assert(await page.locator('#bracket .ko-round[data-round="1"] .ko-match[data-decision="bye"]').count() === 1, 'one bye');
  await ctx.close();
});

test('a live foul in a tournament game: on the arbiter\'s page, the score sheet, the board and the 犯规 column; signatures and an appeal decided', async ({ browser, base }) => {
  await api(base, 'POST', '/api/accounts', { username: 'foul-organiser', password: 'correct horse battery' });
  const session = await api(base, 'POST', '/api/sessions', { username: 'foul-organiser', password: 'correct horse battery' });
  const t = await api(base, 'POST', '/api/tournaments', { name: '犯规杯', time_control: '10m', players: [{ name: '甲' }, { name: '乙' }] }, session.token);
  await api(base, 'POST', `/api/tournaments/${t.id}/rounds`, {}, session.token);
  const started = await api(base, 'POST', `/api/tournaments/${t.id}/rounds/1/games`, {}, session.token);
  const g = started.games[0];
  const round = await api(base, 'GET', `/api/tournaments/${t.id}/rounds/1`);
  const redNo = round.games[0].red;
  const ctxs = [];
  const open = async (role, token, signInFirst) => {
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 1400 } });
    ctxs.push(ctx);
    const p = await ctx.newPage();
    await p.addInitScript(() => { localStorage.setItem('xq.lang', 'en'); });
    if (signInFirst) {
      // The appeal's decision is the organiser's, by the account's session.
      await p.goto(`${base}/tournaments`);
      await signIn(p, 'foul-organiser', 'correct horse battery', false);
      await p.waitForSelector('#t-create');
    }
    await p.goto(`${base}/games/${g.game}#${role}=${token}`);
    await p.waitForSelector('#board .xq-piece');
    return p;
  };
  const arbiter = await open('arbiter', g.arbiter_token, true);
  const red = await open('red', g.red_token, false);
  const black = await open('black', g.black_token, false);
  // A foul that is not a touch, from the arbiter's panel (CXA 2011 art. 8.1.1).
  await arbiter.selectOption('#foul-color', 'red');
  await arbiter.selectOption('#foul-kind', 'disturbing');
  await orToast(arbiter, arbiter.click('[data-action="foul"]', { timeout: 5000 }));
  await red.waitForSelector('#fouls li[data-color="red"][data-kind="disturbing"]');
  // On the board of the round while the game goes on.
  const live = await api(base, 'GET', `/api/tournaments/${t.id}/rounds/1`);
  assert(live.games[0].fouls && live.games[0].fouls.red === 1, `the board shows the foul (${JSON.stringify(live.games[0])})`);
  // The arbiter gives Black a minute from the page (WXF 2018 art. 12.12 and the like).
  await arbiter.selectOption('#time-color', 'black');
  await arbiter.fill('#time-seconds', '60');
  // The click only sends the claim: the game is read once the server has answered it.
  const adjusted = arbiter.waitForResponse((r) => r.url().endsWith('/claims') && r.request().method() === 'POST');
  await orToast(arbiter, arbiter.click('[data-action="time-adjust"]', { timeout: 5000 }));
  await adjusted;
  const timed = await api(base, 'GET', `/api/games/${g.game}`);
  assert(timed.clocks.black.remaining_ms > 600000, `a minute more for Black (${timed.clocks.black.remaining_ms})`);
  // A draw by agreement from the players' pages.
  await orToast(red, red.click('[data-action="draw_offer"]', { timeout: 5000 }));
  await orToast(black, black.click('[data-action="draw_accept"]', { timeout: 10000 }));
  for (const p of [red, black, arbiter]) await statusIs(p, 'ended');
  // The score sheet notes the foul; each signs from the page (CXA 2011 art. 9).
  await arbiter.waitForSelector('#sheet-fouls[data-red="1"][data-black="0"]');
  for (const p of [red, black, arbiter]) {
    await orToast(p, p.click('[data-action="sign"]', { timeout: 5000 }));
  }
  await arbiter.waitForSelector('.signature[data-by="arbiter"][data-signed="true"]');
  // Red appeals from its page; the organiser, signed in, upholds it on the arbiter's page.
  await red.fill('#appeal-text', 'I never disturbed my opponent');
  await orToast(red, red.click('[data-action="appeal"]', { timeout: 5000 }));
  await arbiter.reload();
  await arbiter.waitForSelector('li.appeal[data-appeal="1"] form.appeal-decide');
  await arbiter.fill('li.appeal[data-appeal="1"] .appeal-reason', 'the foul stands; the result too');
  await arbiter.selectOption('li.appeal[data-appeal="1"] .appeal-decision', 'rejected');
  await orToast(arbiter, arbiter.click('li.appeal[data-appeal="1"] [data-action="decide"]', { timeout: 5000 }));
  await arbiter.waitForSelector('li.appeal[data-appeal="1"][data-decision="rejected"]');
  await arbiter.screenshot({ path: join(shots, 'arbiter-sheet-appeal.png'), fullPage: true });
  // The standings: the 犯规 column counts the game's foul once, and the foul-free player leads.
  const page = black;
  await page.goto(`${base}/tournaments/${t.id}`);
  await page.waitForSelector('#standings-table tbody tr');
  const rulesShown = await page.locator('#t-game-rules').textContent();
  assert(rulesShown.includes('move_limit 60') && rulesShown.includes('fouls_to_lose 3'), `the games' rules shown (${rulesShown})`);
  const heads = await page.locator('#standings-table thead th').allTextContents();
  const col = heads.findIndex((x) => x.trim() === 'FOUL');
  assert(col >= 0, `a FOUL column (${heads})`);
  const cell = async (no) => (await page.locator(`#standings-table tbody tr[data-no="${no}"] td`).nth(col).textContent()).trim();
  assert(await cell(redNo) === '1', `Red's foul in the column (${await cell(redNo)})`);
  assert(await cell(3 - redNo) === '0', 'none for Black');
  const first = await page.locator('#standings-table tbody tr').first().getAttribute('data-no');
  assert(Number(first) === 3 - redNo, 'fewer fouls first among equals (CXA 14.1)');
  await page.screenshot({ path: join(shots, 'standings-foul.png'), fullPage: true });
  for (const c of ctxs) await c.close();
});

test('team rules: board order by rating (11.1), an all-play-all match (11.4), team fouls and the organiser\'s tie-breaks, teams by their players\' places (11.5)', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 1000 } });
  const page = await ctx.newPage();
  await page.addInitScript(() => { localStorage.setItem('xq.lang', 'zh'); });
  await page.goto(`${base}/tournaments`);
  await signIn(page, 'rules-organiser', 'correct horse battery', true);
  await page.waitForSelector('#team-create');
  await page.fill('#team-name', '全队轮赛');
  await page.fill('#team-boards', '2');
  await page.selectOption('#team-cycles', 'all_play_all');
  await page.fill('#team-tie-breaks', 'FOUL, GP');
  await page.click('#team-create-submit');
  await page.waitForURL(/\/teams\/[^/]+$/);
  await page.waitForSelector('#teams-text');
  // CXA 11.1: 唐丹 (2650) below 蒋川 (2600) is refused until the organiser gives a reason.
  await page.fill('#teams-text', '北京: 蒋川 2600, 唐丹 2650\n上海: 谢靖 2620, 孙勇征 2600\n');
  await page.click('#add-teams');
  await page.waitForSelector('#toasts .toast.error');
  assert(await page.locator('#teams-table tbody tr').count() === 0, 'nobody registered out of order');
  await page.fill('#order-override', '北京队按本省选拔名次');
  await page.click('#add-teams');
  await orToast(page, page.waitForFunction(() => document.querySelectorAll('#teams-table tbody tr').length === 2));
  assert(await page.locator('#teams-table .badge').count() === 2, 'the override is shown');
  // One match, all-play-all: two boards, two games each, every player meets both opponents.
  await page.click('#pair');
  await orToast(page, page.waitForSelector('#round-1 tr[data-game]'));
  assert(await page.locator('#round-1 tr[data-game]').count() === 4, 'four games');
  for (const [b, g] of [[1, 1], [1, 2], [2, 1], [2, 2]]) {
    const sel = `#round-1 select[data-board="${b}"][data-game="${g}"]`;
    await page.selectOption(sel, '1/2');
    await page.waitForFunction((sel) => {
      const s = document.querySelector(sel);
      return s && s.closest('td').querySelector('.print-only').textContent === '1/2';
    }, sel);
  }
  assert((await page.locator('#round-1 .match-points').textContent()).includes('1 : 1'), 'a drawn match');
  // 全队犯规 first, as the organiser ordered: a foul by 北京's player 2 puts 上海 on top.
  await page.selectOption('#p-team', '1');
  await page.fill('#p-player', '2');
  await page.selectOption('#p-kind', 'foul');
  await page.click('#penalise');
  await orToast(page, page.waitForFunction(() => document.querySelector('#teams-table tr[data-team="1"] td.fouls').textContent === '1'));
  const top = await page.locator('#standings-table tbody tr:first-child td:nth-child(3)').textContent();
  assert(top === '上海', `the team without a foul first (${top})`);
  await page.screenshot({ path: join(shots, 'team-all-play-all.png'), fullPage: true });
  // 队员总分制 (CXA 11.5, 14.8): an individual round robin of two units; the lower number
  // wins every game: 北京 1 + 4 = 5, 上海 2 + 3 = 5, 北京 first on its best place.
  const session = await api(base, 'POST', '/api/sessions', { username: 'rules-organiser', password: 'correct horse battery' });
  const players = [['王天一', '北京'], ['郑惟桐', '上海'], ['谢靖', '上海'], ['蒋川', '北京']].map(([name, club]) => ({ name, club }));
  const open = await api(base, 'POST', '/api/tournaments', { name: '个人赛', players }, session.token);
  for (let n = 1; n <= 3; n++) {
    const r = await api(base, 'POST', `/api/tournaments/${open.id}/rounds`, {}, session.token);
    for (const g of r.games) {
      await api(base, 'PUT', `/api/tournaments/${open.id}/rounds/${n}/boards/${g.board}/result`, { result: g.red < g.black ? '1-0' : '0-1' }, session.token);
    }
  }
  await page.goto(`${base}/tournaments/${open.id}`);
  await orToast(page, page.waitForSelector('#team-places-table tbody tr'));
  const rows = await page.locator('#team-places-table tbody tr').allTextContents();
  assert(rows.length === 2 && rows[0].startsWith('1北京') && rows[1].startsWith('2上海'), `teams by their players' places (${rows})`);
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
