// The organiser's pages: /tournaments (sign in, create, list) and /tournaments/{id} (entries,
// CSV import, rounds, results, live games for the boards with the players' links, withdrawals,
// penalties, keep-apart, standings, crosstable, knockout bracket, groups and their final,
// print, export).
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
      h('option', { value: 'swiss' }, L('积分编排（瑞士制）', 'Swiss')),
      h('option', { value: 'knockout' }, L('淘汰制', 'Knockout')),
      h('option', { value: 'groups' }, L('分组循环', 'Groups')),
      h('option', { value: 'swiss_knockout' }, L('积分晋圈淘汰（瑞士制后淘汰）', 'Swiss, then knockout')),
      h('option', { value: 'swiss_elimination' }, L('积分末位淘汰', 'Swiss with bottom elimination')),
      h('option', { value: 'double_elimination' }, L('双败淘汰', 'Double elimination')),
      h('option', { value: 'lot_knockout' }, L('抽签分组淘汰（每轮抽签，单数有轮空）', 'Knockout drawn by lot each round')));
    const games = h('select', { id: 't-games' },
      h('option', { value: '1' }, L('一局制', 'One game')), h('option', { value: '2' }, L('两局制', 'Two games')),
      h('option', { value: '3' }, L('三局两胜', 'Best of three')));
    const playoff = h('input', { id: 't-playoff', type: 'number', min: '0', max: '10', value: '2' });
    const groups = h('input', { id: 't-groups', type: 'number', min: '1', max: '64', value: '2' });
    const rounds = h('input', { id: 't-rounds', type: 'number', min: '1', max: '30', value: '7' });
    const qualifiers = h('input', { id: 't-qualifiers', type: 'number', min: '2', max: '256', value: '8' });
    const perRound = h('input', { id: 't-per-round', type: 'number', min: '1', value: '2' });
    const keep = h('input', { id: 't-keep', type: 'number', min: '2', value: '8' });
    const reset = h('input', { id: 't-reset', type: 'checkbox', checked: true });
    const placings = h('select', { id: 't-placings' },
      h('option', { value: 'none' }, L('不赛（同轮负者名次并列）', 'None (a round\'s losers share places)')),
      h('option', { value: 'third' }, L('三四名附加赛', 'Third-place match')),
      h('option', { value: 'all' }, L('全部名次附加赛', 'Every place played for')));
    const rules = h('select', { id: 't-rules' }, h('option', { value: 'cxa2011' }, 'CXA 2011'), h('option', { value: 'wxf2018' }, 'WXF 2018'));
    const scoring = h('select', { id: 't-scoring' }, ...['2-1-0', '1-0.5-0', '3-1-0', '3-0-1-2'].map((s) => h('option', { value: s }, s)));
    // CXA 2011 arts. 10.3, 12.3: a CXA event is paired by 积分编排 unless Dutch is chosen; the
    // server picks the book's engine when none is sent.
    const engine = h('select', { id: 't-engine' },
      h('option', { value: '' }, L('按规则书（CXA：积分编排；WXF：FIDE Dutch）', "By the book (CXA: 积分编排; WXF: FIDE Dutch)")),
      h('option', { value: 'cxa' }, L('积分编排（CXA 2011）', 'CXA 2011 积分编排')), h('option', { value: 'dutch' }, 'FIDE Dutch'));
    const ties = h('input', { id: 't-ties', placeholder: L('默认：规则书顺序，如 SB,WIN,BWG', "Default: the book's order, e.g. SB,WIN,BWG") });
    const tc = h('input', { id: 't-tc', value: '60m+30s', placeholder: '60m+30s, 90m/40,30m, 5m;30s' });
    // Only the fields of the chosen format are shown.
    const only = (formats, el) => { el.dataset.formats = formats; return el; };
    const showFields = () => {
      for (const el of main.querySelectorAll('[data-formats]')) el.hidden = !el.dataset.formats.split(' ').includes(format.value);
    };
    format.addEventListener('change', showFields);
    const create = async (e) => {
      e.preventDefault();
      const body = { name: name.value, rules: rules.value, format: format.value, scoring: scoring.value };
      const f = format.value;
      if (['swiss', 'swiss_knockout', 'swiss_elimination'].includes(f)) { body.rounds = Number(rounds.value); if (engine.value) body.engine = engine.value; }
      if (f === 'lot_knockout') body.games = Number(games.value);
      if (['knockout', 'swiss_knockout'].includes(f)) { body.games = Number(games.value); body.placings = placings.value; }
      if (['knockout', 'swiss_knockout', 'double_elimination', 'lot_knockout'].includes(f)) body.playoff_games = Number(playoff.value);
      if (f === 'swiss_knockout') body.qualifiers = Number(qualifiers.value);
      if (f === 'swiss_elimination') { body.per_round = Number(perRound.value); body.keep = Number(keep.value); }
      if (f === 'double_elimination') body.reset = reset.checked;
      if (format.value === 'groups') body.groups = Number(groups.value);
      if (ties.value.trim()) body.tie_breaks = ties.value.split(/[,\s]+/).filter(Boolean);
      if (tc.value.trim()) body.time_control = tc.value.trim();
      try {
        const r = await api('POST', '/api/tournaments', { body });
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
        only('swiss swiss_knockout swiss_elimination', field(L('积分编排轮数', 'Swiss rounds'), rounds)),
        only('swiss swiss_knockout swiss_elimination', field(L('编排引擎', 'Pairing engine'), engine)),
        only('swiss_knockout', field(L('晋级淘汰赛人数', 'Qualifiers for the knockout'), qualifiers)),
        only('swiss_elimination', field(L('过半后每轮淘汰人数', 'Out after each round past half'), perRound)),
        only('swiss_elimination', field(L('最后一轮保留人数', 'Left for the last round'), keep)),
        only('knockout swiss_knockout lot_knockout', field(L('每场局数', 'Games per match'), games)),
        only('knockout swiss_knockout', field(L('附加赛（CXA 10.4）', 'Placing matches (CXA 10.4)'), placings)),
        only('knockout swiss_knockout double_elimination lot_knockout', field(L('平局后加赛快棋局数（再平抽签）', 'Rapid play-off games after a level match (then a lot)'), playoff)),
        only('double_elimination', h('label', { class: 'field check' }, reset, h('span', {}, L('败者组冠军胜总决赛时再赛一场', 'Reset final if the losers\' champion wins the grand final')))),
        only('groups', field(L('组数（按等级分蛇形分组）', 'Groups (serpentine by rating)'), groups)),
        field(L('规则', 'Rules'), rules), field(L('计分', 'Scoring'), scoring), field(L('破同分顺序', 'Tie-breaks'), ties),
        field(L('用时（每盘对局；留空不计时）', 'Time control (each game; empty: untimed)'), tc),
        h('button', { type: 'submit', class: 'primary', id: 't-create-submit' }, L('创建', 'Create'))) : null,
      me ? teamForm() : null,
      h('h2', {}, L('全部赛事', 'All tournaments')), list));
    showFields();
    try {
      const r = await api('GET', '/api/tournaments');
      for (const tid of (r.tournaments || []).slice(-100).reverse()) {
        const li = h('li', {}, h('a', { href: `/tournaments/${tid}` }, tid));
        list.append(li);
        // A team event shares the list: its own page.
        api('GET', `/api/tournaments/${tid}`).then((v) => { li.firstChild.textContent = v.name; })
          .catch(() => api('GET', `/api/teams/${tid}`).then((v) => {
            li.firstChild.textContent = `${v.name} (${L('团体', 'teams')})`;
            li.firstChild.href = `/teams/${tid}`;
          }).catch(() => {}));
      }
    } catch (err) { list.append(h('li', {}, t('t.none'))); }
  };
  render();
}

