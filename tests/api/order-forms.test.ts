// My Orders' answers posted by the browser itself, without scripts (docs/decisions/0125), on both stores:
// confirm receipt, report a problem, write a review and edit it. Each answers 303 back to /my-orders with
// the order and a code the page knows, runs the same domain function as the JSON call (the change is
// made), refuses someone else's order without changing it, and answers a bad body with a message code,
// never a 500. A visitor is sent to log in, and /my-orders itself sends a visitor there too.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ORDER_FORM_DONE, ORDER_FORM_REFUSALS, orderFormOutcome } from '#contracts/order-forms.ts';
import { signedInAgent } from '../support/api-login.ts';
import { marketplace } from '../support/payments.ts';
import { buy, connect, handOver, payoutOf } from '../support/payouts.ts';

const REVIEW = { rating: '5', body: 'Daisy came home healthy and happy; the breeder answered every question.' };

/** a seller, a buyer who paid for Daisy, the handover made, and a stranger with an account */
async function handedOver() {
  const world = await marketplace();
  await connect(world.seller.agent);
  const sale = await buy(world.t, world.puppy.id);
  await handOver(world.seller.agent, sale.order.reference);
  const stranger = await signedInAgent(world.t);
  return { ...world, ...sale, stranger };
}

type World = Awaited<ReturnType<typeof handedOver>>;
type Agent = World['buyer']['agent'];

const post = (agent: Agent, path: string, fields: Record<string, string> = {}) =>
  agent.post(path).type('form').send(fields);

/** the address a form post was sent back to, as the page reads it */
function outcomeAt(location: string | undefined) {
  expect(location).toMatch(/^\/my-orders\?/);
  return orderFormOutcome(new URL(location!, 'http://x').searchParams);
}

describe('confirm receipt, as a form', () => {
  it('the buyer confirms: 303 back to their order with its message, and the seller is being paid', async () => {
    const w = await handedOver();
    const answer = await post(w.buyer.agent, `/api/orders/${w.order.reference}/confirm-receipt`, { page: '2' });
    expect(answer.status).toBe(303);
    const ref = w.order.reference;
    expect(answer.headers.location).toBe(`/my-orders?page=2&order=${ref}&done=receipt_confirmed#order-${ref}`);
    expect(outcomeAt(answer.headers.location)).toEqual({
      reference: ref,
      kind: 'done',
      text: ORDER_FORM_DONE.receipt_confirmed,
      form: null,
    });
    expect((await payoutOf(w.t, ref)).status).not.toBe('scheduled');
  });

  it("someone else's order is refused as not theirs, and nothing changes; so is the seller's", async () => {
    const w = await handedOver();
    const ref = w.order.reference;
    for (const agent of [w.stranger.agent, w.seller.agent]) {
      const answer = await post(agent, `/api/orders/${ref}/confirm-receipt`);
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`/my-orders?order=${ref}&error=order_not_found#order-${ref}`);
    }
    expect((await payoutOf(w.t, ref)).status).toBe('scheduled');
    expect((await w.t.store.orders.get(w.order.id))?.status).toBe('handed_over');
  });

  it('a malformed reference or a second confirmation goes back with a message, never a 500', async () => {
    const w = await handedOver();
    const bad = await post(w.buyer.agent, '/api/orders/not-a-reference/confirm-receipt', { page: 'x' });
    expect(bad.status).toBe(303);
    expect(bad.headers.location).toBe('/my-orders?error=order_not_found');
    expect(outcomeAt(bad.headers.location)?.text).toBe(ORDER_FORM_REFUSALS.order_not_found);
    await post(w.buyer.agent, `/api/orders/${w.order.reference}/confirm-receipt`);
    const again = await post(w.buyer.agent, `/api/orders/${w.order.reference}/confirm-receipt`);
    expect(again.status).toBe(303);
    expect(outcomeAt(again.headers.location)?.text).toBe(ORDER_FORM_DONE.already_confirmed);
  });

  it('a visitor is sent to log in and back to My Orders; nothing changes', async () => {
    const w = await handedOver();
    const answer = await post(
      request.agent(w.t.app) as unknown as Agent,
      `/api/orders/${w.order.reference}/confirm-receipt`,
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe('/auth?next=%2Fmy-orders');
    expect((await payoutOf(w.t, w.order.reference)).status).toBe('scheduled');
  });
});

