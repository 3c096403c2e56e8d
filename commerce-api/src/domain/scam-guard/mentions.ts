// A mention is not a request (decision 0117): "no crypto here, pay through the site", "we never take
// Zelle", "a fake breeder asked us for Western Union" name a channel without asking for it. These read
// a finding's clause (and the message around it) in folded words (text-views.ts) and say whether the
// finding is a request.

/** a word that turns the rest of its clause down: "we never take", "no crypto", "don't text me" */
const NEGATOR =
  /\b(?:no|not|never|dont|do not|doesnt|does not|didnt|wont|will not|cant|cannot|isnt|arent|wasnt|shouldnt|avoid|without|instead of|rather than|refuse|beware of)\b/g;

/** a word after which the clause asks again: "we don't take cards, only Zelle" */
const TURN = /\b(?:only|just|but|except|instead|rather)\b/;

/** said right after the channel: "Zelle is not accepted", "Cash App doesn't work for us" */
const NEGATED_AFTER =
  /^\s*(?:(?:is|are|was) )?(?:not|never|isnt|arent|doesnt|does not|dont|wont|will not|cant|cannot)\b/;

/** whether a finding at [start, end) of its clause is turned down there */
export function isNegated(clause: string, start: number, end: number): boolean {
  if (NEGATED_AFTER.test(clause.slice(end))) return true;
  const before = clause.slice(0, start);
  let last = -1;
  for (const match of before.matchAll(NEGATOR)) last = match.index + match[0].length;
  return last >= 0 && !TURN.test(before.slice(last));
}

/** what may stand between the channels of a list: "Cash App, Venmo or wire transfers" */
const LIST_GLUE = /\b(?:or|and|nor|either|neither|also)\b|[^a-z0-9$]+/g;

/**
 * A clause that only goes on with a list of channels ("we do not accept Cash App, Venmo or wire
 * transfers"): it is turned down when the clause before it was.
 */
export function isBareList(clause: string, rules: ReadonlyArray<{ pattern: RegExp }>): boolean {
  let rest = clause;
  for (const { pattern } of rules) rest = rest.replace(pattern, ' ');
  return rest !== clause && rest.replace(LIST_GLUE, '') === '';
}

/** whether a clause turns down what follows it (a negator with no "only" or "but" after it) */
export function turnsDown(clause: string): boolean {
  return isNegated(clause, clause.length, clause.length);
}

/** a message that warns about scams or tells of one: what it names is an example, not a request */
const WARNING =
  /\b(?:scams?|scammers?|scammed|fraud|fraudsters?|fraudulent|fake|stole|stolen|ripped off|hard way|red flags?|beware|careful|warned?)\b|\blost \$?\d|\bis [^.!?]{0,60}\bsafe\?/;

export function isWarning(words: string): boolean {
  return WARNING.test(words);
}

/** in a warning, a clause that still asks the reader to pay or write somewhere: "pay us by Zelle to be safe" */
const DIRECT_REQUEST =
  /^(?:please |kindly |just )?(?:send|pay|wire|transfer|zelle|venmo|buy|get|use|text|call|email|contact|add|follow)\b|\b(?:send|pay|wire|transfer|zelle|venmo|buy|get|use|text|call|email|contact|add|follow)\b[^.!?]{0,40}\b(?:me|us|my|our)\b|\b(?:we|i) (?:only )?(?:accept|take|prefer)\b/;

export function isDirectRequest(clause: string): boolean {
  return DIRECT_REQUEST.test(clause);
}

/** a sentence about paying on PuppyNest or about what the price includes: a fee or a deposit there is not a request to pay elsewhere */
const ON_PLATFORM =
  /\b(?:checkout|through (?:the |this )?(?:site|app|website)|(?:through|on|via|with|here on) puppynest|included|includes?|including|in the price)\b/;

export function isOnPlatform(sentence: string): boolean {
  return ON_PLATFORM.test(sentence);
}

/** a family asking what they will need or pay ("do we need a crate?", "how much is the vet visit?"): a question, not a demand */
const FAMILY_QUESTION =
  /^(?:do (?:we|i)|does|how much|should (?:we|i)|is there|are there|will (?:we|i)|would (?:we|i)|what)\b/;

export function isFamilyQuestion(sentence: string): boolean {
  return FAMILY_QUESTION.test(sentence);
}