/** Creates a team event (CXA 11): a round robin of teams with so many boards a match. */
function teamForm() {
  const name = h('input', { id: 'team-name', required: true });
  const boards = h('input', { id: 'team-boards', type: 'number', min: '1', max: '20', value: '4' });
  const cycles = h('select', { id: 'team-cycles' }, h('option', { value: '1' }, L('单循环', 'Round robin')), h('option', { value: '2' }, L('双循环', 'Double round robin')),
    h('option', { value: 'swiss' }, L('积分编排', 'Swiss')), h('option', { value: 'knockout' }, L('淘汰制', 'Knockout')),
    h('option', { value: 'all_play_all' }, L('全队轮赛制（第 11.4 条）', 'All-play-all matches (CXA 11.4)')));
  const teamTies = h('input', { id: 'team-tie-breaks', placeholder: L('破同分，如 GP, MW, WIN, FOUL（空：规则顺序）', "Tie-breaks, e.g. GP, MW, WIN, FOUL (empty: the book's)") });
  const teamRounds = h('input', { id: 'team-rounds', type: 'number', min: '1', max: '30', value: '5' });
  const roundsField = field(L('积分编排轮数', 'Swiss rounds'), teamRounds);
  const ranking = h('select', { id: 'team-ranking' }, h('option', { value: 'match_points' }, L('先比场分', 'Match points first')),
    h('option', { value: 'game_points' }, L('先比局分（一局制积分编排，第 14.7 条）', 'Game points first (one-game Swiss, CXA 14.7)')));
  const rankingField = field(L('排名', 'Ranking'), ranking);
  roundsField.hidden = true;
  rankingField.hidden = true;
  cycles.addEventListener('change', () => { roundsField.hidden = cycles.value !== 'swiss'; rankingField.hidden = cycles.value !== 'swiss'; });
  const twoGames = h('input', { id: 'team-two-games', type: 'checkbox' });
  const rule = h('select', { id: 'team-rule' },
    h('option', { value: 'fixed' }, L('分台定人制（11.1）', 'Fixed boards (11.1)')),
    h('option', { value: 'order_kept' }, L('分台换人制（11.2）', 'Reserves, order kept (11.2)')),
    h('option', { value: 'temporary' }, L('临时定台制（11.3）', 'Order chosen per match (11.3)')));
  const rules = h('select', { id: 'team-rules' }, h('option', { value: 'cxa2011' }, 'CXA 2011'), h('option', { value: 'wxf2018' }, 'WXF 2018'));
  const create = async (e) => {
    e.preventDefault();
    try {
      const body = { name: name.value, boards: Number(boards.value), board_rule: rule.value, rules: rules.value, two_games: twoGames.checked };
      if (cycles.value === 'swiss') { body.format = 'swiss'; body.rounds = Number(teamRounds.value); body.ranking = ranking.value; } else if (cycles.value === 'knockout') body.format = 'knockout';
      else if (cycles.value === 'all_play_all') body.format = 'all_play_all';
      else body.cycles = Number(cycles.value);
      if (teamTies.value.trim()) body.tie_breaks = teamTies.value.split(/[,，\s]+/).filter(Boolean);
      const r = await api('POST', '/api/teams', { body });
      location.href = `/teams/${r.id}`;
    } catch (err) { fail(err); }
  };
  return h('form', { class: 'panel form', id: 'team-create', onsubmit: create },
    h('h2', {}, L('创建团体赛', 'Create a team event')),
    field(L('名称', 'Name'), name), field(L('每场台数', 'Boards a match'), boards), field(L('赛制', 'Format'), cycles), roundsField, rankingField,
    h('label', { class: 'field check' }, twoGames, h('span', {}, L('两局制（每台两局，第二局换先）', 'Two games a board (colours swapped in the second)'))),
    field(L('出场办法', 'Line-ups'), rule), field(L('规则', 'Rules'), rules), field(L('破同分', 'Tie-breaks'), teamTies),
    h('button', { type: 'submit', class: 'primary', id: 'team-create-submit' }, L('创建', 'Create')));
}

