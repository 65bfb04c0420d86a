/**
 * Time's server descends from Mattermost 7.x. The settings catalogue is checked against the keys of
 * that lineage, so that a page never documents a key Time cannot have: one Mattermost removed before
 * 7.x, or one it added later, unless the catalogue marks the key as Time's own and says why.
 *
 * data/lineage/mattermost-config-keys.tsv lists every key of Mattermost's model/config.go (and its
 * feature flags) at 6.3, 7.8 and the newest release, with Go type and default on a fresh install.
 * data/lineage/removed-before-7x.tsv lists keys older releases had that neither 6.3 nor 7.8 has.
 */
import fs from 'node:fs';
import path from 'node:path';
import {isDeepStrictEqual} from 'node:util';
import type {SettingType} from './catalogue';

export const LINEAGE_DIR = path.resolve(__dirname, '../../data/lineage');
export const LINEAGE_RELEASE = 'Mattermost 7.8';

export interface LineageKey {
  key: string;
  goType: string;
  in7x: boolean;
  in6x: boolean;
  /** The 7.x default as JSON, or undefined when the key is not in 7.x or the default is build-dependent. */
  default7x?: unknown;
}

export interface Lineage {
  keys: Map<string, LineageKey>;
  /** Key → where it was last seen, for keys gone before 7.x. */
  removed: Map<string, string>;
}

/** Parses one default cell: Go literals as the TSV writes them are JSON, except build-dependent ones. */
function parseDefault(cell: string): unknown {
  if (cell === '' || cell.includes('<absent>') || cell.includes(' | ')) return undefined;
  try {
    return JSON.parse(cell);
  } catch {
    return undefined;
  }
}

function readTsv(file: string, columns: string[]): string[][] {
  const shown = path.relative(process.cwd(), file);
  const [header, ...rows] = fs.readFileSync(file, 'utf8').replace(/\n$/, '').split('\n');
  if (header !== columns.join('\t')) throw new Error(`${shown}:1: expected the header "${columns.join(' ')}"`);
  return rows.map((row, i) => {
    const cells = row.split('\t');
    if (cells.length !== columns.length) throw new Error(`${shown}:${i + 2}: expected ${columns.length} tab-separated columns, found ${cells.length}`);
    return cells;
  });
}

export function loadLineage(dir = LINEAGE_DIR): Lineage {
  const keys = new Map<string, LineageKey>();
  const tsvColumns = ['key', 'type', 'default_newest', 'in_7x', 'default_7x', 'in_6x', 'default_6x'];
  for (const [key, goType, , in7x, default7x, in6x] of readTsv(path.join(dir, 'mattermost-config-keys.tsv'), tsvColumns)) {
    keys.set(key, {key, goType, in7x: in7x === 'yes', in6x: in6x === 'yes', default7x: in7x === 'yes' ? parseDefault(default7x) : undefined});
  }
  const removed = new Map(readTsv(path.join(dir, 'removed-before-7x.tsv'), ['key', 'last_seen']).map(([key, seen]) => [key, seen]));
  return {keys, removed};
}

/** Catalogue types that can describe a Go type of model/config.go. */
const TYPES_FOR_GO: [RegExp, SettingType[]][] = [
  [/^\*?bool$/, ['boolean']],
  [/^\*?int(64)?$/, ['integer']],
  [/^\*?float64$/, ['number']],
  [/^\*?string$/, ['string', 'secret', 'enum']],
  [/^\*?\[\]/, ['list']],
  [/^(map\[|json\.RawMessage)/, ['map']],
];

export function typesForGo(goType: string): SettingType[] {
  return TYPES_FOR_GO.find(([pattern]) => pattern.test(goType))?.[1] ?? [];
}

/** What the catalogue says of one setting, as far as the lineage check needs it. */
export interface LineageClaim {
  key: string;
  type: SettingType;
  default?: unknown;
  vendorDefault?: boolean;
  origin: 'lineage' | 'time';
  timeChange?: string;
}

/**
 * Why a catalogue entry does not fit the lineage, or null when it does:
 * - a key gone before 7.x is never documented;
 * - a key of 7.x has the lineage's type and default, or states Time's change in `timeChange`;
 * - a flag that exists for Mattermost's own tests is not documented;
 * - any other key is Time's own (`origin: time`); if Mattermost added the same key after 7.x, the
 *   catalogue also says in `timeChange` why Time has it.
 */
export function checkAgainstLineage(claim: LineageClaim, lineage: Lineage): string | null {
  if (/^FeatureFlags\.Test/.test(claim.key)) return `${claim.key} is a flag for Mattermost's own tests, not an administrator's setting`;
  const known = lineage.keys.get(claim.key);
  const gone = lineage.removed.get(claim.key) ?? (known && !known.in7x && known.in6x ? 'Mattermost 6.3' : undefined);
  if (gone) return `${claim.key} was removed from Mattermost before 7.x (last seen in ${gone}); Time's server does not read it`;
  if (!known?.in7x) {
    if (claim.origin !== 'time') {
      return known
        ? `${claim.key} was added to Mattermost after 7.x; remove it, or mark it origin: time with timeChange saying why Time has it`
        : `${claim.key} is not a ${LINEAGE_RELEASE} key; mark it origin: time if it is Time's own setting`;
    }
    if (known && !claim.timeChange) return `${claim.key} is marked origin: time but Mattermost added it after 7.x: say in timeChange why Time has it`;
    return null;
  }
  if (claim.origin === 'time') return `${claim.key} is a ${LINEAGE_RELEASE} key: drop origin: time`;
  const types = typesForGo(known.goType);
  if (!types.includes(claim.type) && !claim.timeChange) {
    return `${claim.key}: type ${claim.type} does not match ${LINEAGE_RELEASE}'s ${known.goType} (${types.join(' or ') || 'no catalogue type'}); fix it or say in timeChange why Time differs`;
  }
  if (claim.vendorDefault)
    return claim.timeChange ? null : `${claim.key}: vendorDefault needs timeChange saying why Time's default differs from ${LINEAGE_RELEASE}'s`;
  if (known.default7x !== undefined && !claim.timeChange && !isDeepStrictEqual(claim.default ?? null, known.default7x)) {
    return `${claim.key}: default ${JSON.stringify(claim.default)} differs from ${LINEAGE_RELEASE}'s ${JSON.stringify(known.default7x)}; fix it or say in timeChange why Time differs`;
  }
  return null;
}
