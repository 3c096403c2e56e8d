// The scam guard's parts (commerce-api/src/domain/scam-guard/, decision 0117): the flag each channel
// and each way off PuppyNest raises, whatever the spelling; mentions that are not requests; the
// libraries' finds; the kinds read from stored flags. How well it reads whole messages is
// scam-guard-measure.test.ts.
import { describe, expect, it } from 'vitest';
import { scamFlags, scamKinds, type ScamFlag } from '../../../commerce-api/src/domain/scam-guard/index.ts';
import { emailText, foldedWords, phoneDigits } from '../../../commerce-api/src/domain/scam-guard/text-views.ts';

describe('scam guard: reading through the disguise', () => {
  it.each([
    ['Z E L L E', 'zelle'],
    ['ZeIIe', 'zelle'],
    ['Western-Union', 'westernunion'],
    ['Z\u0435ll\u0435', 'zelle'], // Cyrillic е
    ['V\u0395NMO', 'venmo'], // Greek Ε
    ['Ｚｅｌｌｅ', 'zelle'],
    ['\u{1D419}\u{1D41E}\u{1D425}\u{1D425}\u{1D41E}', 'zelle'], // mathematical bold
    ['Z\u200belle', 'zelle'],
    ['C@sh App', 'cash app'],
    ['V.e.n.m.o', 'venmo'],
    ['Don’t', 'dont'],
  ])('%j reads %j', (text, words) => {
    expect(foldedWords(text)).toBe(words);
  });

  it('keeps ordinary words and sentences as they are', () => {
    expect(foldedWords('I can visit at 10. She is $1,500!')).toBe('i can visit at 10. she is $1,500!');
  });

  it('puts a spaced or spelled phone number back together for the finder', () => {
    expect(phoneDigits('call 7 1 3 - 5 5 5 - 0 1 9 9 now')).toContain('7135550199');
    expect(phoneDigits('five one two, five five five, zero one eight seven')).toContain('5125550187');
    expect(phoneDigits('(512) 555-O187')).toContain('5125550187');
  });

  it('puts a spelled email address back together, and leaves "at" in a sentence alone', () => {
    expect(emailText('jen dot kennels at yahoo dot com')).toBe('jen.kennels@yahoo.com');
    expect(emailText('rosie[at]yahoo[.]com')).toBe('rosie@yahoo.com');
    expect(emailText('We paid at checkout. See you at noon')).toBe('We paid at checkout. See you at noon');
  });
});

describe('scam guard: payment outside PuppyNest', () => {
  const cases: ReadonlyArray<readonly [string, ScamFlag]> = [
    ['Pay by bank transfer', 'wire_transfer'],
    ['the deposit by wire please', 'wire_transfer'],
    ['Zelle works', 'zelle'],
    ['Z E L L E only', 'zelle'],
    ['Send it by Cash App', 'cash_app'],
    ['my cashtag is $PuppyLover22', 'cash_app'],
    ['Venmo me', 'venmo'],
    ['PayPal friends and family please', 'paypal'],
    ['send it as friends & family', 'paypal'],
    ['Apple Pay is fine', 'apple_pay'],
    ['Google Pay works', 'google_pay'],
    ['I bank with Chime', 'chime'],
    ['a postal money order', 'money_order'],
    ['MoneyGram it to me', 'moneygram'],
    ['Western-Union to my cousin', 'western_union'],
    ['Use Remitly', 'money_transfer_service'],
    ['two Steam cards', 'gift_card'],
    ['Bitcoin only', 'crypto'],
    ['pay me in cash when you come', 'cash_in_hand'],
    ['A deposit holds her until Friday', 'deposit_before_visit'],
    ['The airline needs $850 for a climate-controlled crate', 'after_sale_fee'],
    ['Pet insurance is mandatory, $1,200', 'after_sale_fee'],
    ['You must pay $250 for the vet certificate', 'after_sale_fee'],
    ['The transport company needs a $400 fee', 'after_sale_fee'],
    ['Pay outside the site and save', 'pay_outside'],
    ["Don't use the checkout", 'pay_outside'],
    ['Just send the rehoming fee', 'pay_outside'],
  ];
  it.each(cases)('%j → %s', (text, flag) => {
    expect(scamFlags(text)).toContain(flag);
    expect(scamKinds(scamFlags(text))).toContain('payment');
  });
});