// ---------------------------------------------------------------------------------------------
// /tournaments/{id}

let T = null;

let extra = {};

async function reload() {
  T = await api('GET', `/api/tournaments/${encodeURIComponent(id)}`);
  const type = T.format.type;
  const tokens = canWrite()
    ? Promise.all(T.rounds.filter((r) => r.games.some((g) => g.game)).map((r) => api('GET', `/api/tournaments/${id}/rounds/${r.round}/games`).catch(() => null)))
    : Promise.resolve([]);
  // 队员总分制 (CXA 11.5, 14.8) once the entries come from two units or more.
  const units = new Set(T.players.map((p) => p.club).filter(Boolean));
  const [st, ct, bracket, groups, tok, ratings, draw, teamPlaces] = await Promise.all([
    api('GET', `/api/tournaments/${id}/standings`).catch(() => null),
    api('GET', `/api/tournaments/${id}/crosstable`).catch(() => null),
    KNOCKOUTS.includes(type) ? api('GET', `/api/tournaments/${id}/bracket`).catch(() => null) : null,
    type === 'groups' ? api('GET', `/api/tournaments/${id}/groups`).catch(() => null) : null,
    tokens,
    api('GET', `/api/tournaments/${id}/ratings`).catch(() => null),
    DRAWN.includes(type) ? api('GET', `/api/tournaments/${id}/draw`).catch(() => null) : null,
    units.size >= 2 ? api('GET', `/api/tournaments/${id}/team-places`).catch(() => null) : null,
  ]);
  extra = { bracket, groups, ratings, draw, teamPlaces, tokens: Object.fromEntries((tok || []).filter(Boolean).map((x) => [x.round, x])) };
  renderTournament(st, ct);
}

/** The formats whose pairings follow start numbers, drawn by lot before round 1 (抽签). */
const DRAWN = ['round_robin', 'knockout', 'double_elimination'];

/** The formats with a bracket. */
const KNOCKOUTS = ['knockout', 'swiss_knockout', 'double_elimination', 'lot_knockout'];

const playerName = (no) => { const p = T.players.find((x) => x.no === no); return p ? p.name : `#${no}`; };
const canWrite = () => me && (me === T.organiser || (T.arbiters || []).includes(me));

function formatText(f) {
  if (f.type === 'swiss') return L(`积分编排 ${f.rounds} 轮`, `Swiss, ${f.rounds} rounds`);
  if (f.type === 'knockout') {
    const g = { 1: L('一局制', 'one game'), 2: L('两局制', 'two games'), 3: L('三局两胜', 'best of three') }[f.games] || f.games;
    return L(`淘汰制（${g}，加赛 ${f.playoff_games} 局）`, `Knockout (${g}, ${f.playoff_games} play-off games)`);
  }
  if (f.type === 'lot_knockout') {
    const g = { 1: L('一局制', 'one game'), 2: L('两局制', 'two games'), 3: L('三局两胜', 'best of three') }[f.games] || f.games;
    return L(`抽签分组淘汰（每轮重新抽签，单数时抽到 K 者轮空；${g}）`, `Knockout drawn by lot each round, a bye card when odd (${g})`);
  }
  if (f.type === 'swiss_knockout') {
    const g = { 1: L('一局制', 'one game'), 2: L('两局制', 'two games'), 3: L('三局两胜', 'best of three') }[f.games] || f.games;
    return L(`积分晋圈淘汰：积分编排 ${f.rounds} 轮，前 ${f.qualifiers} 名进入淘汰赛（${g}）`, `Swiss of ${f.rounds} rounds, then a knockout of the top ${f.qualifiers} (${g})`);
  }
  if (f.type === 'swiss_elimination') {
    return L(`积分末位淘汰：${f.rounds} 轮，过半后每轮淘汰 ${f.per_round} 名，保留 ${f.keep} 名`, `Swiss of ${f.rounds} rounds, the last ${f.per_round} out after each round past half, ${f.keep} kept`);
  }
  if (f.type === 'double_elimination') {
    return L(`双败淘汰${f.reset ? '（总决赛可重赛）' : ''}`, `Double elimination${f.reset ? ' (with a reset final)' : ''}`);
  }
  if (f.type === 'groups') return L(`分组循环 ${f.groups} 组`, `Groups: ${f.groups}`) + (f.cycles === 2 ? L('（双循环）', ' (double)') : '');
  return f.cycles === 2 ? L('双循环', 'Double round robin') : L('单循环', 'Round robin');
}

/** The rating report's cell for player `no` (等级分, Elo): the new rating and the change, or
 * the performance of an unrated player once it has enough games. */
function ratingCell(no) {
  const line = extra.ratings && extra.ratings.lines.find((l) => l.no === no);
  const td = h('td', { class: 'num new-rating' });
  if (!line || line.new_rating == null) return td;
  const change = line.change == null ? L('表现分', 'perf.') : `${line.change >= 0 ? '+' : ''}${line.change.toFixed(1)}`;
  td.append(String(line.new_rating), ' ', h('small', { title: `K ${line.k ?? '-'} · ${line.games} ${L('局', 'games')}` }, `(${change})`));
  return td;
}

/** Player `no`'s lot number in the start-number draw, if one was made (抽签). */
function lotOf(no) {
  const lot = extra.draw && extra.draw.lots.find((l) => l.no === no);
  return lot ? String(lot.lot) : '';
}

