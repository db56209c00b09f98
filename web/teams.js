// A team event's page, /teams/{id} (CXA 2011 ch. 11): teams and their players, pairing the
// round robin, a Swiss of teams by the CXA engine (10.3, 12.3) or by the arbiter's hand, or a
// knockout from its bracket, line-ups
// (CXA 11.2, 11.3), each match board by board with the first-listed team red on odd boards
// (12.2), two games a board with colours swapped (12.4) and the match's 局分 (13.2) or 大分 and
// 小分 (WXF 9.4), withdrawals (CXA 19), byes, the bracket, and the standings by 场分 then the
// book's tie-breaks (or the organiser's). Also 全队轮赛制 (CXA 11.4: each board's games against
// every player of the other team), the board order by rating with the organiser's override
// (11.1) or drawn by lot (11.3), and fouls and sanctions against a player or a team
// (全队犯规, CXA 14.5; 18.5).
// Writes need the organiser's session (signed in on /tournaments).

import { api, h, t, setupPage, toast, getLang } from './common.js';

const main = setupPage();
const id = document.body.dataset.id;
const L = (zh, en) => (getLang() === 'zh' ? zh : en);
const fail = (err) => toast(`${err.body && err.body.field ? `${err.body.field}: ` : ''}${err.message}`, 'error');
let me = null;
let T = null;
let bracket = null;

const RESULTS = ['', '1-0', '0-1', '1/2', '+/-', '-/+', '-/-'];
const resultLabel = (r) => ({ '': '—', '1-0': L('红胜', 'Red wins'), '0-1': L('黑胜', 'Black wins'), '1/2': L('和', 'Draw'), '+/-': L('黑弃权', 'Black forfeits'), '-/+': L('红弃权', 'Red forfeits'), '-/-': L('双方弃权', 'Double forfeit') }[r] ?? r);
const teamName = (no) => (T.teams[no - 1] || {}).name || `#${no}`;
const canWrite = () => me && me === T.organiser;

async function reload() {
  T = await api('GET', `/api/teams/${encodeURIComponent(id)}`);
  bracket = T.format.type === 'knockout' ? await api('GET', `/api/teams/${id}/bracket`).catch(() => null) : null;
  render();
}

/** "北京: 王天一 2700, 蒋川, 唐丹" per line → teams (a rating after a player's name). */
function parseTeams(text, override) {
  return text.split('\n').map((l) => l.trim()).filter(Boolean).map((line) => {
    const [name, ...rest] = line.split(/[:：]/);
    const players = rest.join(':').split(/[,，、]/).map((p) => p.trim()).filter(Boolean).map((p) => {
      const m = p.match(/^(.*?)\s+(\d{3,5})$/);
      return m ? { name: m[1].trim(), rating: Number(m[2]) } : { name: p };
    });
    return override ? { name: name.trim(), players, order_override: override } : { name: name.trim(), players };
  });
}

function teamsSection() {
  const text = h('textarea', { id: 'teams-text', rows: 4, spellcheck: 'false', placeholder: L('每行一队：队名: 棋手1 2400, 棋手2, …（按等级分排序，第 11.1 条）', 'One team a line: Team: player 1 2400, player 2, … (by rating, CXA 11.1)') });
  const override = h('input', { id: 'order-override', size: 30, placeholder: L('不按等级分排序的理由（组织者，第 11.1 条）', 'Reason to accept an order not by rating (CXA 11.1)') });
  return h('section', { class: 'panel', id: 'teams' },
    h('h2', {}, L('参赛队', 'Teams'), ` (${T.teams.length})`),
    h('table', { class: 'data', id: 'teams-table' },
      h('thead', {}, h('tr', {}, h('th', {}, L('序号', 'No')), h('th', {}, L('队名', 'Team')), h('th', {}, L('棋手（报名顺序）', 'Players (registered order)')),
        h('th', { title: L('全队犯规（第 14.5 条）', 'Team fouls (CXA 14.5)') }, L('犯规', 'Fouls')), h('th', { title: L('警告 / 取消当场比赛资格（第 18.1、18.2 条）', 'Warnings / game disqualifications (CXA 18.1, 18.2)') }, L('处分', 'Sanctions')))),
      h('tbody', {}, ...T.teams.map((tm) => h('tr', { class: tm.withdrawn_after != null ? 'withdrawn' : '', 'data-team': tm.no }, h('td', { class: 'num' }, tm.no), h('td', {}, tm.name,
        tm.withdrawn_after != null ? h('span', { class: 'badge out' }, L(`第 ${tm.withdrawn_after} 轮后退赛`, `withdrew after round ${tm.withdrawn_after}`)
          + (tm.results_cancelled ? L('，成绩取消', ', results cancelled') : '')) : null),
        h('td', {}, tm.players.map((p, k) => `${k + 1}. ${p.name}${p.rating ? ` (${p.rating})` : ''}`).join('  '),
          tm.order_override ? h('span', { class: 'badge', title: tm.order_override }, L('台次经组织者认可', 'order by override')) : null),
        h('td', { class: 'num fouls' }, tm.fouls), h('td', { class: 'num sanctions' }, tm.disqualifications ? `${tm.warnings} / ${tm.disqualifications}` : tm.warnings))))),
    canWrite() && !T.rounds.length ? h('div', { class: 'no-print' }, text, h('div', { class: 'actions' },
      T.board_rule !== 'temporary' ? override : null,
      h('button', { type: 'button', class: 'primary', id: 'add-teams', onclick: async () => {
        try { await api('POST', `/api/teams/${id}/teams`, { body: { teams: parseTeams(text.value, override.value.trim()) } }); await reload(); } catch (err) { fail(err); }
      } }, L('报名', 'Register')))) : null);
}

