// The organiser's pages: /tournaments (sign in, create, list) and /tournaments/{id} (entries,
// CSV import, rounds, results, withdrawals, penalties, standings, crosstable, print, export).
// Writes need an organiser's or an appointed arbiter's session (a cookie set at sign-in).

import { api, h, t, setupPage, toast, getLang } from './common.js';

const main = setupPage();
const id = document.body.dataset.id;
const L = (zh, en) => (getLang() === 'zh' ? zh : en);
let me = null;

async function whoami() {
  try { me = (await api('GET', '/api/sessions')).username; } catch { me = null; }
}

const field = (label, input) => h('label', { class: 'field' }, h('span', {}, label), input);
const fail = (err) => toast(`${err.body && err.body.field ? `${err.body.field}: ` : ''}${err.message}`, 'error');

function accountBox(after) {
  if (me) {
    return h('p', { class: 'account' }, L('已登录：', 'Signed in: '), h('strong', { id: 'username' }, me), ' ',
      h('button', { type: 'button', id: 'logout', onclick: async () => { await api('DELETE', '/api/sessions').catch(() => {}); me = null; after(); } }, L('退出', 'Sign out')));
  }
  const user = h('input', { id: 'login-user', autocomplete: 'username' });
  const pass = h('input', { id: 'login-pass', type: 'password', autocomplete: 'current-password' });
  const go = async (register) => {
    try {
      if (register) await api('POST', '/api/accounts', { body: { username: user.value, password: pass.value } });
      await api('POST', '/api/sessions', { body: { username: user.value, password: pass.value } });
      await whoami();
      after();
    } catch (err) { fail(err); }
  };
  return h('form', { class: 'panel form', id: 'login', onsubmit: (e) => { e.preventDefault(); go(false); } },
    h('h2', {}, L('组织者登录', 'Organiser sign-in')),
    field(L('用户名', 'User name'), user), field(L('密码（至少 8 位）', 'Password (8+ characters)'), pass),
    h('div', { class: 'actions' },
      h('button', { type: 'submit', class: 'primary', id: 'login-submit' }, L('登录', 'Sign in')),
      h('button', { type: 'button', id: 'register', onclick: () => go(true) }, L('注册并登录', 'Register and sign in'))));
}

// ---------------------------------------------------------------------------------------------
// /tournaments

async function listPage() {
  await whoami();
  const render = async () => {
    const name = h('input', { id: 't-name', required: true });
    const format = h('select', { id: 't-format' },
      h('option', { value: 'round_robin' }, L('单循环', 'Round robin')),
      h('option', { value: 'double_round_robin' }, L('双循环', 'Double round robin')),
      h('option', { value: 'swiss' }, L('积分编排（瑞士制）', 'Swiss')));
    const rounds = h('input', { id: 't-rounds', type: 'number', min: '1', max: '30', value: '7' });
    const rules = h('select', { id: 't-rules' }, h('option', { value: 'cxa2011' }, 'CXA 2011'), h('option', { value: 'wxf2018' }, 'WXF 2018'));
    const scoring = h('select', { id: 't-scoring' }, ...['2-1-0', '1-0.5-0', '3-1-0', '3-0-1-2'].map((s) => h('option', { value: s }, s)));
    const engine = h('select', { id: 't-engine' }, h('option', { value: 'dutch' }, 'FIDE Dutch'), h('option', { value: 'cxa' }, 'CXA 2011'));
    const ties = h('input', { id: 't-ties', placeholder: L('默认：规则书顺序，如 SB,WIN,BWG', "Default: the book's order, e.g. SB,WIN,BWG") });
    const tc = h('input', { id: 't-tc', value: '60m+30s' });
    const create = async (e) => {
      e.preventDefault();
      const body = { name: name.value, rules: rules.value, format: format.value, scoring: scoring.value };
      if (format.value === 'swiss') { body.rounds = Number(rounds.value); body.engine = engine.value; }
      if (ties.value.trim()) body.tie_breaks = ties.value.split(/[,\s]+/).filter(Boolean);
      try {
        const r = await api('POST', '/api/tournaments', { body });
        localStorage.setItem(`xq.t.${r.id}.tc`, tc.value);
        location.href = `/tournaments/${r.id}`;
      } catch (err) { fail(err); }
    };
    const list = h('ul', { id: 't-list', class: 'game-list' });
    main.replaceChildren(h('div', { class: 'narrow' },
      h('h1', {}, t('t.title')),
      accountBox(render),
      me ? h('form', { class: 'panel form', id: 't-create', onsubmit: create },
        h('h2', {}, L('创建赛事', 'Create a tournament')),
        field(L('名称', 'Name'), name), field(L('赛制', 'Format'), format),
        field(L('轮数（积分编排）', 'Rounds (Swiss)'), rounds), field(L('编排引擎（积分编排）', 'Pairing engine (Swiss)'), engine),
        field(L('规则', 'Rules'), rules), field(L('计分', 'Scoring'), scoring), field(L('破同分顺序', 'Tie-breaks'), ties),
        field(L('用时（用于对局）', 'Time control (for the games)'), tc),
        h('button', { type: 'submit', class: 'primary', id: 't-create-submit' }, L('创建', 'Create'))) : null,
      h('h2', {}, L('全部赛事', 'All tournaments')), list));
    try {
      const r = await api('GET', '/api/tournaments');
      for (const tid of (r.tournaments || []).slice(-100).reverse()) {
        const li = h('li', {}, h('a', { href: `/tournaments/${tid}` }, tid));
        list.append(li);
        api('GET', `/api/tournaments/${tid}`).then((v) => { li.firstChild.textContent = v.name; }).catch(() => {});
      }
    } catch (err) { list.append(h('li', {}, t('t.none'))); }
  };
  render();
}