function playersSection() {
  const rows = T.players.map((p) => h('tr', { class: p.withdrawn_after != null ? 'withdrawn' : p.eliminated_after != null ? 'eliminated' : '' },
    h('td', { class: 'num' }, p.no), h('td', {}, p.name), h('td', { class: 'num' }, p.rating ?? ''), h('td', {}, p.club ?? ''), h('td', {}, p.federation ?? ''),
    h('td', {}, p.withdrawn_after != null ? L(`第 ${p.withdrawn_after} 轮后退赛`, `withdrew after round ${p.withdrawn_after}`)
      : p.eliminated_after != null ? L(`第 ${p.eliminated_after} 轮后淘汰`, `out after round ${p.eliminated_after}`) : ''),
    ratingCell(p.no),
    h('td', { class: 'num lot' }, lotOf(p.no))));
  const csv = h('textarea', { id: 'csv', rows: 5, spellcheck: 'false', placeholder: 'name,rating,club\n王天一,2700,杭州\n…' });
  const file = h('input', { type: 'file', accept: '.csv,text/csv', onchange: async (e) => { const f = e.target.files[0]; if (f) csv.value = await f.text(); } });
  const importCsv = async () => {
    try { await api('POST', `/api/tournaments/${id}/players`, { raw: csv.value, type: 'text/csv; charset=utf-8' }); csv.value = ''; await reload(); } catch (err) { fail(err); }
  };
  return h('section', { class: 'panel sheet', id: 'players' },
    h('h2', {}, L('参赛名单', 'Entries'), ` (${T.players.length})`),
    extra.draw ? h('p', { id: 'draw-line' }, L(`抽签（种子 ${extra.draw.seed}${extra.draw.redraws ? `，退赛后重抽 ${extra.draw.redraws} 次` : ''}）：`, `Lots drawn (seed ${extra.draw.seed}${extra.draw.redraws ? `, drawn again ${extra.draw.redraws}× after withdrawals` : ''}): `),
      extra.draw.lots.map((l) => `${l.lot}. ${playerName(l.no)}`).join(', ')) : null,
    h('table', { class: 'data', id: 'players-table' },
      h('thead', {}, h('tr', {}, ...[L('序号', 'No'), L('姓名', 'Name'), L('等级分', 'Rating'), L('单位', 'Club'), L('协会', 'Fed'), '', L('赛后等级分', 'New rating'), L('签号', 'Lot')].map((x) => h('th', {}, x)))),
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
      h('td', { class: 'num' }, g.board, partTag(r.round, g.board)),
      h('td', {}, `${playerName(g.red)} (${g.red})`),
      h('td', {}, `${playerName(g.black)} (${g.black})`),
      h('td', { class: 'result' }, h('span', { class: 'print-only' }, g.result || ''), h('span', { class: 'no-print' }, sel)),
      h('td', { class: 'no-print live' }, g.game
        ? h('a', { href: `/games/${g.game}`, id: `game-${r.round}-${g.board}`, class: 'game-link' }, L('观看', 'Watch'))
        : ''),
      h('td', { class: 'arbiter-col' }, ''));
  });
  for (const b of r.byes) rows.push(h('tr', {}, h('td', {}, ''), h('td', {}, `${playerName(b)} (${b})`), h('td', {}, L('轮空', 'bye')), h('td', {}, ''), h('td', { class: 'no-print' }, ''), h('td', {}, '')));
  const startable = r.games.some((g) => !g.game && !g.result);
  const start = canWrite() && startable
    ? h('button', { type: 'button', class: 'no-print', id: `start-games-${r.round}`, onclick: async () => {
      try { await api('POST', `/api/tournaments/${id}/rounds/${r.round}/games`, { body: {} }); await reload(); } catch (err) { fail(err); }
    } }, L('开始各台对局', 'Start live games'))
    : null;
  return h('section', { class: 'panel sheet round', id: `round-${r.round}`, 'data-round': r.round },
    h('div', { class: 'panel-head' },
      h('h2', {}, `${T.name} — ${L(`第 ${r.round} 轮对阵表`, `Round ${r.round} pairings`)}`,
        T.format.type === 'swiss_knockout' && r.round > T.format.rounds ? h('small', { class: 'stage' }, L('（淘汰赛）', ' (knockout)')) : null),
      h('div', { class: 'actions' }, start,
        h('button', { type: 'button', class: 'no-print', onclick: () => printSheet(`round-${r.round}`) }, L('打印', 'Print')))),
    h('table', { class: 'data pairings' },
      h('thead', {}, h('tr', {}, ...[L('台', 'Bd'), L('红方', 'Red'), L('黑方', 'Black'), L('结果', 'Result')].map((x) => h('th', {}, x)),
        h('th', { class: 'no-print' }, L('对局', 'Game')), h('th', {}, L('裁判签名', 'Arbiter')))),
      h('tbody', {}, ...rows)),
    tokensTable(r));
}

/** Which part of a double-elimination bracket a board's game belongs to. */
function partTag(round, board) {
  const b = extra.bracket;
  if (!b || !b.matches) return null;
  const m = b.matches.find((x) => x.games.some((g) => g.round === round && g.board === board));
  if (!m) return null;
  const p = m.part;
  const text = { winners: L(`胜者组第 ${p.round} 轮`, `winners R${p.round}`), losers: L(`败者组第 ${p.round} 轮`, `losers R${p.round}`),
    grand_final: L('总决赛', 'grand final'), reset: L('总决赛重赛', 'reset final') }[p.bracket];
  return h('small', { class: 'part' }, ` ${text}`);
}