describe('report a problem, as a form', () => {
  it('the buyer reports: 303 back, the payout held with their words', async () => {
    const w = await handedOver();
    const ref = w.order.reference;
    const answer = await post(w.buyer.agent, `/api/orders/${ref}/report-problem`, {
      problem: 'Daisy has a cough the vet says she came with.',
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toBe(`/my-orders?order=${ref}&done=problem_reported#order-${ref}`);
    const payout = await payoutOf(w.t, ref);
    expect(payout).toMatchObject({ status: 'held', problem: 'Daisy has a cough the vet says she came with.' });
    const twice = await post(w.buyer.agent, `/api/orders/${ref}/report-problem`, { problem: 'Still coughing today.' });
    expect(twice.headers.location).toBe(`/my-orders?order=${ref}&done=already_reported#order-${ref}`);
  });

  it("a stranger's report is refused and nothing is held", async () => {
    const w = await handedOver();
    const answer = await post(w.stranger.agent, `/api/orders/${w.order.reference}/report-problem`, {
      problem: 'Not my order, but I try.',
    });
    expect(outcomeAt(answer.headers.location)?.text).toBe(ORDER_FORM_REFUSALS.order_not_found);
    expect((await payoutOf(w.t, w.order.reference)).status).toBe('scheduled');
  });

  it.each([
    [{}, 'problem_empty'],
    [{ problem: '   ' }, 'problem_empty'],
    [{ problem: 'short' }, 'problem_short'],
    [{ problem: 'x'.repeat(2001) }, 'problem_long'],
  ])('a bad body %# goes back with %s under the field, and nothing is held', async (body, code) => {
    const w = await handedOver();
    const answer = await post(w.buyer.agent, `/api/orders/${w.order.reference}/report-problem`, body);
    expect(answer.status).toBe(303);
    expect(outcomeAt(answer.headers.location)).toMatchObject({ kind: 'refused', form: 'problem' });
    expect(answer.headers.location).toContain(`error=${code}`);
    expect((await payoutOf(w.t, w.order.reference)).status).toBe('scheduled');
  });
});

describe('write and edit a review, as forms', () => {
  it('the buyer writes one (rating from a radio, a string) and edits it with POST, the form the browser can send', async () => {
    const w = await handedOver();
    const ref = w.order.reference;
    const written = await post(w.buyer.agent, `/api/orders/${ref}/review`, REVIEW);
    expect(written.status).toBe(303);
    expect(written.headers.location).toBe(`/my-orders?order=${ref}&done=review_posted#order-${ref}`);
    const review = (await w.t.store.reviews.findByOrder(w.order.id))!;
    expect(review).toMatchObject({ rating: 5, body: REVIEW.body });

    const edited = await post(w.buyer.agent, `/api/reviews/${review.id}`, {
      rating: '4',
      body: 'Daisy is doing well; the breeder was slow to answer at first.',
      reference: ref,
    });
    expect(edited.status).toBe(303);
    expect(edited.headers.location).toBe(`/my-orders?order=${ref}&done=review_updated#order-${ref}`);
    expect(await w.t.store.reviews.get(review.id)).toMatchObject({ rating: 4 });
    // the JSON path of the edit stays PATCH: a JSON POST there is not a route
    expect((await w.buyer.agent.post(`/api/reviews/${review.id}`).send({ rating: 3, body: REVIEW.body })).status).toBe(
      404,
    );
  });

  it("a stranger cannot review the order nor edit the buyer's review; nothing changes", async () => {
    const w = await handedOver();
    const ref = w.order.reference;
    const byStranger = await post(w.stranger.agent, `/api/orders/${ref}/review`, REVIEW);
    expect(outcomeAt(byStranger.headers.location)?.text).toBe(ORDER_FORM_REFUSALS.order_not_found);
    expect(await w.t.store.reviews.findByOrder(w.order.id)).toBeUndefined();

    await post(w.buyer.agent, `/api/orders/${ref}/review`, REVIEW);
    const review = (await w.t.store.reviews.findByOrder(w.order.id))!;
    const edit = await post(w.stranger.agent, `/api/reviews/${review.id}`, { rating: '1', body: 'x'.repeat(40) });
    expect(edit.status).toBe(303);
    expect(edit.headers.location).toBe('/my-orders?error=order_not_found');
    expect(await w.t.store.reviews.get(review.id)).toMatchObject({ rating: 5, body: REVIEW.body });
  });

  it.each([
    [{ body: REVIEW.body }, 'review_rating'],
    [{ rating: '9', body: REVIEW.body }, 'review_rating'],
    [{ rating: '5' }, 'review_short'],
    [{ rating: '5', body: 'Too short.' }, 'review_short'],
    [{ rating: '5', body: 'x'.repeat(2001) }, 'review_long'],
    [{ rating: '5', body: 'Lovely puppy, pay me the rest on Zelle at 555-0100 please.' }, 'review_off_platform'],
  ])('a bad body %# goes back with %s under the field, and no review is written', async (body, code) => {
    const w = await handedOver();
    const answer = await post(w.buyer.agent, `/api/orders/${w.order.reference}/review`, body);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toContain(`error=${code}`);
    expect(outcomeAt(answer.headers.location)).toMatchObject({ kind: 'refused', form: 'review' });
    expect(await w.t.store.reviews.findByOrder(w.order.id)).toBeUndefined();
  });

  it('before the handover the buyer is told to wait, in words the page knows', async () => {
    const w = await marketplace();
    const sale = await buy(w.t, w.puppy.id);
    const early = await post(sale.buyer.agent, `/api/orders/${sale.order.reference}/review`, REVIEW);
    expect(outcomeAt(early.headers.location)?.text).toBe(ORDER_FORM_REFUSALS.not_handed_over);
  });
});

describe('what the page reads from the address', () => {
  it('shows only the texts of known codes, never words from the address', () => {
    const read = (query: string) => orderFormOutcome(new URLSearchParams(query));
    expect(read('order=PN-20260601-1A2B3C4D&error=<script>')).toBeNull();
    expect(read('order=PN-20260601-1A2B3C4D&done=toString')).toBeNull();
    expect(read('order=../evil&done=review_posted')).toEqual({
      reference: null,
      kind: 'done',
      text: ORDER_FORM_DONE.review_posted,
      form: null,
    });
  });
});