function matchTable(r, m) {
  const lineupForm = (side) => {
    const no = side === 0 ? m.first : m.second;
    const input = h('input', { id: `lineup-${r.round}-${no}`, placeholder: L('报名序号，如 1,2,3', 'Registered numbers, e.g. 1,2,3'), size: 14 });
    const send = (lot) => async () => {
      const lineup = input.value.split(/[,\s，]+/).filter(Boolean).map(Number);
      try { await api('POST', `/api/teams/${id}/rounds/${r.round}/lineups`, { body: lot ? { team: no, lineup, lot: true } : { team: no, lineup } }); await reload(); } catch (err) { fail(err); }
    };
    return h('span', { class: 'lineup' }, `${teamName(no)}: `, input, h('button', { type: 'button', 'data-lineup': `${r.round}-${no}`, onclick: send(false) }, L('提交出场名单', 'Submit line-up')),
      // 临时定台制: the board order may be drawn by lot (CXA 11.3).
      T.board_rule === 'temporary' ? h('button', { type: 'button', 'data-lineup-lot': `${r.round}-${no}`, title: L('按抽签确定这些队员的台次（第 11.3 条）', 'Draw these players\' boards by lot (CXA 11.3)'), onclick: send(true) }, L('抽签定台', 'Draw boards by lot')) : null);
  };
  const missing = [0, 1].filter((s) => m.lineups[s] == null);
  const select = (b, game, value) => h('select', { 'aria-label': `table ${m.table} board ${b.board} game ${game}`, 'data-table': m.table, 'data-board': b.board, 'data-game': game, disabled: !canWrite(), onchange: async (e) => {
    if (!e.target.value) return;
    try { await api('PUT', `/api/teams/${id}/rounds/${r.round}/tables/${m.table}/boards/${b.board}/result`, { body: { result: e.target.value, game } }); await reload(); } catch (err) { fail(err); }
  } }, ...RESULTS.map((x) => h('option', { value: x, selected: (value || '') === x }, resultLabel(x))));
  const cell = (b, game, value) => h('td', { class: 'result', 'data-game': game }, h('span', { class: 'print-only' }, value || ''), h('span', { class: 'no-print' }, select(b, game, value)));
  const other = (red) => (red === m.first ? m.second : m.first);
  // 全队轮赛制 (CXA 11.4): a row per game of each board, the first team's player against each
  // of the other team's in turn.
  const rows = T.all_play_all
    ? m.boards.flatMap((b) => (b.games || []).map((g) => h('tr', { 'data-board': b.board, 'data-game': g.game }, h('td', { class: 'num' }, b.board), h('td', { class: 'num' }, g.game),
      h('td', {}, `${g.red ?? ''} (${teamName(g.red_team)})`),
      h('td', {}, `${g.black ?? ''} (${teamName(other(g.red_team))})`),
      cell(b, g.game, g.result))))
    : m.boards.map((b) => h('tr', {}, h('td', { class: 'num' }, b.board),
      h('td', {}, `${b.red ?? ''} (${teamName(b.red_team)})`),
      h('td', {}, `${b.black ?? ''} (${teamName(other(b.red_team))})`),
      cell(b, 1, b.result),
      T.two_games ? cell(b, 2, b.result2) : null));
  const heads = T.all_play_all
    ? [L('台次', 'Bd'), L('轮', 'Game'), L('红方', 'Red'), L('黑方', 'Black'), L('结果', 'Result')]
    : T.two_games
    ? [L('台次', 'Bd'), L('红方（第一局）', 'Red (game 1)'), L('黑方（第一局）', 'Black (game 1)'), L('第一局', 'Game 1'), L('第二局（换先）', 'Game 2 (colours swapped)')]
    : [L('台次', 'Bd'), L('红方', 'Red'), L('黑方', 'Black'), L('结果', 'Result')];
  const notes = [];
  if (m.cancelled) notes.push(L('成绩取消（退赛队未赛满半数，第 19.2 条）', 'Results cancelled (a team left having played fewer than half, CXA 19.2)'));
  else if (m.forfeited && m.forfeited.length) notes.push(L(`${m.forfeited.map(teamName).join('、')} 已退赛，各台判负`, `${m.forfeited.map(teamName).join(', ')} withdrew: every board forfeited`));
  return h('div', { class: 'team-match', 'data-table': m.table },
    h('h3', {}, L(`第 ${m.table} 台：`, `Table ${m.table}: `), `${teamName(m.first)} — ${teamName(m.second)}`),
    missing.length && canWrite() && !(m.forfeited && m.forfeited.length) ? h('div', { class: 'actions no-print' }, ...missing.map(lineupForm)) : null,
    missing.length ? h('p', { class: 'muted' }, L('等待出场名单', 'Waiting for line-ups')) : h('table', { class: 'data pairings' },
      h('thead', {}, h('tr', {}, ...heads.map((x) => h('th', {}, x)))),
      h('tbody', {}, ...rows)),
    scoreLine(m),
    ...notes.map((n) => h('p', { class: 'muted' }, n)));
}