/** The links with the players' and arbiter's tokens, for the officials to hand out. */
function tokensTable(r) {
  const tok = extra.tokens && extra.tokens[r.round];
  if (!tok || !tok.games.length) return null;
  const base = location.origin;
  const link = (g, role, token, label) => h('a', { href: `${base}/games/${g.game}#${role}=${token}`, class: `token-link ${role}`, 'data-role': role, 'data-board': g.board }, label);
  const game = (b) => r.games.find((g) => g.board === b) || {};
  return h('details', { class: 'no-print tokens', id: `tokens-${r.round}` },
    h('summary', {}, L('棋手与裁判链接（只交给本人）', "Players' and arbiter's links (give each only to its holder)"),
      tok.time_control ? ` · ${L('用时', 'time control')} ${tok.time_control}` : ''),
    h('table', { class: 'data' },
      h('thead', {}, h('tr', {}, ...[L('台', 'Bd'), L('红方', 'Red'), L('黑方', 'Black'), L('裁判', 'Arbiter')].map((x) => h('th', {}, x)))),
      h('tbody', {}, ...tok.games.map((g) => h('tr', {},
        h('td', { class: 'num' }, g.board),
        h('td', {}, link(g, 'red', g.red_token, playerName(game(g.board).red))),
        h('td', {}, link(g, 'black', g.black_token, playerName(game(g.board).black))),
        h('td', {}, link(g, 'arbiter', g.arbiter_token, L('裁判', 'Arbiter'))))))));
}

/** One match of a bracket: both players with their game marks, the winner in bold. */
function koMatch(m) {
  const name = (no) => (no == null ? (m.decision === 'open' ? L('待定', 'to be decided') : L('（空）', '(empty)')) : `${playerName(no)} (${no})`);
  const decision = { bye: '', games: '', playoff: L('加赛', 'play-off'), lot: L('抽签', 'lot'), walkover: L('不战', 'walkover'), open: '' };
  const mark = { win: '1', draw: '½', loss: '0', forfeit_win: '+', forfeit_loss: '−', bye: '' };
  const side = (no, first) => h('div', { class: `ko-player${m.winner != null && m.winner === no ? ' winner' : ''}` },
    h('span', {}, m.decision === 'bye' && no == null ? L('轮空', 'bye') : name(no)),
    h('span', { class: 'ko-games' }, m.games.map((g) => {
      const o = g.first_outcome;
      if (!o) return '·';
      const mine = first ? o : { win: 'loss', loss: 'win', forfeit_win: 'forfeit_loss', forfeit_loss: 'forfeit_win' }[o] || o;
      return mark[mine] ?? '?';
    }).join(' ')));
  return h('div', { class: `ko-match${m.needed === false ? ' not-needed' : ''}`, 'data-decision': m.decision },
    side(m.first, true), side(m.second, false),
    decision[m.decision] ? h('small', {}, decision[m.decision]) : null,
    m.needed === false ? h('small', {}, L('无需重赛', 'not needed')) : null);
}

const koColumn = (title, matches, attrs = {}) => h('div', { class: 'ko-round', ...attrs },
  h('h3', {}, title), h('div', { class: 'ko-matches' }, ...matches.map(koMatch)));

const championLine = (b) => (b.champion != null
  ? h('p', { id: 'champion' }, L('冠军：', 'Champion: '), h('strong', {}, playerName(b.champion)))
  : null);

/** A knockout's bracket: one column per bracket round (CXA 10.4); a Swiss then knockout's
 * qualifiers in seed order above it (CXA 10.5); a double elimination's two brackets. */
function bracketSection() {
  const b = extra.bracket;
  if (!b) return null;
  if (T.format.type === 'double_elimination') return doubleSection(b);
  const swiss = T.format.type === 'swiss_knockout';
  if (!b.rounds.length && !swiss) return null;
  const qualifiers = swiss ? h('p', { id: 'qualifiers' },
    b.stage === 'knockout' ? L('晋级淘汰赛（按积分编排名次定种子）：', 'Through to the knockout (seeded by Swiss place): ')
      : L(`积分编排阶段（共 ${T.format.rounds} 轮），目前出线：`, `Swiss stage (${T.format.rounds} rounds); qualifying now: `),
    ...b.qualifiers.flatMap((no, k) => [k ? ', ' : '', h('span', { class: 'qualifier' }, `${k + 1}. ${playerName(no)}`)])) : null;
  return h('section', { class: 'panel sheet', id: 'bracket' },
    h('div', { class: 'panel-head' }, h('h2', {}, `${T.name} — ${L('对阵图', 'Bracket')}`), championLine(b)),
    qualifiers,
    b.rounds.length ? h('div', { class: 'bracket scroll' }, ...b.rounds.map((round, k) => koColumn(roundName(k, round.length), round, { 'data-round': k + 1 }))) : null,
    placingSection(b));
}

/** A knockout's placing matches (附加赛, CXA 10.4), a column per group of places, and its
 * places: by the round reached and these matches, shared where none were played. */
function placingSection(b) {
  if (!b.places || !b.places.length) return null;
  const placeText = (p) => (p.place == null ? '' : p.down_to > p.place ? `${p.place}–${p.down_to}` : String(p.place));
  return h('div', { id: 'placings' },
    b.placing.length ? h('h3', {}, L('附加赛', 'Placing matches')) : null,
    b.placing.length ? h('div', { class: 'bracket scroll', id: 'placing-matches' },
      ...b.placing.map((r) => koColumn(L(`第 ${r.first_place}–${r.last_place} 名`, `Places ${r.first_place}–${r.last_place}`), r.lines, { 'data-places': `${r.first_place}-${r.last_place}` }))) : null,
    h('h3', {}, L('名次', 'Places')),
    h('table', { class: 'data', id: 'places-table' },
      h('thead', {}, h('tr', {}, h('th', {}, L('名次', 'Place')), h('th', {}, L('序号', 'No')), h('th', {}, L('姓名', 'Name')))),
      h('tbody', {}, ...b.places.map((p) => h('tr', { 'data-no': p.no }, h('td', { class: 'num' }, placeText(p)), h('td', { class: 'num' }, p.no), h('td', {}, playerName(p.no)))))));
}