// ---------------------------------------------------------------------------------------------
// /tournaments/{id}

let T = null;

async function reload() {
  T = await api('GET', `/api/tournaments/${encodeURIComponent(id)}`);
  const [st, ct] = await Promise.all([
    api('GET', `/api/tournaments/${id}/standings`).catch(() => null),
    api('GET', `/api/tournaments/${id}/crosstable`).catch(() => null),
  ]);
  renderTournament(st, ct);
}

const playerName = (no) => { const p = T.players.find((x) => x.no === no); return p ? p.name : `#${no}`; };
const canWrite = () => me && (me === T.organiser || (T.arbiters || []).includes(me));

function formatText(f) {
  if (f.type === 'swiss') return L(`积分编排 ${f.rounds} 轮`, `Swiss, ${f.rounds} rounds`);
  return f.cycles === 2 ? L('双循环', 'Double round robin') : L('单循环', 'Round robin');
}

function playersSection() {
  const rows = T.players.map((p) => h('tr', { class: p.withdrawn_after != null ? 'withdrawn' : '' },
    h('td', { class: 'num' }, p.no), h('td', {}, p.name), h('td', { class: 'num' }, p.rating ?? ''), h('td', {}, p.club ?? ''), h('td', {}, p.federation ?? ''),
    h('td', {}, p.withdrawn_after != null ? L(`第 ${p.withdrawn_after} 轮后退赛`, `withdrew after round ${p.withdrawn_after}`) : '')));
  const csv = h('textarea', { id: 'csv', rows: 5, spellcheck: 'false', placeholder: 'name,rating,club\n王天一,2700,杭州\n…' });
  const file = h('input', { type: 'file', accept: '.csv,text/csv', onchange: async (e) => { const f = e.target.files[0]; if (f) csv.value = await f.text(); } });
  const importCsv = async () => {
    try { await api('POST', `/api/tournaments/${id}/players`, { raw: csv.value, type: 'text/csv; charset=utf-8' }); csv.value = ''; await reload(); } catch (err) { fail(err); }
  };
  return h('section', { class: 'panel sheet', id: 'players' },
    h('h2', {}, L('参赛名单', 'Entries'), ` (${T.players.length})`),
    h('table', { class: 'data', id: 'players-table' },
      h('thead', {}, h('tr', {}, ...[L('序号', 'No'), L('姓名', 'Name'), L('等级分', 'Rating'), L('单位', 'Club'), L('协会', 'Fed'), ''].map((x) => h('th', {}, x)))),
      h('tbody', {}, ...rows)),
    canWrite() ? h('div', { class: 'no-print' },
      h('h3', {}, L('导入 CSV（表头：name, rating, club, federation）', 'Import CSV (header: name, rating, club, federation)')),
      file, csv, h('div', { class: 'actions' }, h('button', { type: 'button', id: 'import', class: 'primary', onclick: importCsv }, L('导入', 'Import')))) : null);
}

const RESULTS = ['', '1-0', '0-1', '1/2', '+/-', '-/+', '-/-'];
const resultLabel = (r) => ({ '': '—', '1-0': L('红胜 1-0', 'Red wins 1-0'), '0-1': L('黑胜 0-1', 'Black wins 0-1'), '1/2': L('和 ½-½', 'Draw ½-½'), '+/-': L('黑弃权 +/−', 'Black forfeits +/−'), '-/+': L('红弃权 −/+', 'Red forfeits −/+'), '-/-': L('双方弃权 −/−', 'Double forfeit −/−') }[r] ?? r);

