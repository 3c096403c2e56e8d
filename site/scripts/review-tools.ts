// What a logged-in reader may do with a review on the listing and breeder pages (docs/product.md §17,
// decisions 0119 and 0128): report it (anyone but its writer), and reply once in place (the seller, while
// there is no reply). BreederReviews.astro renders both forms hidden, for nobody; this shows the ones that
// are the reader's and removes the others, and sends the reply with the API's own schema, keeping what was typed when refused.
import * as v from 'valibot';
import { ReviewReplySchema } from '#contracts/reviews.ts';
import { ApiError, postJson } from '../lib/api-client.ts';
import { sessionUser } from '../lib/session-user.ts';
import { setBusy } from '../lib/busy.ts';
import { toast } from '../lib/toast.ts';
import { watchReportForm } from './report-form.ts';

const tools = [...document.querySelectorAll<HTMLElement>('[data-review-tools]')];
if (tools.length > 0) void start();

async function start(): Promise<void> {
  const user = await sessionUser();
  if (!user) return;
  for (const box of tools) {
    const seller = user.id === Number(box.dataset.seller);
    const writer = user.username === box.dataset.writer;
    // what is not the reader's goes, so that it is not in the page at all (a writer has nothing to report)
    for (const part of box.querySelectorAll<HTMLElement>('[data-for]')) {
      if (part.dataset.for === 'seller' ? seller : !writer) part.hidden = false;
      else part.remove();
    }
    box.hidden = !box.querySelector('[data-for]');
    for (const form of box.querySelectorAll<HTMLFormElement>('.report-form form')) watchReportForm(form);
    const reply = box.querySelector<HTMLFormElement>('form[data-reply-form]');
    if (reply && seller) watchReply(reply, box.dataset.sellerName ?? '');
  }
}

function watchReply(form: HTMLFormElement, sellerName: string): void {
  const body = form.elements.namedItem('body') as HTMLTextAreaElement;
  const message = document.getElementById(`${body.id}-error`);
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const hint = `${body.id}-hint`;
  const showError = (text: string | undefined) => {
    if (message) message.textContent = text ?? '';
    if (text) body.setAttribute('aria-invalid', 'true');
    else body.removeAttribute('aria-invalid');
    body.setAttribute('aria-describedby', text ? `${hint} ${message?.id ?? ''}`.trim() : hint);
  };
  body.addEventListener('input', () => showError(undefined));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });

  async function send(): Promise<void> {
    const checked = v.safeParse(ReviewReplySchema, { body: body.value });
    if (!checked.success) return showError(checked.issues[0].message);
    setBusy(button, true);
    try {
      await postJson(`/api/reviews/${form.dataset.replyForm}/reply`, checked.output);
      toast({ title: 'Reply Posted', description: 'It shows under the review for everyone.', variant: 'success' });
      const reply = document.createElement('div');
      reply.className = 'review-reply';
      const head = document.createElement('p');
      head.className = 'review-reply-head';
      head.textContent = `Reply from ${sellerName} · just now`;
      const text = document.createElement('p');
      text.textContent = checked.output.body;
      reply.append(head, text);
      (form.closest('[data-for]') ?? form).replaceWith(reply);
    } catch (failure) {
      showError(
        failure instanceof ApiError
          ? (failure.fields['body'] ?? failure.message)
          : 'Your reply could not be sent. Please try again.',
      );
    } finally {
      setBusy(button, false);
    }
  }
}
