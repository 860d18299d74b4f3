// Shapes of the state the kernel syncs and of the view's own state, for tsc --checkJs.
// Nothing here runs: other modules import these names in JSDoc only.

/**
 * @typedef {{kind: string, [key: string]: any}} Intent
 * @typedef {{id: string, name: string, x: number, y: number, start: boolean, depths: boolean,
 *   crystal_cave: boolean, market: boolean, heal: number, gold: number, artifact: number|null,
 *   secrets: {minor: number, major: number}, idols: number, note: string, [key: string]: any}} Space
 * @typedef {{index: number, a: string, b: string, boots: number, monsters: number, locked: boolean,
 *   one_way: boolean, water: boolean, note: string, gate?: string|null}} PathView
 * @typedef {{id: string, title: string, width: number, height: number, depths_line: number|null,
 *   spaces: Space[], paths: PathView[], modules?: any[]}} BoardView
 * @typedef {{id: string, name: string, banner: string, cost: number, swords: number, points: number,
 *   rules: string, flavour: string, dragon: boolean, danger: boolean, companion: boolean,
 *   device: boolean, monster: boolean, gem: boolean, slot?: number, count?: number|null,
 *   legal?: boolean, why?: string|null, [key: string]: any}} CardView
 * @typedef {{seat: number, colour: string, you: boolean, status: string, space: string, damage: number,
 *   health: number, supply: number, clank: number, gold: number, skill: number, swords: number,
 *   boots: number, teleports: number, artifacts: number[], tokens: any[], score: number, deck: number,
 *   discard: number, hand_count: number, play: CardView[], hand?: CardView[], discard_cards?: string[],
 *   bot: string|null, facts?: any[]}} PlayerView
 * @typedef {{boots: number, swords: number, damage: number, teleports: number, lifts?: number, coaches?: number, gold?: number}} MoveOption
 * @typedef {{id: string, name: string, options: MoveOption[],
 *   route: {path: number|string|null, space: string, gold?: number}[]}} MoveView
 * @typedef {{w: number, h: number, fs: number}} RoomBox
 * @typedef {{text: string, kind: string, actor: string|null}} LogLine
 * @typedef {[string, string|null, string[]?]} Badge
 */

/**
 * UI-only state: what the pointer or keyboard focus is on, and replies.
 * @typedef {{
 *   hover: string|null, route: any, odds: any, oddsOpen: boolean, helpOpen: boolean,
 *   overHidden: boolean, mapFocus: string|null, oddsHover: boolean, confirmNew: number,
 *   zoom: number|null, pawnSpace: string|null, pawnTurn: string|null, target: string|null,
 *   local: {text: string, level: string}|null, lastSeq: number, hoverTimer: number|undefined,
 *   keysActive: boolean, bubble: {text: string, x: number, y: number}|null, bubbled: {text: string, seq: number|null}|null,
 *   clicked: Element|null, bubbleTimer: number|undefined,
 *   loadOpen: boolean, saves: string[]|null
 * }} UiState
 */

/**
 * What every panel is drawn with: the model (read only), the widget's root element, the
 * UI state, the room box of the current board and the way to send an intent.
 * @typedef {{model: any, root: HTMLElement, ui: UiState, box: RoomBox,
 *   send: (intent: Intent) => void}} Ctx
 */

export {};
