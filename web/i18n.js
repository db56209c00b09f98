// Every word the pages show, in Chinese and English. The language is kept in localStorage;
// the first visit follows the browser.

const WORDS = {
  'nav.newgame': ['新对局', 'New game'],
  'nav.viewer': ['棋谱', 'Viewer'],
  'nav.tournaments': ['赛事', 'Tournaments'],
  'home.title': ['象棋竞赛系统', 'Xiangqi competition system'],
  'home.intro': ['对局、裁判与赛事，依中国象棋协会 2011 与世界象棋联合会 2018 规则。', 'Live games, arbiting and tournaments under the CXA 2011 and WXF 2018 rules.'],
  'home.games': ['对局', 'Games'],
  'home.none': ['尚无对局。', 'No games yet.'],
  'new.title': ['新对局', 'New game'],
  'new.red': ['红方', 'Red'],
  'new.black': ['黑方', 'Black'],
  'new.event': ['赛事名称', 'Event'],
  'new.rules': ['规则', 'Rules'],
  'new.tc': ['用时', 'Time control'],
  'new.tc.help': ['例如 60m+30s、90m/40,30m、5m;30s；留空为不计时', 'e.g. 60m+30s, 90m/40,30m, 5m;30s; empty: untimed'],
  'new.fen': ['开局局面 (FEN，可空)', 'Start position (FEN, optional)'],
  'new.create': ['创建', 'Create'],
  'new.links': ['链接 — 每个链接只给其持有人', 'Links — give each only to its holder'],
  'new.link.red': ['红方棋手', 'Red player'],
  'new.link.black': ['黑方棋手', 'Black player'],
  'new.link.arbiter': ['裁判', 'Arbiter'],
  'new.link.spectator': ['观众', 'Spectators'],
  'side.red': ['红方', 'Red'],
  'side.black': ['黑方', 'Black'],
  'role.red': ['你执红', 'You play Red'],
  'role.black': ['你执黑', 'You play Black'],
  'role.arbiter': ['裁判', 'Arbiter'],
  'role.spectator': ['观战（只读）', 'Spectating (read only)'],
  'game.flip': ['翻转棋盘', 'Flip board'],
  'game.moves': ['着法', 'Moves'],
  'game.notation': ['记谱', 'Notation'],
  'notation.chinese': ['中文', 'Chinese'],
  'notation.wxf': ['WXF', 'WXF'],
  'notation.iccs': ['ICCS', 'ICCS'],
  'game.turn.red': ['红方走棋', 'Red to move'],
  'game.turn.black': ['黑方走棋', 'Black to move'],
  'game.check': ['将军！', 'Check!'],
  'game.over': ['对局结束', 'Game over'],
  'game.type': ['输入着法', 'Type a move'],
  'game.type.help': ['ICCS、WXF 或中文，如 h2e2、C2=5、车 2+6、炮二平五', 'ICCS, WXF or Chinese: h2e2, C2=5, 车 2+6, 炮二平五'],
  'game.play': ['走', 'Play'],
  'game.resign': ['认输', 'Resign'],
  'game.draw_offer': ['提和', 'Offer a draw'],
  'game.draw_accept': ['同意和棋', 'Accept the draw'],
  'game.draw_decline': ['拒绝和棋', 'Decline the draw'],
  'game.move_limit': ['自然限着判和', 'Claim the move limit'],
  'game.repetition': ['请求棋例裁决', 'Ask for a repetition ruling'],
  'game.draw_offered': ['{side}提和', '{side} offers a draw'],
  'game.tournament': ['{name}，第 {round} 轮第 {board} 台', '{name}, round {round}, board {board}'],
  'game.confirm_resign': ['确定认输？', 'Resign this game?'],
  'game.untimed': ['不计时', 'untimed'],
  'game.connection': ['连接中断，重连中…', 'Connection lost, reconnecting…'],
  'arb.title': ['裁判席', 'Arbiter'],
  'game.adjourned': ['封棋中', 'Adjourned'],
  'game.adjourned.seal': ['请写下您的着法封存', 'write your move to seal it'],
  'game.adjourned.sealed': ['着法已封存，待裁判续赛', 'the move is sealed; the arbiter resumes'],
  'game.seal': ['封棋', 'Seal the move'],
  'game.touch': ['摸子走子（{side}）：须走', 'Touch-move ({side}): bound to'],
  'game.move_limit_count': ['限着：还剩 {n} 回合（共 {moves} 回合）', 'Move count: {n} of {moves} moves left'],
  'game.corrected': ['已纠错：退回第 {ply} 着之前', 'Corrected: back before ply {ply}'],
  'game.fouls': ['犯规', 'Fouls'],
  'game.nine_rounds': ['九回合规则', 'Claim nine rounds'],
  'arb.procedures': ['裁判程序', 'At the table'],
  'arb.touch.record': ['记录摸子（约束棋手）', 'Record the touch (binds the player)'],
  'arb.adjourn': ['宣布封棋', 'Call the adjournment'],
  'arb.resume': ['续赛（开封着法）', 'Resume (open the sealed move)'],
  'arb.correct': ['纠正错误，退回到此着之前', 'Correct an error: back before ply'],
  'arb.correct.illegal': ['违规着法', 'Illegal move'],
  'arb.correct.displaced': ['棋子意外移位', 'Piece displaced'],
  'arb.correct.go': ['纠错', 'Correct'],
  'arb.swap': ['先后手颠倒：换先重赛', 'Colours reversed: swap and replay'],
  'arb.declare': ['裁判判定结果', 'Declare the result'],
  'arb.declare.reason': ['理由', 'Reason'],
  'arb.declare.go': ['判定', 'Declare'],
  'arb.count': ['限着回合数', 'Moves in the count'],
  'arb.count.go': ['宣布限着', 'Start the count'],
  'arb.ruling': ['棋例裁决', 'Repetition ruling'],
  'arb.ask': ['裁决当前局面', 'Rule on the position'],
  'arb.none': ['无循环，无需裁决。', 'No repetition: nothing to rule.'],
  'arb.clock_stop': ['停钟', 'Stop the clock'],
  'arb.clock_resume': ['开钟', 'Restart the clock'],
  'arb.touch': ['摸子走子助手', 'Touch-move helper'],
  'arb.touch.help': ['点按棋手摸过的棋子（按顺序），然后查看应走之着。', 'Click the pieces the player touched, in order, to see the moves it is bound to.'],
  'arb.touch.start': ['开始记录摸子', 'Record touches'],
  'arb.touch.clear': ['清除', 'Clear'],
  'arb.touch.at_once': ['同时摸子', 'Touched at once'],
  'arb.touch.bound': ['须走', 'Bound to'],
  'arb.touch.foul': ['应判犯规', 'Foul due'],
  'arb.touch.enter_foul': ['记录摸子犯规', 'Enter the touch foul'],
  'arb.touch.step.untouched': ['未摸子：任走一着', 'Nothing touched: any move'],
  'arb.touch.step.touched_takes_touched': ['以所摸之子吃所摸之子', 'The touched piece takes the touched piece'],
  'arb.touch.step.move_touched': ['走所摸之子', 'Move the touched piece'],
  'arb.touch.step.take_touched': ['吃所摸之子', 'Take the touched piece'],
  'arb.touch.step.free': ['无法履行：任走一着', 'Cannot be kept: any move'],
  'arb.foul_entered': ['已记录犯规', 'Foul entered'],
  'result.1-0': ['红胜', 'Red wins'],
  'result.0-1': ['黑胜', 'Black wins'],
  'result.1/2-1/2': ['和棋', 'Draw'],
  'term.checkmate': ['将死', 'checkmate'],
  'term.stalemate': ['困毙', 'stalemate'],
  'term.resignation': ['认输', 'resignation'],
  'term.time_forfeit': ['超时', 'time forfeit'],
  'term.agreement': ['议和', 'agreement'],
  'term.repetition': ['棋例', 'repetition'],
  'term.move_limit': ['自然限着', 'move limit'],
  'term.declared': ['裁判判定', 'declared by the arbiter'],
  'term.sealed_move': ['封棋着法有误', 'sealed move illegal'],
  'term.foul': ['犯规', 'fouls'],
  'view.title': ['棋谱浏览', 'Game viewer'],
  'view.open': ['打开 PGN 或 XQF 文件', 'Open a PGN or XQF file'],
  'view.paste': ['或粘贴 PGN', 'or paste PGN'],
  'view.read': ['读取', 'Read'],
  'view.game': ['对局', 'Game'],
  'view.start': ['开局', 'Start'],
  'view.prev': ['上一步', 'Back'],
  'view.next': ['下一步', 'Forward'],
  'view.end': ['终局', 'End'],
  'view.svg': ['导出 SVG', 'Export SVG'],
  'view.png': ['导出 PNG', 'Export PNG'],
  'view.keys': ['键盘：← → 逐步，Home/End 首尾', 'Keys: ← → step, Home/End'],
  'view.errors': ['错误', 'Errors'],
  't.title': ['赛事', 'Tournaments'],
  't.none': ['赛事接口尚未提供。', 'The tournament API is not available yet.'],
  'err': ['错误', 'Error'],
};

let lang = localStorage.getItem('xq.lang') || ((navigator.language || 'zh').startsWith('zh') ? 'zh' : 'en');

export function getLang() { return lang; }

export function setLang(l) {
  lang = l === 'en' ? 'en' : 'zh';
  localStorage.setItem('xq.lang', lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  applyI18n();
  window.dispatchEvent(new CustomEvent('langchange', { detail: lang }));
}

/** The word for `key` in the current language, with `{name}` filled from `vars`. */
export function t(key, vars = {}) {
  const w = WORDS[key];
  let s = w ? w[lang === 'zh' ? 0 : 1] : key;
  for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, v);
  return s;
}

/** Writes the words into every element with data-i18n (text) or data-i18n-placeholder. */
export function applyI18n(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-placeholder]')) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll('[data-i18n-title]')) { el.title = t(el.dataset.i18nTitle); el.setAttribute('aria-label', el.title); }
  const b = document.getElementById('lang');
  if (b) b.textContent = lang === 'zh' ? 'EN' : '中文';
}