/** A match's score: 局分 (CXA 13.2), or 大分 then 小分 for two games under WXF 9.4, and the
 * 场分 once every game has a result. */
function scoreLine(m) {
  const s = m.score;
  if (!s) return null;
  const pair = (x) => `${x[0]} : ${x[1]}`;
  const parts = [];
  if (s.big_points) {
    parts.push(h('span', { class: 'big-points' }, L('大分 ', 'big points '), pair(s.big_points)));
    parts.push(' · ', h('span', { class: 'small-points', title: L('WXF 第 9.4 条的小分即局分，与名次表的小分（索邦分）不同', "WXF 9.4's small points are game points, not the standings' Sonneborn-Berger") }, L('小分（局分） ', 'small points (game points) '), pair(s.small_points)));
  } else {
    parts.push(h('span', { class: 'game-points' }, L('局分 ', 'game points '), pair(s.game_points)));
  }
  if (s.match_points) parts.push(' · ', h('strong', { class: 'match-points' }, L('场分 ', 'match points '), pair(s.match_points)));
  return h('p', { class: 'match-score' }, `${teamName(m.first)} : ${teamName(m.second)} — `, ...parts);
}

/** A team knockout's bracket, one column per bracket round (CXA 10.4). */
function bracketSection() {
  if (!bracket || !bracket.rounds.length) return null;
  const name = (m, no) => (no == null ? (m.decision === 'bye' ? L('轮空', 'bye') : L('待定', 'to be decided')) : teamName(no));
  const mark = { win: '1', draw: '½', loss: '0', forfeit_win: '+', forfeit_loss: '−' };
  const side = (m, no, first) => h('div', { class: `ko-player${m.winner != null && m.winner === no ? ' winner' : ''}` },
    h('span', {}, name(m, no)),
    h('span', { class: 'ko-games' }, m.games.map((g) => {
      const o = g.first_outcome;
      if (!o) return '·';
      const mine = first ? o : { win: 'loss', loss: 'win', forfeit_win: 'forfeit_loss', forfeit_loss: 'forfeit_win' }[o] || o;
      return mark[mine] ?? '?';
    }).join(' ')));
  const title = (k, n) => (n === 1 ? L('决赛', 'Final') : n === 2 ? L('半决赛', 'Semi-finals') : L(`第 ${k + 1} 轮`, `Round ${k + 1}`));
  return h('section', { class: 'panel sheet', id: 'bracket' },
    h('div', { class: 'panel-head' }, h('h2', {}, `${T.name} — ${L('对阵图', 'Bracket')}`),
      bracket.champion != null ? h('p', { id: 'champion' }, L('冠军：', 'Champion: '), h('strong', {}, teamName(bracket.champion))) : null),
    h('div', { class: 'bracket scroll' }, ...bracket.rounds.map((round, k) => h('div', { class: 'ko-round', 'data-round': k + 1 },
      h('h3', {}, title(k, round.length)),
      h('div', { class: 'ko-matches' }, ...round.map((m) => h('div', { class: 'ko-match', 'data-decision': m.decision },
        side(m, m.first, true), side(m, m.second, false))))))));
}