function roundSection(r) {
  const rows = r.games.map((g) => {
    const sel = h('select', { 'aria-label': `board ${g.board}`, 'data-board': g.board, disabled: !canWrite(), onchange: async (e) => {
      if (!e.target.value) return;
      try { await api('PUT', `/api/tournaments/${id}/rounds/${r.round}/boards/${g.board}/result`, { body: { result: e.target.value } }); await reload(); } catch (err) { fail(err); }
    } }, ...RESULTS.map((x) => h('option', { value: x, selected: (g.result || '') === x }, resultLabel(x))));
    return h('tr', {},
      h('td', { class: 'num' }, g.board),
      h('td', {}, `${playerName(g.red)} (${g.red})`),
      h('td', {}, `${playerName(g.black)} (${g.black})`),
      h('td', { class: 'result' }, h('span', { class: 'print-only' }, g.result || ''), h('span', { class: 'no-print' }, sel)),
      h('td', { class: 'arbiter-col' }, ''));
  });
  for (const b of r.byes) rows.push(h('tr', {}, h('td', {}, ''), h('td', {}, `${playerName(b)} (${b})`), h('td', {}, L('轮空', 'bye')), h('td', {}, ''), h('td', {}, '')));
  return h('section', { class: 'panel sheet round', id: `round-${r.round}`, 'data-round': r.round },
    h('div', { class: 'panel-head' },
      h('h2', {}, `${T.name} — ${L(`第 ${r.round} 轮对阵表`, `Round ${r.round} pairings`)}`),
      h('button', { type: 'button', class: 'no-print', onclick: () => printSheet(`round-${r.round}`) }, L('打印', 'Print'))),
    h('table', { class: 'data pairings' },
      h('thead', {}, h('tr', {}, ...[L('台', 'Bd'), L('红方', 'Red'), L('黑方', 'Black'), L('结果', 'Result'), L('裁判签名', 'Arbiter')].map((x) => h('th', {}, x)))),
      h('tbody', {}, ...rows)));
}

function standingsSection(st) {
  if (!st) return null;
  return h('section', { class: 'panel sheet', id: 'standings' },
    h('div', { class: 'panel-head' }, h('h2', {}, `${T.name} — ${L('名次表', 'Standings')}`),
      h('button', { type: 'button', class: 'no-print', onclick: () => printSheet('standings') }, L('打印', 'Print'))),
    h('table', { class: 'data', id: 'standings-table' },
      h('thead', {}, h('tr', {}, h('th', {}, L('名次', 'Rank')), h('th', {}, L('序号', 'No')), h('th', {}, L('姓名', 'Name')), h('th', {}, L('积分', 'Score')),
        ...st.tie_breaks.map((tb) => h('th', { title: tb.zh }, getLang() === 'zh' ? tb.zh : tb.code)))),
      h('tbody', {}, ...st.standings.map((s) => h('tr', {}, h('td', { class: 'num' }, s.rank), h('td', { class: 'num' }, s.no), h('td', {}, s.name),
        h('td', { class: 'num score' }, s.score), ...s.tie_breaks.map((v) => h('td', { class: 'num' }, v)))))));
}

function crosstableSection(ct) {
  if (!ct || !ct.rounds) return null;
  const sym = (r) => {
    if (r.outcome === 'bye') return L('空', 'bye');
    const mark = { win: '+', draw: '=', loss: '−', forfeit_win: '+F', forfeit_loss: '−F' }[r.outcome] || '?';
    return `${r.opponent ?? ''}${r.color === 'red' ? L('红', 'r') : r.color === 'black' ? L('黑', 'b') : ''}${mark}`;
  };
  return h('section', { class: 'panel sheet', id: 'crosstable' },
    h('div', { class: 'panel-head' }, h('h2', {}, `${T.name} — ${L('成绩交叉表', 'Crosstable')}`),
      h('button', { type: 'button', class: 'no-print', onclick: () => printSheet('crosstable') }, L('打印', 'Print'))),
    h('div', { class: 'scroll' }, h('table', { class: 'data', id: 'crosstable-table' },
      h('thead', {}, h('tr', {}, h('th', {}, L('名次', 'Rank')), h('th', {}, L('序号', 'No')), h('th', {}, L('姓名', 'Name')),
        ...Array.from({ length: ct.rounds }, (_, i) => h('th', {}, `R${i + 1}`)), h('th', {}, L('积分', 'Score')))),
      h('tbody', {}, ...ct.rows.map((row) => h('tr', {}, h('td', { class: 'num' }, row.rank), h('td', { class: 'num' }, row.no), h('td', {}, row.name),
        ...Array.from({ length: ct.rounds }, (_, i) => { const r = row.results.find((x) => x.round === i + 1); return h('td', { class: 'num' }, r ? sym(r) : ''); }),
        h('td', { class: 'num' }, row.score)))))));
}

