// How well the scam guard reads what scammers write (decision 0117): precision and recall per kind on
// the labelled messages, printed, and failing under the targets: recall of at least 90% on payment
// requests and 80% on moving off PuppyNest, and at most 5% of the messages that ask for neither
// flagged. The tuning table and the held-out messages are scored apart; both must meet the targets.
import { describe, expect, it } from 'vitest';
import { SCAM_KINDS, type ScamKind } from '../../../commerce-api/src/contracts/conversations.ts';
import { scamFlags, scamKinds } from '../../../commerce-api/src/domain/scam-guard/index.ts';
import { TUNING_CASES, type ScamCase } from './scam-guard-cases.ts';
import { HELD_OUT_CASES } from './scam-guard-held-out.ts';

const MIN_RECALL: Record<ScamKind, number> = { payment: 0.9, off_platform: 0.8 };
const MAX_FALSE_FLAGS = 0.05;

interface KindScore {
  labelled: number;
  caught: number;
  flagged: number;
  recall: number;
  precision: number;
}

interface Score {
  kinds: Record<ScamKind, KindScore>;
  /** messages that ask for neither, and how many of them were flagged anyway */
  clean: number;
  falseFlags: number;
  falseFlagRate: number;
  mistakes: string[];
}

const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

function score(cases: readonly ScamCase[]): Score {
  const tally = Object.fromEntries(SCAM_KINDS.map((k) => [k, { labelled: 0, caught: 0, flagged: 0 }])) as Record<
    ScamKind,
    { labelled: number; caught: number; flagged: number }
  >;
  let clean = 0;
  let falseFlags = 0;
  const mistakes: string[] = [];
  for (const { text, kinds: expected } of cases) {
    const flags = scamFlags(text);
    const found = scamKinds(flags);
    for (const kind of SCAM_KINDS) {
      const wanted = expected.includes(kind);
      const got = found.includes(kind);
      if (wanted) tally[kind].labelled++;
      if (got) tally[kind].flagged++;
      if (wanted && got) tally[kind].caught++;
    }
    if (expected.length === 0) {
      clean++;
      if (found.length > 0) falseFlags++;
    }
    if (found.join() !== SCAM_KINDS.filter((k) => expected.includes(k)).join())
      mistakes.push(
        `${JSON.stringify(text)}: labelled [${expected.join(', ')}], found [${found.join(', ')}] (${flags.join(', ')})`,
      );
  }
  const kinds = Object.fromEntries(
    SCAM_KINDS.map((k) => [
      k,
      {
        ...tally[k],
        recall: share(tally[k].caught, tally[k].labelled),
        precision: share(tally[k].caught, tally[k].flagged),
      },
    ]),
  ) as Record<ScamKind, KindScore>;
  return { kinds, clean, falseFlags, falseFlagRate: share(falseFlags, clean), mistakes };
}

function report(name: string, cases: readonly ScamCase[], s: Score): string {
  const lines = [`scam guard, ${name}: ${cases.length} messages`];
  for (const kind of SCAM_KINDS) {
    const k = s.kinds[kind];
    lines.push(
      `  ${kind.padEnd(13)} recall ${percent(k.recall).padStart(6)} (${k.caught}/${k.labelled}, target ≥ ${percent(MIN_RECALL[kind])})   precision ${percent(k.precision).padStart(6)} (${k.caught}/${k.flagged})`,
    );
  }
  lines.push(
    `  false flags   ${percent(s.falseFlagRate).padStart(6)} (${s.falseFlags}/${s.clean} messages asking for neither, target ≤ ${percent(MAX_FALSE_FLAGS)})`,
  );
  for (const mistake of s.mistakes) lines.push(`  wrong: ${mistake}`);
  return lines.join('\n');
}

describe('scam guard: precision and recall on labelled messages', () => {
  it('has at least 100 labelled messages, each of both kinds and of neither among them', () => {
    const all = [...TUNING_CASES, ...HELD_OUT_CASES];
    expect(all.length).toBeGreaterThanOrEqual(100);
    for (const kind of SCAM_KINDS) expect(all.filter((c) => c.kinds.includes(kind)).length).toBeGreaterThanOrEqual(30);
    expect(all.filter((c) => c.kinds.length === 0).length).toBeGreaterThanOrEqual(30);
    // the held-out messages are not the tuning ones written again
    const tuning = new Set(TUNING_CASES.map((c) => c.text));
    expect(HELD_OUT_CASES.filter((c) => tuning.has(c.text))).toEqual([]);
  });

  for (const [name, cases] of [
    ['tuning table', TUNING_CASES],
    ['held-out messages', HELD_OUT_CASES],
  ] as const) {
    it(`meets the targets on the ${name}`, () => {
      const s = score(cases);
      console.log(report(name, cases, s));
      for (const kind of SCAM_KINDS)
        expect(s.kinds[kind].recall, `${name}: recall on ${kind}`).toBeGreaterThanOrEqual(MIN_RECALL[kind]);
      expect(s.falseFlagRate, `${name}: false flags`).toBeLessThanOrEqual(MAX_FALSE_FLAGS);
    });
  }
});
