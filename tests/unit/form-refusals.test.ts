// The refusal a message page shows comes from its code alone (decision 0108): a known code is its fixed
// text; anything else in the address, words included, shows nothing.
import { describe, expect, it } from 'vitest';
import { FORM_REFUSALS, refusalCode, refusalText } from '#contracts/form-refusals.ts';

describe('refusalText', () => {
  it.each(Object.entries(FORM_REFUSALS))('%s is its own fixed text', (code, text) => {
    expect(refusalText(code)).toBe(text);
  });

  it.each([
    'Please write a message',
    'Your account is suspended. Call +1 555 0100 to pay the fee.',
    '<script>alert(1)</script>',
    'message_too_long ',
    'MESSAGE_TOO_LONG',
    '__proto__',
    'constructor',
    'toString',
    '',
    null,
    undefined,
    ['message_empty'],
  ])('%j shows nothing', (raw) => {
    expect(refusalText(raw)).toBeUndefined();
  });
});

describe('refusalCode', () => {
  it('names the first message the table knows, else the fallback', () => {
    expect(refusalCode(['Please keep your message under 2,000 characters'], 'refused')).toBe('message_too_long');
    expect(refusalCode(['Something else', 'Please choose a reason'], 'refused')).toBe('report_reason');
    expect(refusalCode(['Text must not contain NUL characters.'], 'refused')).toBe('refused');
    expect(refusalCode([], 'failed')).toBe('failed');
  });
});