function formatText() {
  const f = T.format;
  let text = f.type === 'swiss' ? L(`积分编排 ${f.rounds} 轮`, `Swiss, ${f.rounds} rounds`)
    : f.type === 'knockout' ? L('淘汰制', 'knockout')
      : f.cycles === 2 ? L('双循环', 'double round robin') : L('单循环', 'round robin');
  if (T.all_play_all) text += L(' · 全队轮赛制（每场各队员逐一对弈，第 11.4 条）', ' · all-play-all matches (every player meets every player, CXA 11.4)');
  if (T.two_games) text += L(' · 两局制（第二局换先）', ' · two games a board (colours swapped)');
  if (T.ranking === 'game_points') text += L(' · 先比局分', ' · ranked by game points first');
  return text;
}

/** The office: pairing (a Swiss of teams by the CXA engine, or the arbiter's matches when
 * given) and withdrawals. */
function officeSection(complete) {
  const f = T.format.type;
  const done = T.champion != null || (f !== 'knockout' && T.rounds.length >= T.total_rounds);
  const given = h('input', { id: 'pair-matches', placeholder: L('对阵，如 1-2, 3-4（留空则自动编排）', 'Matches, e.g. 1-2, 3-4 (empty: the engine pairs)'), size: 24,
    title: L('留空时按积分编排制自动编排：场分相同或相近者相遇，不重复对阵，先后手轮换，轮空给未轮空过的最后一名（第 10.3、12.3、14.4 条）',
      'Left empty, the CXA engine pairs: equal or nearest match points meet, no rematch, the first-listed team alternated, the bye to the lowest team without one (CXA 10.3, 12.3, 14.4)') });
  const byes = h('input', { id: 'pair-byes', placeholder: L('轮空队序号，如 5', 'Byes, e.g. 5'), size: 10 });
  const pairBody = () => {
    // Nothing given: the server pairs a Swiss of teams with the CXA engine.
    if (f !== 'swiss' || (!given.value.trim() && !byes.value.trim())) return undefined;
    const matches = given.value.split(/[,，;\s]+/).filter(Boolean).map((x) => {
      const [first, second] = x.split(/[-–:]/).map(Number);
      return { first, second };
    });
    return { matches, byes: byes.value.split(/[,，\s]+/).filter(Boolean).map(Number) };
  };
  const wTeam = h('select', { id: 'w-team' }, ...T.teams.filter((tm) => tm.withdrawn_after == null).map((tm) => h('option', { value: tm.no }, `${tm.no}. ${tm.name}`)));
  // Fouls and sanctions (CXA 8, 18.1, 18.2) against a player (registered number) or the team.
  const pTeam = h('select', { id: 'p-team' }, ...T.teams.map((tm) => h('option', { value: tm.no }, `${tm.no}. ${tm.name}`)));
  const pPlayer = h('input', { id: 'p-player', type: 'number', min: '1', max: '50', size: 4, placeholder: L('队员序号（空：全队）', 'Player no. (empty: the team)') });
  const pKind = h('select', { id: 'p-kind' }, h('option', { value: 'foul' }, L('犯规', 'Foul')), h('option', { value: 'warning' }, L('警告（18.1）', 'Warning (18.1)')),
    h('option', { value: 'game_disqualification' }, L('取消当场比赛资格（18.2）', 'Game disqualification (18.2)')));
  return h('section', { class: 'panel no-print', id: 'office' },
    h('div', { class: 'actions' },
      f === 'swiss' ? given : null, f === 'swiss' ? byes : null,
      h('button', { type: 'button', class: 'primary', id: 'pair', disabled: !complete || T.teams.length < 2 || done, onclick: async () => {
        try { await api('POST', `/api/teams/${id}/rounds`, { body: pairBody() }); await reload(); } catch (err) { fail(err); }
      } }, T.champion != null ? L('已决出冠军', 'The champion is decided') : done && T.teams.length >= 2 ? L('各轮均已编排', 'All rounds paired') : L(`编排第 ${T.rounds.length + 1} 轮`, `Pair round ${T.rounds.length + 1}`)),
      h('span', {}, f === 'knockout' ? L(`至多 ${T.total_rounds} 轮`, `at most ${T.total_rounds} rounds`) : L(`共 ${T.total_rounds} 轮`, `${T.total_rounds} rounds in all`))),
    T.teams.length ? h('div', { class: 'actions' }, L('退赛：', 'Withdrawal: '), wTeam,
      h('button', { type: 'button', id: 'withdraw', onclick: async () => {
        try { await api('POST', `/api/teams/${id}/withdrawals`, { body: { team: Number(wTeam.value) } }); await reload(); } catch (err) { fail(err); }
      } }, L('登记退赛', 'Withdraw'))) : null,
    T.teams.length && T.rounds.length ? h('div', { class: 'actions' }, L('犯规与处分：', 'Fouls and sanctions: '), pTeam, pPlayer, pKind,
      h('button', { type: 'button', id: 'penalise', onclick: async () => {
        const body = { team: Number(pTeam.value), penalty: pKind.value };
        if (pPlayer.value) body.player = Number(pPlayer.value);
        try { await api('POST', `/api/teams/${id}/penalties`, { body }); await reload(); } catch (err) { fail(err); }
      } }, L('登记', 'Record'))) : null);
}