/** A double elimination (双败淘汰, CXA 10.4): the winners' bracket, the losers' bracket, the
 * grand final and its reset, each round a column. */
function doubleSection(b) {
  if (!b.matches.length) return null;
  const rounds = (part) => {
    const by = new Map();
    for (const m of b.matches.filter((x) => x.part.bracket === part)) {
      if (!by.has(m.part.round)) by.set(m.part.round, []);
      by.get(m.part.round).push(m);
    }
    return [...by.entries()].sort((x, y) => x[0] - y[0]);
  };
  const finals = b.matches.filter((m) => m.part.bracket === 'grand_final' || m.part.bracket === 'reset');
  return h('section', { class: 'panel sheet', id: 'bracket' },
    h('div', { class: 'panel-head' }, h('h2', {}, `${T.name} — ${L('双败淘汰对阵图', 'Double-elimination bracket')}`), championLine(b)),
    h('h3', {}, L('胜者组', "Winners' bracket")),
    h('div', { class: 'bracket scroll', id: 'winners-bracket' }, ...rounds('winners').map(([r, ms]) => koColumn(L(`第 ${r} 轮`, `Round ${r}`), ms, { 'data-round': r }))),
    h('h3', {}, L('败者组', "Losers' bracket")),
    h('div', { class: 'bracket scroll', id: 'losers-bracket' }, ...rounds('losers').map(([r, ms]) => koColumn(L(`第 ${r} 轮`, `Round ${r}`), ms, { 'data-round': r }))),
    h('div', { class: 'bracket scroll', id: 'finals' }, ...finals.map((m) => koColumn(m.part.bracket === 'reset' ? L('总决赛重赛', 'Reset final') : L('总决赛', 'Grand final'), [m], { 'data-part': m.part.bracket }))));
}

/** A bracket round's name: the final, the semi-finals, … by how many lines it has. */
function roundName(k, lines) {
  if (lines === 1) return L('决赛', 'Final');
  if (lines === 2) return L('半决赛', 'Semi-finals');
  if (lines === 4) return L('四分之一决赛', 'Quarter-finals');
  return L(`第 ${k + 1} 轮`, `Round ${k + 1}`);
}

/** A group stage's tables, and the form that opens its final (CXA 10.2). */
function groupsSection() {
  const g = extra.groups;
  if (!g) return null;
  const done = T.rounds.length >= T.total_rounds && T.rounds.every((r) => r.complete);
  const k = h('input', { id: 'final-k', type: 'number', min: '1', value: '2' });
  const fmt = h('select', { id: 'final-format' },
    h('option', { value: 'knockout' }, L('淘汰制', 'Knockout')), h('option', { value: 'round_robin' }, L('单循环', 'Round robin')));
  const open = async () => {
    try {
      const f = await api('POST', `/api/tournaments/${id}/final`, { body: { qualifiers: Number(k.value), format: fmt.value } });
      location.href = `/tournaments/${f.id}`;
    } catch (err) { fail(err); }
  };
  return h('section', { class: 'panel sheet', id: 'groups' },
    h('h2', {}, `${T.name} — ${L('分组成绩', 'Groups')}`),
    h('div', { class: 'groups' }, ...g.groups.map((grp) => h('div', { class: 'group', 'data-group': grp.group },
      h('h3', {}, L(`第 ${grp.group} 组`, `Group ${grp.group}`)),
      h('table', { class: 'data' },
        h('thead', {}, h('tr', {}, ...[L('名次', 'Rank'), L('序号', 'No'), L('姓名', 'Name'), L('积分', 'Score')].map((x) => h('th', {}, x)))),
        h('tbody', {}, ...(grp.standings.length ? grp.standings : grp.players.map((no) => ({ rank: '', no, name: playerName(no), score: '' })))
          .map((s) => h('tr', {}, h('td', { class: 'num' }, s.rank), h('td', { class: 'num' }, s.no), h('td', {}, s.name), h('td', { class: 'num score' }, s.score)))))))),
    g.final
      ? h('p', {}, h('a', { href: `/tournaments/${g.final}`, id: 'final-link', class: 'button' }, L('决赛', 'The final')))
      : me === T.organiser && done
        ? h('div', { class: 'actions no-print' }, L('每组出线人数', 'Qualifiers per group'), k, fmt,
          h('button', { type: 'button', class: 'primary', id: 'open-final', onclick: open }, L('开始决赛', 'Open the final')))
        : null);
}

function standingsSection(st) {
  if (!st) return null;
  return h('section', { class: 'panel sheet', id: 'standings' },
    h('div', { class: 'panel-head' }, h('h2', {}, `${T.name} — ${L('名次表', 'Standings')}`,
      T.format.type === 'swiss_knockout' ? h('small', { class: 'stage' }, L('（积分编排阶段）', ' (Swiss stage)')) : null),
      h('button', { type: 'button', class: 'no-print', onclick: () => printSheet('standings') }, L('打印', 'Print'))),
    h('table', { class: 'data', id: 'standings-table' },
      h('thead', {}, h('tr', {}, h('th', {}, L('名次', 'Rank')), h('th', {}, L('序号', 'No')), h('th', {}, L('姓名', 'Name')), h('th', {}, L('积分', 'Score')),
        ...st.tie_breaks.map((tb) => h('th', { title: tb.zh }, getLang() === 'zh' ? tb.zh : tb.code)), h('th', {}, L('赛后等级分', 'New rating')))),
      h('tbody', {}, ...st.standings.map((s) => h('tr', { class: standingClass(s), 'data-no': s.no }, h('td', { class: 'num' }, s.rank), h('td', { class: 'num' }, s.no),
        h('td', {}, s.name, standingMark(s)),
        h('td', { class: 'num score' }, s.score), ...s.tie_breaks.map((v) => h('td', { class: 'num' }, v)), ratingCell(s.no))))));
}

