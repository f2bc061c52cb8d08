// Every user-facing string of the client lives here, so more UI languages can
// be added later by swapping this module. Plain strings, or small functions
// where a count or a name goes in.

const LOCALE = 'en';

const listFormat = typeof Intl !== 'undefined' && Intl.ListFormat
  ? new Intl.ListFormat(LOCALE, { style: 'long', type: 'conjunction' })
  : null;

/** "Ana", "Ana and Ben", "Ana, Ben, and Cy". */
export function joinNames(names) {
  const list = names.filter(Boolean);
  if (list.length === 0) return '';
  if (listFormat) return listFormat.format(list);
  if (list.length === 1) return list[0];
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

const plural = (n, one, many) => (n === 1 ? one : many);
const points = (n) => `${n.toLocaleString(LOCALE)} ${plural(n, 'point', 'points')}`;

export const S = {
  locale: LOCALE,
  appName: 'Dictionary Bluff',
  tagline: 'Fake a definition. Spot the real one.',
  skipLink: 'Skip to the game',
  yourTurnTitle: '● Your turn — Dictionary Bluff',

  // Connection
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  joiningRoom: (code) => `Joining room ${code}…`,
  offline: 'No connection yet — trying again…',

  // Home
  joinHeading: 'Join a game',
  createHeading: 'Start a new game',
  codeLabel: 'Room code',
  codeHint: '4 letters, from the host’s screen',
  nameLabel: 'Your name',
  langLabel: 'Word deck',
  langs: [
    { value: 'en', label: 'English' },
    { value: 'es', label: 'Español' },
    { value: 'ru', label: 'Русский' },
  ],
  joinBtn: 'Join',
  createBtn: 'Create room',
  tvHeading: 'Show a room on this screen',
  tvBtn: 'Show on TV',
  codeInvalid: 'A room code is 4 letters.',
  nameMissing: 'Type a name first.',
  howToPlay: 'Everyone gets a rare word and secretly writes a definition that sounds real. Then everyone votes for the one they think is true. Find the truth for 1000 points; earn 500 for every player your bluff fools.',
  kickedHome: 'The host removed you from the match.',
  leftHome: 'You left the room.',
  seatLostHome: 'Your seat in that room could not be restored. Join again with the room code.',
  roomGoneHome: 'That room no longer exists.',

  // Header
  roomChip: (code) => `Room ${code}`,
  roundOf: (r, n) => `Round ${r} of ${n}`,
  leaveBtn: 'Leave',

  // Lobby
  lobbyHeading: 'Waiting for players',
  roomCodeLabel: 'Room code',
  joinLinkLabel: 'Join link',
  copyBtn: 'Copy',
  copied: 'Copied!',
  copyFailed: 'Copy this link by hand',
  qrAlt: (link) => `QR code for the join link ${link}`,
  playersHeading: (n) => `Players (${n} of 12)`,
  hostTag: 'host',
  youTag: 'you',
  awayTag: 'away',
  leftTag: 'left',
  kickLabel: (name) => `Remove ${name}`,
  observers: (n) => (n === 0 ? 'No one watching' : `${n} watching`),
  startBtn: 'Start the match',
  startReasonFew: (n) => `Need at least 3 players — ${n} seated`,
  startReasonMany: (n) => `At most 12 players — ${n} seated`,
  waitingForHost: (name) => (name ? `Waiting for ${name} to start the match…` : 'Waiting for the host to start the match…'),
  takeSeatBtn: 'Take a seat',
  youAreWatching: 'You are watching this room.',
  tvScan: 'Scan to join, or go to',

  // Writing
  writeLabel: 'Write a fake definition that sounds real',
  writeHint: 'Enter sends.',
  charsLeft: (n) => `${n} ${plural(n, 'character', 'characters')} left`,
  charsRange: (min, max) => `${min}–${max} characters`,
  charsMore: (n) => `${n} more needed`,
  charsOver: (n) => `${n} too many`,
  sendBtn: 'Send',
  sending: 'Sending…',
  sent: '✓ Sent',
  readyCount: (n, of) => `${n} of ${of} ready`,
  lateJoiner: 'Round in progress — you’ll see it at the reveal.',
  watchingWriting: 'Players are writing their bluffs…',
  notInRound: 'You are not playing this round.',

  // Voting
  votePrompt: 'Which one is the real definition?',
  voteKeysHint: 'Press 1–9 to pick, Enter to vote.',
  voteBtn: (n) => `Vote for ${n}`,
  voteBtnNone: 'Pick a card',
  votesIn: (n, of) => `${n} of ${of} voted`,
  voteIn: '✓ Vote in',
  youChose: (n) => `You chose card ${n}.`,
  truthWriter: 'You wrote the truth — sit back.',
  watching: 'Watching',
  yourBluff: 'your bluff',
  yourVote: '✓ your vote',
  cardWord: 'Card ',

  // Reveal
  revealHeading: 'The reveal',
  chosenBy: 'Chosen by',
  noVotes: 'No votes',
  writtenBy: (names) => `by ${names}`,
  decoy: 'a decoy from the dictionary',
  trueStamp: 'TRUE',
  truthWritersLine: (names, text) => `${names} wrote the truth: “${text}”`,
  groupLine: (names, text) => `${names} wrote the same bluff${text ? ` (“${text}”)` : ''}, so it was left off the ballot`,
  skippedLine: (names) => `${names} ran out of time`,
  alsoAccepted: (list) => `Also accepted: ${list}`,
  scoresHeading: 'Scores',
  continueBtn: 'Next round',
  resultsBtn: 'See the results',
  continueWait: 'You can continue in a moment…',
  autoNext: 'Next round starts soon',
  youFooled: (names, pts) => `You fooled ${names}: +${pts}`,
  youFound: (pts) => `You found the truth: +${pts}`,
  youWroteTruth: (pts) => `You wrote the truth: +${pts}`,
  youScored: (pts) => `You scored +${pts} this round`,
  youNothing: 'No points for you this round.',

  // Reveal sentences (one per beat, for the aria-live region)
  sayVotes: (parts) => (parts.length ? parts.join(' ') : 'Nobody voted.'),
  sayChose: (names, text) => `${names} chose “${text}”.`,
  sayWriters: (parts) => (parts.length ? parts.join(' ') : 'No player bluffs this round.'),
  sayWrittenBy: (text, names) => `“${text}” was written by ${names}.`,
  sayDecoy: (text) => `“${text}” was a decoy from the dictionary.`,
  sayTruth: (text, names) => (names ? `The truth: “${text}”. ${names} found it.` : `The truth: “${text}”. Nobody found it.`),
  sayAwards: (parts) => (parts.length ? `Points this round: ${parts.join(', ')}.` : 'Nobody scored this round.'),
  sayAward: (name, pts) => `${name} +${pts}`,
  sayTotals: (leaders, count, pts) => `Scores updated. ${leaders} ${count === 1 ? 'leads' : 'share the lead'} with ${points(pts)}.`,
  someone: 'someone',

  // Finished
  resultsHeading: 'Final results',
  winnerOne: (name) => `${name} wins!`,
  winnerShared: (names) => `Shared victory: ${names}!`,
  noWinner: 'The match is over.',
  totalsHeading: 'Final scores',
  rankCol: '#',
  nameCol: 'Player',
  scoreCol: 'Points',
  historyHeading: 'Round by round',
  historyTruth: 'Truth',
  historyBest: 'Best bluff',
  historyBestBy: (name, n) => `${name} — fooled ${n}`,
  historyNoBluff: 'Nobody was fooled.',
  playAgainBtn: 'Play again',
  waitingRematch: (name) => (name ? `Waiting for ${name} to start another match…` : 'Waiting for the host to start another match…'),

  // Announcements (polite live region)
  announceWriting: (r, word) => (word ? `Round ${r}. Write a fake definition for ${word}.` : `Round ${r} has started.`),
  announceVoting: 'Voting: pick the real definition.',
  announceReveal: 'The reveal.',
  announceFinished: 'The match is over.',
  announceLobby: 'Back in the lobby.',
  tenSeconds: '10 seconds left.',

  // Countdown
  timeLeft: 'Time left',
  secondsLeft: (s) => `${s} s`,
  timeUp: 'Time!',
  points,
};

// Friendly sentences for `invalid_text` / `invalid_name` reasons (RULES 4a, 4b).
export const TEXT_REASONS = {
  too_short: 'That’s too short — use at least 8 characters.',
  too_long: 'That’s too long — keep it to 100 characters.',
  no_meaning: 'Use real words, so it reads like a definition.',
  url: 'No web addresses, please.',
  email: 'No email addresses, please.',
  handle: 'No @handles or messenger links, please.',
  phone: 'No phone numbers, please.',
  markup: 'No tags or markup — just plain words.',
  control: 'Keep it on one line: no line breaks or tabs.',
  invisible: 'It contains invisible characters; please retype it.',
};

export const NAME_REASONS = {
  too_short: 'Type a name.',
  too_long: 'That name is too long — 24 characters at most.',
  no_meaning: 'A name needs at least one letter or digit.',
  url: 'A name can’t be a web address.',
  email: 'A name can’t be an email address.',
  handle: 'A name can’t be an @handle or a messenger link.',
  phone: 'A name can’t be a phone number.',
  markup: 'A name can’t contain tags or markup.',
  control: 'A name can’t contain line breaks or tabs.',
  invisible: 'That name contains invisible characters; please retype it.',
};

// Plain-words versions of the protocol's error codes.
export const ERRORS = {
  bad_request: 'Something went wrong sending that. Please try again.',
  room_not_found: 'There is no room with that code. Check the letters and try again.',
  not_in_room: 'You are not in that room any more.',
  bad_token: 'Your seat could not be restored. Join again with the room code.',
  invalid_text: 'That definition can’t be used.',
  invalid_name: 'That name can’t be used.',
  name_taken: 'Someone in this room already has that name — pick another.',
  not_host: 'Only the host can do that.',
  not_enough_players: 'A match needs 3 to 12 players.',
  wrong_phase: 'That can’t be done right now.',
  phase_closed: 'Time’s up for that.',
  stale_round: 'That was for an earlier round.',
  already_submitted: 'You already sent a definition this round.',
  already_voted: 'You already voted this round.',
  not_eligible: 'You don’t take part in this step.',
  own_option: 'You can’t vote for your own bluff.',
  unknown_option: 'That card is not on the ballot any more.',
  too_early: 'The reveal is still playing — continue in a moment.',
  room_full: 'This room is full.',
  rate_limited: 'Slow down a little, then try again.',
  kicked: 'The host removed you from the match.',
  no_free_seat: 'All 12 seats are taken.',
  unknown_deck: 'There is no word deck in that language.',
  disconnected: 'The connection dropped before the answer came. Please try again.',
  timeout: 'No answer from the server. Please try again.',
};

/** A plain-words sentence for an `error` message (or a local failure). */
export function errorText(err) {
  if (!err || typeof err !== 'object') return ERRORS.bad_request;
  const { code, reason } = err;
  if (code === 'invalid_text' && TEXT_REASONS[reason]) return TEXT_REASONS[reason];
  if (code === 'invalid_name' && NAME_REASONS[reason]) return NAME_REASONS[reason];
  if (ERRORS[code]) return ERRORS[code];
  if (typeof err.message === 'string' && err.message) return err.message;
  return ERRORS.bad_request;
}