const byeText = () => ({ swiss: L('轮空（按胜一场计）：', 'Bye (a match won): '), knockout: L('轮空（直接晋级）：', 'Bye (through): ') }[T.format.type] || L('轮休：', 'Resting: '));

function render() {
  const complete = T.rounds.every((r) => r.matches.every((m) => m.cancelled || (m.score && m.score.complete)));
  const rules = { fixed: L('分台定人制', 'fixed boards'), order_kept: L('分台换人制', 'reserves, order kept'), temporary: L('临时定台制', 'order chosen per match') }[T.board_rule] || T.board_rule;
  main.replaceChildren(h('div', { class: 'tournament' },
    h('header', { class: 'panel t-head' },
      h('h1', { id: 't-title' }, T.name),
      h('p', {}, L('团体赛', 'Team event'), ` · ${formatText()}`,
        ` · ${L(`每场 ${T.boards} 台`, `${T.boards} boards a match`)} · ${rules} · ${(T.rules.book || T.rules) === 'wxf2018' ? 'WXF 2018' : 'CXA 2011'}`,
        ` · ${L('组织者', 'organiser')} ${T.organiser}`),
      me ? null : h('p', { class: 'no-print' }, h('a', { href: '/tournaments' }, L('组织者请先登录', 'Organiser: sign in first')))),
    canWrite() ? officeSection(complete) : null,
    bracketSection(),
    // A knockout's order is its bracket: a table by 场分 would mislead.
    T.standings.length && T.format.type !== 'knockout' ? h('section', { class: 'panel sheet', id: 'standings' },
      h('h2', {}, `${T.name} — ${L('团体名次', 'Team standings')}`),
      h('table', { class: 'data', id: 'standings-table' },
        h('thead', {}, h('tr', {}, ...[L('名次', 'Rank'), L('序号', 'No'), L('队名', 'Team'), T.ranking === 'game_points' ? L('局分', 'Game points') : L('场分', 'Match points')].map((x) => h('th', {}, x)),
          ...T.tie_breaks.map((tb) => h('th', { title: tb.zh }, getLang() === 'zh' ? tb.zh : tb.code)))),
        h('tbody', {}, ...T.standings.map((s) => h('tr', {}, h('td', { class: 'num' }, s.rank), h('td', { class: 'num' }, s.no), h('td', {}, s.name),
          h('td', { class: 'num score' }, s.score), ...s.tie_breaks.map((v) => h('td', { class: 'num' }, v))))))) : null,
    ...T.rounds.slice().reverse().map((r) => h('section', { class: 'panel sheet round', id: `round-${r.round}` },
      h('h2', {}, `${T.name} — ${L(`第 ${r.round} 轮`, `Round ${r.round}`)}`),
      ...r.matches.map((m) => matchTable(r, m)),
      r.byes.length ? h('p', { class: 'byes' }, byeText(), r.byes.map(teamName).join(', ')) : null,
      r.seed != null ? h('p', { class: 'muted seed' }, L(`抽签种子 ${r.seed}`, `Lot seed ${r.seed}`)) : null)),
    teamsSection()));
}

window.addEventListener('langchange', () => reload());
(async () => {
  try { me = (await api('GET', '/api/sessions')).username; } catch { me = null; }
  try { await reload(); } catch (err) { main.replaceChildren(h('p', { class: 'error' }, `${t('err')}: ${err.message}`)); }
})();