/** 队员总分制 (CXA 11.5): the units as teams by the sum of their players' places, the smaller
 * first, equal sums by the best place (14.8). */
function teamPlacesSection() {
  const v = extra.teamPlaces;
  if (!v || !v.teams.length) return null;
  return h('section', { class: 'panel sheet', id: 'team-places' },
    h('h2', {}, `${T.name} — ${L('队员总分制团体名次', 'Teams by their players\' places')}`),
    h('p', { class: 'muted' }, L(`各队取前 ${v.counted} 名队员的名次之和，少者列前；相等比较最高个人名次（第 11.5、14.8 条）`,
      `Each team's best ${v.counted} places summed, the smaller first; equal sums by the best place (CXA 11.5, 14.8)`)),
    h('table', { class: 'data', id: 'team-places-table' },
      h('thead', {}, h('tr', {}, ...[L('名次', 'Rank'), L('队', 'Team'), L('名次和', 'Sum of places'), L('最高名次', 'Best place'), L('计入队员', 'Counted')].map((x) => h('th', {}, x)))),
      h('tbody', {}, ...v.teams.map((r) => h('tr', { 'data-team': r.team, class: r.complete ? '' : 'withdrawn' }, h('td', { class: 'num' }, r.rank), h('td', {}, r.team),
        h('td', { class: 'num sum' }, r.sum), h('td', { class: 'num' }, r.best ?? ''),
        h('td', {}, r.places.map((p) => `${p.name} (${p.place})`).join(', ')))))));
}

/** A standings row's class: withdrawn, eliminated (CXA 10.6), qualifying (CXA 10.5). */
function standingClass(s) {
  if (s.withdrawn_after != null) return 'withdrawn';
  if (s.eliminated_after != null) return 'eliminated';
  if (s.elimination_due) return 'due';
  return s.qualifier ? 'qualifier' : '';
}

/** The badge after a name in the standings. */
function standingMark(s) {
  const badge = (cls, text) => h('span', { class: `badge ${cls}` }, text);
  if (s.eliminated_after != null) return badge('out', L(`第 ${s.eliminated_after} 轮后淘汰`, `out after round ${s.eliminated_after}`));
  if (s.elimination_due) return badge('due', L('本轮后淘汰', 'out after this round'));
  if (s.qualifier && s.withdrawn_after == null) return badge('in', L('出线', 'qualifies'));
  return null;
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
  const finished = all >= T.total_rounds || T.champion != null;
  const pick = (idAttr) => h('select', { id: idAttr }, ...T.players.map((p) => h('option', { value: p.no }, `${p.no}. ${p.name}`)));
  const wPlayer = pick('w-player');
  const pPlayer = pick('p-player');
  const pRound = h('input', { id: 'p-round', type: 'number', min: '1', value: String(Math.max(1, all)) });
  const pKind = h('select', { id: 'p-kind' }, h('option', { value: 'foul' }, L('犯规', 'Foul')), h('option', { value: 'warning' }, L('警告', 'Warning')), h('option', { value: 'game_disqualification' }, L('判负', 'Game loss')));
  const arb = h('input', { id: 'arb-user', placeholder: L('裁判用户名', "Arbiter's user name") });
  return h('section', { class: 'panel no-print', id: 'office' },
    h('h2', {}, L('编排与裁判', 'Pairing and arbiting')),
    h('div', { class: 'actions' },
      h('button', { type: 'button', class: 'primary', id: 'pair', disabled: finished || !done || T.players.length < 2, onclick: async () => {
        try { await api('POST', `/api/tournaments/${id}/rounds`, { body: {} }); await reload(); } catch (err) { fail(err); }
      } }, T.champion != null ? L('比赛已决出冠军', 'The champion is decided') : all >= T.total_rounds ? L('各轮均已编排', 'All rounds paired') : L(`编排第 ${all + 1} 轮`, `Pair round ${all + 1}`)),
      // A knockout's count is an upper bound: play-offs may not be needed.
      h('span', {}, KNOCKOUTS.includes(T.format.type) ? L(`至多 ${T.total_rounds} 轮`, `at most ${T.total_rounds} rounds`) : L(`共 ${T.total_rounds} 轮`, `${T.total_rounds} rounds in all`))),
    T.players.length ? h('div', { class: 'actions' }, L('退赛：', 'Withdrawal: '), wPlayer,
      h('button', { type: 'button', id: 'withdraw', onclick: async () => {
        try { await api('POST', `/api/tournaments/${id}/withdrawals`, { body: { player: Number(wPlayer.value) } }); await reload(); } catch (err) { fail(err); }
      } }, L('登记退赛', 'Withdraw'))) : null,
    T.players.length && all ? h('div', { class: 'actions' }, L('处罚：', 'Penalty: '), pPlayer, L('轮', 'round'), pRound, pKind,
      h('button', { type: 'button', id: 'penalise', onclick: async () => {
        try { await api('POST', `/api/tournaments/${id}/penalties`, { body: { player: Number(pPlayer.value), round: Number(pRound.value), penalty: pKind.value } }); await reload(); toast(L('已记录', 'Recorded')); } catch (err) { fail(err); }
      } }, L('记录', 'Record'))) : null,
    me === T.organiser ? h('div', { class: 'actions' }, arb, h('button', { type: 'button', id: 'appoint', onclick: async () => {
      try { await api('POST', `/api/tournaments/${id}/arbiters`, { body: { username: arb.value } }); await reload(); toast(L('已任命', 'Appointed')); } catch (err) { fail(err); }
    } }, L('任命裁判', 'Appoint arbiter'))) : null,
    me === T.organiser && T.format.type === 'swiss' ? keepApartForm() : null,
    me === T.organiser && !all && DRAWN.includes(T.format.type) && T.players.length >= 2 ? h('div', { class: 'actions' },
      h('button', { type: 'button', id: 'draw-lots', onclick: async () => {
        try { await api('POST', `/api/tournaments/${id}/draw`, { body: {} }); await reload(); toast(L('已抽签', 'Lots drawn')); } catch (err) { fail(err); }
      } }, extra.draw ? L('重新抽签', 'Draw the lots again') : L('抽签定序号', 'Draw start numbers by lot')),
      h('small', {}, L('循环赛对局秩序表的位置、淘汰赛的种子按签号（CXA 10.1、10.4）', 'order-table places and bracket seeds follow the lots (CXA 10.1, 10.4)'))) : null);
}