function officeSection() {
  if (!canWrite()) return null;
  const all = T.rounds.length;
  const done = T.rounds.every((r) => r.complete);
  const pick = (idAttr) => h('select', { id: idAttr }, ...T.players.map((p) => h('option', { value: p.no }, `${p.no}. ${p.name}`)));
  const wPlayer = pick('w-player');
  const pPlayer = pick('p-player');
  const pRound = h('input', { id: 'p-round', type: 'number', min: '1', value: String(Math.max(1, all)) });
  const pKind = h('select', { id: 'p-kind' }, h('option', { value: 'foul' }, L('犯规', 'Foul')), h('option', { value: 'warning' }, L('警告', 'Warning')), h('option', { value: 'game_disqualification' }, L('判负', 'Game loss')));
  const arb = h('input', { id: 'arb-user', placeholder: L('裁判用户名', "Arbiter's user name") });
  return h('section', { class: 'panel no-print', id: 'office' },
    h('h2', {}, L('编排与裁判', 'Pairing and arbiting')),
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'primary', id: 'pair', disabled: all >= T.total_rounds || !done || T.players.length < 2, onclick: async () => {
        try { await api('POST', `/api/tournaments/${id}/rounds`, { body: {} }); await reload(); } catch (err) { fail(err); }
      } }, all >= T.total_rounds ? L('各轮均已编排', 'All rounds paired') : L(`编排第 ${all + 1} 轮`, `Pair round ${all + 1}`)),
      h('span', {}, L(`共 ${T.total_rounds} 轮`, `${T.total_rounds} rounds in all`))),
    T.players.length ? h('div', { class: 'actions' }, L('退赛：', 'Withdrawal: '), wPlayer,
      h('button', { type: 'button', id: 'withdraw', onclick: async () => {
        try { await api('POST', `/api/tournaments/${id}/withdrawals`, { body: { player: Number(wPlayer.value) } }); await reload(); } catch (err) { fail(err); }
      } }, L('登记退赛', 'Withdraw'))) : null,
    T.players.length && all ? h('div', { class: 'actions' }, L('处罚：', 'Penalty: '), pPlayer, L('轮', 'round'), pRound, pKind,
      h('button', { type: 'button', id: 'penalise', onclick: async () => {
        try { await api('POST', `/api/tournaments/${id}/penalties`, { body: { player: Number(pPlayer.value), round: Number(pRound.value), penalty: pKind.value } }); toast(L('已记录', 'Recorded')); await reload(); } catch (err) { fail(err); }
      } }, L('记录', 'Record'))) : null,
    me === T.organiser ? h('div', { class: 'actions' }, arb, h('button', { type: 'button', onclick: async () => {
      try { await api('POST', `/api/tournaments/${id}/arbiters`, { body: { username: arb.value } }); await reload(); } catch (err) { fail(err); }
    } }, L('任命裁判', 'Appoint arbiter'))) : null);
}

function printSheet(sheetId) {
  document.body.dataset.print = sheetId;
  for (const s of document.querySelectorAll('.sheet')) s.classList.toggle('printing', s.id === sheetId);
  window.print();
}
window.addEventListener('afterprint', () => { delete document.body.dataset.print; });

function renderTournament(st, ct) {
  const tc = localStorage.getItem(`xq.t.${id}.tc`);
  main.replaceChildren(
    h('div', { class: 'tournament' },
      h('header', { class: 'panel t-head' },
        h('h1', { id: 't-title' }, T.name),
        h('p', {}, formatText(T.format), ' · ', T.rules === 'wxf2018' ? 'WXF 2018' : 'CXA 2011',
          ` · ${L('计分', 'scoring')} ${T.scoring.win}-${T.scoring.draw_red}-${T.scoring.loss}`,
          ` · ${L('破同分', 'tie-breaks')} ${T.tie_breaks.join(', ')}`, tc ? ` · ${tc}` : '',
          ` · ${L('组织者', 'organiser')} ${T.organiser}`, T.arbiters.length ? ` · ${L('裁判', 'arbiters')} ${T.arbiters.join(', ')}` : ''),
        h('p', { class: 'actions no-print' },
          h('a', { class: 'button', href: `/api/tournaments/${id}/export.trf` }, 'TRF'),
          h('a', { class: 'button', href: `/api/tournaments/${id}/export.csv?table=standings` }, L('名次 CSV', 'Standings CSV')),
          h('a', { class: 'button', href: `/api/tournaments/${id}/export.csv?table=crosstable` }, L('交叉表 CSV', 'Crosstable CSV')),
          h('a', { class: 'button', href: `/api/tournaments/${id}/export.csv?table=players` }, L('名单 CSV', 'Entries CSV')))),
      me ? null : accountBox(reload),
      officeSection(),
      standingsSection(st),
      crosstableSection(ct),
      ...T.rounds.slice().reverse().map(roundSection),
      playersSection()));
}

window.addEventListener('langchange', () => { if (id) reload(); else listPage(); });

if (id) {
  whoami().then(reload).catch((err) => main.replaceChildren(h('p', { class: 'error' }, `${t('err')}: ${err.message}`)));
} else listPage();
