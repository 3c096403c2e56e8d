// The scam guard's heuristics as a table (commerce-api/src/domain/scam-guard.ts): what is flagged,
// and ordinary puppy talk that must not be.
import { describe, expect, it } from 'vitest';
import { scamFlags, type ScamFlag } from '../../../commerce-api/src/domain/scam-guard.ts';

const cases: ReadonlyArray<readonly [string, ScamFlag[]]> = [
  ['Please send a $200 Zelle deposit to hold her', ['zelle', 'deposit_before_visit']],
  ['ZELLE only', ['zelle']],
  ['Z\u200belle me the money', ['zelle']],
  ['Ｚｅｌｌｅ is fine', ['zelle']],
  ['You can wire transfer the full amount', ['wire_transfer']],
  ['I prefer a bank transfer', ['wire_transfer']],
  ['Send it by Cash App', ['cash_app']],
  ['my cashtag is $PuppyLover22', ['cash_app']],
  ['Venmo works for me', ['venmo']],
  ['Pay with two Amazon gift cards', ['gift_card']],
  ['Use a giftcard from Walmart', ['gift_card']],
  ['Western Union to my cousin', ['western_union']],
  ['We accept Bitcoin or USDT', ['crypto']],
  ['Crypto payments get a discount', ['crypto']],
  ['A deposit is required before you can see the puppy', ['deposit_before_visit']],
  ['Before you visit, please send the deposit', ['deposit_before_visit']],
  ['The deposit covers shipping to your state', ['deposit_before_visit']],
  // ordinary conversation
  ['Is Daisy still available? We could visit on Saturday.', []],
  ['She is $1,500 and comes with her first shots.', []],
  ['Can we meet the parents before we decide?', []],
  ['We will pay through PuppyNest checkout.', []],
  ['My email is ann@example.com', []],
  ['', []],
];

describe('scam guard', () => {
  it.each(cases)('%j → %j', (text, flags) => {
    expect(scamFlags(text)).toEqual(flags);
  });

  it('stays fast on a long hostile message', () => {
    const start = performance.now();
    scamFlags('deposit '.repeat(250) + 'a'.repeat(2000));
    expect(performance.now() - start).toBeLessThan(200);
  });
});