/** Players kept apart in a Swiss (CXA 10.3, appendix 3: players of one unit 同单位). */
function keepApartForm() {
  const clubs = h('input', { type: 'checkbox', id: 'apart-clubs' });
  const players = h('input', { id: 'apart-players', placeholder: L('序号，如 3,7,12', 'Start numbers, e.g. 3,7,12') });
  return h('div', { class: 'actions' }, L('回避：', 'Keep apart: '),
    h('label', {}, clubs, L('同单位棋手', 'club-mates')), players,
    h('button', { type: 'button', id: 'keep-apart', onclick: async () => {
      const list = players.value.split(/[,\s]+/).filter(Boolean).map(Number);
      try { await api('POST', `/api/tournaments/${id}/keep-apart`, { body: { clubs: clubs.checked, players: list } }); await reload(); toast(L('已记录', 'Recorded')); } catch (err) { fail(err); }
    } }, L('记录', 'Record')));
}

function printSheet(sheetId) {
  document.body.dataset.print = sheetId;
  for (const s of document.querySelectorAll('.sheet')) s.classList.toggle('printing', s.id === sheetId);
  window.print();
}
window.addEventListener('afterprint', () => { delete document.body.dataset.print; });

function renderTournament(st, ct) {
  const tc = T.time_control;
  main.replaceChildren(
    h('div', { class: 'tournament' },
      h('header', { class: 'panel t-head' },
        h('h1', { id: 't-title' }, T.name),
        h('p', {}, formatText(T.format), ' · ', (T.rules.book || T.rules) === 'wxf2018' ? 'WXF 2018' : 'CXA 2011',
          ` · ${L('计分', 'scoring')} ${T.scoring.win}-${T.scoring.draw_red}-${T.scoring.loss}`,
          ` · ${L('破同分', 'tie-breaks')} ${T.tie_breaks.join(', ')}`,
          ' · ', h('span', { id: 't-tc-shown' }, tc ? `${L('用时', 'time control')} ${tc}` : L('不计时', 'untimed')),
          ` · ${L('组织者', 'organiser')} ${T.organiser}`, T.arbiters.length ? h('span', { id: 't-arbiters' }, ` · ${L('裁判', 'arbiters')} ${T.arbiters.join(', ')}`) : '',
          T.kept_apart && T.kept_apart.length ? ` · ${L('回避', 'kept apart')} ${T.kept_apart.map((g) => g.join('/')).join('; ')}` : ''),
        T.rules && T.rules.book ? h('p', { id: 't-game-rules', class: 'game-rules' }, L('对局规则', 'Games\' rules'), ': ',
          Object.entries(T.rules).filter(([k]) => k !== 'book').map(([k, v]) => `${k} ${v === null ? '—' : v}`).join(' · ')) : null,
        T.stage_of ? h('p', {}, h('a', { href: `/tournaments/${T.stage_of}` }, L('← 分组赛', '← Group stage'))) : null,
        h('p', { class: 'actions no-print' },
          h('a', { class: 'button', href: `/api/tournaments/${id}/export.trf` }, 'TRF'),
          h('a', { class: 'button', href: `/api/tournaments/${id}/export.csv?table=standings` }, L('名次 CSV', 'Standings CSV')),
          h('a', { class: 'button', href: `/api/tournaments/${id}/export.csv?table=crosstable` }, L('交叉表 CSV', 'Crosstable CSV')),
          h('a', { class: 'button', href: `/api/tournaments/${id}/export.csv?table=players` }, L('名单 CSV', 'Entries CSV')),
          h('a', { class: 'button', id: 'export-pgn', href: `/api/tournaments/${id}/export.pgn`, title: L('各台实战对局', 'the boards\' live games') }, L('对局 PGN', 'Games PGN')))),
      me ? null : accountBox(reload),
      officeSection(),
      bracketSection(),
      groupsSection(),
      ['knockout', 'double_elimination', 'lot_knockout'].includes(T.format.type) ? null : standingsSection(st),
      teamPlacesSection(),
      // A bracket's order is its own: a crosstable ranked by points would mislead.
      ['knockout', 'double_elimination', 'lot_knockout'].includes(T.format.type) ? null : crosstableSection(ct),
      ...T.rounds.slice().reverse().map(roundSection),
      playersSection()));
}

window.addEventListener('langchange', () => { if (id) reload(); else listPage(); });

if (id) {
  whoami().then(reload).catch((err) => main.replaceChildren(h('p', { class: 'error' }, `${t('err')}: ${err.message}`)));
} else listPage();
