// The scam guard (decisions 0091, 0117): finds in a message a request to pay outside PuppyNest
// checkout, or to carry the conversation off PuppyNest, so that its recipient sees advice beside it.
// It flags and never blocks: a family asking "do you take Zelle?" is the person it protects, and a
// flag is only advice. Three flags from one sender in a day put the account in the moderation queue
// (scam-queue.ts).
//
// How a message is read: folded words, whatever the disguise (text-views.ts); sentences and clauses,
// so that a mention turned down in its clause ("no crypto here, pay through the site") or a warning
// ("a fake breeder asked us for Western Union") is not a request (mentions.ts); the rules of each kind
// (payment-requests.ts, contact-requests.ts); and libraries for phone numbers, emails and links
// (contact-finders.ts). Its labelled messages, with precision and recall, are
// tests/unit/domain/scam-guard-cases.ts, scam-guard-held-out.ts and scam-guard-measure.test.ts.
import { contactFindings } from './contact-finders.ts';
import { CONTACT_RULES, ELSEWHERE, WEAK_CONTACT } from './contact-requests.ts';
import { SCAM_FLAGS, type ScamFlag } from './flags.ts';
import {
  isBareList,
  isDirectRequest,
  isFamilyQuestion,
  isNegated,
  isOnPlatform,
  isWarning,
  turnsDown,
} from './mentions.ts';
import {
  AFTER_SALE_ITEM,
  AT_CHECKOUT,
  CHANNELS,
  DEPOSIT,
  MONEY_DEMAND,
  PAST_CHECKOUT,
  PAY_OUTSIDE,
  PAY_PAST_CHECKOUT,
  SEND_MONEY,
  type Rule,
} from './payment-requests.ts';
import { clausesOf, foldedWords, sentencesOf } from './text-views.ts';

export { scamKinds, type ScamFlag } from './flags.ts';

export interface ScamGuardOptions {
  /** PuppyNest's own hosts: a link there keeps the family on PuppyNest */
  ownHosts?: readonly string[];
}

/** the flags a message raises, each once, in flags.ts order; empty when it asks for nothing of the kind */
export function scamFlags(text: string, options: ScamGuardOptions = {}): ScamFlag[] {
  const words = foldedWords(text);
  const warning = isWarning(words);
  const found = contactFindings(text, words, options.ownHosts ?? []);

  /** whether `rule` finds a request in `unit`: a match its clause does not turn down, and in a warning one that still asks */
  const asks = (unit: string, rule: Rule, negatable = true) => {
    for (const match of unit.matchAll(rule.pattern)) {
      if (negatable && isNegated(unit, match.index, match.index + match[0].length)) continue;
      if (warning && !isDirectRequest(unit)) continue;
      return true;
    }
    return false;
  };

  for (const sentence of sentencesOf(words)) {
    const onPlatform = isOnPlatform(sentence);
    if (!onPlatform && asks(sentence, DEPOSIT)) found.add(DEPOSIT.flag);
    // a fee for the crate, insurance or transport counts where the sentence demands money for it
    const feeDemanded = !onPlatform && !isFamilyQuestion(sentence) && MONEY_DEMAND.test(sentence);
    const elsewhere = ELSEWHERE.test(sentence);
    let listTurnedDown = false;
    for (const clause of clausesOf(sentence)) {
      // "we do not accept Cash App, Venmo or wire transfers": the list after the comma is turned down too
      if (listTurnedDown && isBareList(clause, CHANNELS)) continue;
      listTurnedDown = turnsDown(clause);
      const aboutCheckout = AT_CHECKOUT.test(clause) && !PAST_CHECKOUT.test(clause);
      if (!aboutCheckout) for (const rule of CHANNELS) if (asks(clause, rule)) found.add(rule.flag);
      if (!onPlatform && asks(clause, SEND_MONEY)) found.add(SEND_MONEY.flag);
      if (feeDemanded && asks(clause, { flag: 'after_sale_fee', pattern: AFTER_SALE_ITEM }))
        found.add('after_sale_fee');
      if (asks(clause, PAY_OUTSIDE)) found.add('pay_outside').add('leave_site');
      if (asks(clause, PAY_PAST_CHECKOUT, false)) found.add('pay_outside');
      for (const rule of CONTACT_RULES) if (asks(clause, rule)) found.add(rule.flag);
      if (elsewhere && asks(clause, WEAK_CONTACT)) found.add(WEAK_CONTACT.flag);
    }
  }
  return SCAM_FLAGS.filter((flag) => found.has(flag));
}
