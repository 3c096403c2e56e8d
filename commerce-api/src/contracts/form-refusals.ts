// Why a reply or report form posted before its script ran was refused. The API answers 303 back to the
// page with a code in the address (?error=message_too_long) and the page shows that code's text from this
// table: an address anyone can craft never puts its own words on our page (decision 0108). The schemas
// use these texts, so the API's JSON answers and the pages say the same.

export const FORM_REFUSALS = {
  message_empty: 'Please write a message',
  message_too_long: 'Please keep your message under 2,000 characters',
  report_reason: 'Please choose a reason',
  report_target: 'Please report one listing, one message or one review',
  comment_too_long: 'Please keep your comment under 1,000 characters',
  own_message: 'You cannot report your own message.',
  // the puppy page's inquiry form (decision 0124): the contact schema's words, and the spec's for an empty field
  inquiry_fields: 'Please fill out all fields',
  inquiry_email: 'Invalid email address',
  inquiry_too_long: 'Please keep your name under 100 characters, your phone under 40 and your message under 5,000',
  not_found: 'This conversation, message or listing is no longer available.',
  refused: 'That could not be sent. Please check it and try again.',
  failed: 'Something went wrong on our side. Please try again.',
} as const;

export type FormRefusal = keyof typeof FORM_REFUSALS;

const isRefusal = (code: unknown): code is FormRefusal =>
  typeof code === 'string' && Object.hasOwn(FORM_REFUSALS, code);

/** the text a page shows for the code in its address; nothing for a code this table does not know */
export function refusalText(code: unknown): string | undefined {
  return isRefusal(code) ? FORM_REFUSALS[code] : undefined;
}

/** the code of the first of `messages` that is a text of the table, else `fallback` */
export function refusalCode(messages: readonly string[], fallback: FormRefusal): FormRefusal {
  for (const message of messages) {
    const found = (Object.keys(FORM_REFUSALS) as FormRefusal[]).find((code) => FORM_REFUSALS[code] === message);
    if (found) return found;
  }
  return fallback;
}
