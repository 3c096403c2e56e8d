// How the scam guard reads a message (decision 0117): the words a person sees, however they were
// disguised from a filter. Scammers write look-alike letters from other scripts (Cyrillic "е", Greek
// "Ε", full-width or mathematical letters), digits and symbols inside a word ("C@sh", "Z3lle"), a
// capital I for an l ("ZeIIe"), a word spelled out ("Z E L L E", "V.e.n.m.o") or cut by punctuation
// ("Western-Union"). The rules read the folded words; the phone, email and link finders read the text
// with only its look-alikes folded, since their punctuation is part of what they find.
import { remove } from 'confusables';

/** zero-width characters, word joiners and soft hyphens: invisible, so never part of what is read */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff\u00ad]/g;

/**
 * Digits and symbols that pass for a letter inside a word. The confusables library folds the other
 * scripts onto English letters; these few are plain ASCII, which it leaves alone.
 */
const LOOKALIKE_IN_WORD: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '|': 'l',
  '!': 'i',
};

/** compatibility forms folded (full-width letters), invisible characters dropped, look-alikes of English letters and digits written as them */
export function unconfused(text: string): string {
  return remove(text.normalize('NFKC').replace(INVISIBLE, ''));
}

/**
 * The words of a message, lower case, as the rules read them: look-alikes folded, a word spelled out
 * letter by letter joined, punctuation inside a word dropped (so "don't" reads "dont"). Line breaks
 * stay: they end a sentence.
 */
export function foldedWords(text: string): string {
  return (
    unconfused(text)
      // a capital I inside a word that has small letters stands for an l (ZeIIe, PayPaI)
      .replace(/[A-Za-z]+/g, (word) => (/[a-z]/.test(word) ? word[0] + word.slice(1).replace(/I/g, 'l') : word))
      .toLowerCase()
      .replace(/(?<=[a-z])[013457@$|!](?=[a-z])/g, (c) => LOOKALIKE_IN_WORD[c] ?? c)
      // one letter at a time, three or more: Z E L L E, V.e.n.m.o, C-a-s-h A-p-p
      .replace(/(?<![a-z0-9])[a-z](?![a-z0-9])(?:[ .\-_*·•'’]{1,3}[a-z](?![a-z0-9])){2,}/g, (run) =>
        run.replace(/[^a-z]/g, ''),
      )
      // punctuation inside a word: Western-Union, cash_app, zel.le, don't
      .replace(/(?<=[a-z])['’\-._*·•~]+(?=[a-z])/g, '')
      .replace(/[^\S\n]+/g, ' ')
  );
}

/** the sentences of folded words, each with its closing mark (a question keeps its "?") */
export function sentencesOf(words: string): string[] {
  // a decimal point is not the end of a sentence ($49.99)
  return (words.replace(/(?<=\d)\.(?=\d)/g, ',').match(/[^.!?\n]+[.!?]*/g) ?? [])
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** a sentence's clauses: a comma, a colon, a semicolon, a dash or "but" starts a new one ("no crypto here, pay through the site") */
export function clausesOf(sentence: string): string[] {
  return sentence
    .split(/(?<!\d),(?!\d)|[;:()]|\s[-–—]\s|\sbut\s/)
    .map((c) => c.trim())
    .filter((c) => c !== '');
}

const NUMBER_WORDS: Readonly<Record<string, string>> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/**
 * The text the phone-number finder reads: number words written as digits ("five one two"), an O or
 * an l among digits read as 0 or 1, and the separators inside a run of digits dropped ("7 1 3 - 5 5 5",
 * "(512) 555-0187"), so the finder sees the number however it was spaced.
 */
export function phoneDigits(text: string): string {
  return unconfused(text)
    .replace(
      /\b(?:zero|one|two|three|four|five|six|seven|eight|nine)\b|\boh\b(?=[\s,.-]*(?:\d|zero|one|two|three|four|five|six|seven|eight|nine)\b)/gi,
      (word) => NUMBER_WORDS[word.toLowerCase()] ?? word,
    )
    .replace(/(?<=\d[\s.-]?)[oO](?=[\s.-]?\d)/g, '0')
    .replace(/(?<=\d[\s.-]?)[lI](?=[\s.-]?\d)/g, '1')
    .replace(
      /\(?\+?\d(?:[\s\-.()/,]{0,3}\d){6,}/g,
      (run) => ` ${run.trimStart().startsWith('+') || run.startsWith('(+') ? '+' : ''}${run.replace(/\D/g, '')} `,
    );
}

/**
 * The text the email finder reads: an address written around a filter ("ann at gmail dot com",
 * "ann(at)gmail[.]com", "ann @ gmail . com") put back together. A spelled "at" counts only before a
 * domain, so "meet at noon" stays as it is.
 */
export function emailText(text: string): string {
  const dot = String.raw`(?:\s*[([{<]\s*(?:dot|\.)\s*[)\]}>]\s*|\s+dot\s+|\s*\.\s*)`;
  // "paid at checkout. See you" is not an address: a spelled "at" needs a mail domain's ending after it
  const spelledDomain = String.raw`[a-z0-9-]{2,63}(?:\s*[([{<]\s*(?:dot|\.)\s*[)\]}>]\s*|\s+dot\s+|\.)(?:com|net|org|edu|us|co|io|me|info|biz)\b`;
  return unconfused(text)
    .replace(/\s*[([{<]\s*(?:at|@)\s*[)\]}>]\s*/gi, '@')
    .replace(new RegExp(String.raw`\s+at\s+(?=${spelledDomain})`, 'gi'), '@')
    .replace(/\s*@\s*/g, '@')
    .replace(new RegExp(String.raw`(?<=@[a-z0-9-]{2,63})${dot}(?=[a-z]{2,6}\b)`, 'gi'), '.')
    .replace(new RegExp(String.raw`(?<=[a-z0-9])${dot}(?=[a-z0-9._-]{1,64}@)`, 'gi'), '.');
}