describe('scam guard: moving off PuppyNest', () => {
  const cases: ReadonlyArray<readonly [string, ScamFlag]> = [
    ['Text me at (512) 867-5309', 'phone_number'],
    ['call 7 1 3 - 5 5 5 - 0 1 9 9', 'phone_number'],
    ['WhatsApp +44 20 7946 0958', 'phone_number'],
    ['write to ann@example.com', 'email_address'],
    ['ann at gmail dot com', 'email_address'],
    ['are you on WhatsApp?', 'messaging_app'],
    ["let's move this to Signal", 'messaging_app'],
    ['reach me on Telegram @pups', 'messaging_app'],
    ['t.me/maplepups', 'messaging_app'],
    ['Find us on Facebook', 'social_profile'],
    ['instagram.com/maplepups', 'social_profile'],
    ['Visit our website maplepups.com to apply', 'outside_link'],
    ['text me', 'contact_request'],
    ['give me a call', 'contact_request'],
    ["what's your email?", 'contact_request'],
    ["Let's continue by phone", 'contact_request'],
    ['Take this off PuppyNest', 'leave_site'],
  ];
  it.each(cases)('%j → %s', (text, flag) => {
    expect(scamFlags(text)).toContain(flag);
    expect(scamKinds(scamFlags(text))).toContain('off_platform');
  });

  it('a link to PuppyNest itself keeps the family here', () => {
    expect(
      scamFlags('Visit https://puppynest.example/puppies/12 to order', { ownHosts: ['puppynest.example'] }),
    ).toEqual([]);
    expect(
      scamFlags('Visit https://puppynest-pay.example/puppies/12 to order', { ownHosts: ['puppynest.example'] }),
    ).toContain('outside_link');
  });

  it('raises both kinds for a payment outside the site', () => {
    expect(scamKinds(scamFlags('Pay outside the site'))).toEqual(['payment', 'off_platform']);
  });
});

describe('scam guard: what is not a request', () => {
  it.each([
    ['no crypto here, pay through the site'],
    ['we never take Zelle'],
    ['We do not accept Cash App, Venmo or wire transfers; checkout only.'],
    ['Zelle is not accepted, please use checkout.'],
    ['A fake breeder asked us for Western Union, so we came here.'],
    ['Please don’t text or email me, I keep everything here.'],
    ['What size crate should we buy?'],
    ['Does the price include the vet certificate?'],
    ['He loves his wire crate.'],
    ['Her name is Chime.'],
    ['Is Apple Pay available at checkout?'],
    ['We paid at checkout. See you Saturday!'],
    ['The gazelle toy is his favourite.'],
    ['Order PN-20260601-7QK3M2XA is paid, microchip 985112003456789.'],
    [''],
  ])('%j', (text) => {
    expect(scamFlags(text)).toEqual([]);
  });

  it('a mention turned down in one clause does not hide a request in the next', () => {
    expect(scamFlags("I don't do Zelle, Cash App is fine")).toEqual(['cash_app']);
    expect(scamFlags('We never take Zelle. Send it by Venmo.')).toEqual(['venmo']);
  });
});

describe('scam guard: stored flags', () => {
  it('reads decision 0091’s flags as payment requests, and an unknown name as one too', () => {
    expect(scamKinds(['zelle', 'deposit_before_visit'])).toEqual(['payment']);
    expect(scamKinds(['phone_number'])).toEqual(['off_platform']);
    expect(scamKinds(['phone_number', 'gift_card'])).toEqual(['payment', 'off_platform']);
    expect(scamKinds(['something_retired'])).toEqual(['payment']);
    expect(scamKinds([])).toEqual([]);
  });

  it('lists each flag once', () => {
    expect(scamFlags('Zelle, Zelle, ZELLE and Z E L L E')).toEqual(['zelle']);
  });

  it('reads a long hostile message (the patterns are bounded: this would hang the test otherwise)', () => {
    const hostile = [
      'deposit '.repeat(250) + 'a'.repeat(2000),
      '1 '.repeat(1000),
      'a.'.repeat(1000),
      'at dot '.repeat(280),
      'z e l l '.repeat(250) + '!',
    ];
    for (const text of hostile) expect(Array.isArray(scamFlags(text))).toBe(true);
  });
});
