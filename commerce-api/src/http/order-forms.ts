// My Orders' actions posted by the browser itself (docs/decisions/0125): the same route and the same
// domain function as the island's JSON call, answered with 303 back to /my-orders, the order named and
// a code that says what happened (#contracts/order-forms.ts), instead of JSON. A visitor whose session
// ended is sent to log in and back to My Orders; nothing is changed.
import type { Request, Response } from 'express';
import {
  isOrderFormRefusal,
  ORDER_FIELD_REFUSALS,
  myOrdersAddress,
  orderRefusalOf,
  type OrderFormDone,
  type OrderFormRefusal,
} from '#contracts/order-forms.ts';
import { ORDER_REFERENCE_PATTERN } from '#contracts/orders.ts';
import type { Log } from '../logging/log.ts';
import { AppError } from '../errors.ts';
import { loggableUrl } from './request-observer.ts';
import { loginFirst } from './private-page.ts';
import { currentUser } from './session.ts';

/** a flat form field, or undefined */
function field(req: Request, name: string): string | undefined {
  const value = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** the page of My Orders the form was on (its hidden `page` field); 1 when absent or malformed */
function pageOf(req: Request): number {
  const raw = field(req, 'page');
  return raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
}

/** an order reference as the address may name it, or null */
export function referenceOf(raw: unknown): string | null {
  return typeof raw === 'string' && ORDER_REFERENCE_PATTERN.test(raw) ? raw : null;
}

/** the code of a refusal: someone else's order is "not yours or gone", like a malformed reference */
export function orderRefusal(error: unknown): OrderFormRefusal {
  if (!(error instanceof AppError)) return 'failed';
  if (error.code === 'not_found' || error.code === 'forbidden') return 'order_not_found';
  if (isOrderFormRefusal(error.code)) return error.code;
  const fields = error.fields ?? {};
  const named = Object.keys(fields).find((name) => Object.hasOwn(ORDER_FIELD_REFUSALS, name));
  return (
    orderRefusalOf([...Object.values(fields), error.message]) ??
    (named ? ORDER_FIELD_REFUSALS[named] : undefined) ??
    'refused'
  );
}

/**
 * Runs `act` for a form post and answers 303 to My Orders with its outcome. `reference` names the card
 * the outcome shows in (null when the address named no order, or the form names it in its `reference`).
 */
export async function answerOrderForm(
  req: Request,
  res: Response,
  log: Log,
  reference: string | null,
  act: () => Promise<OrderFormDone>,
): Promise<void> {
  if (!currentUser(res)) {
    res.redirect(303, loginFirst('/my-orders'));
    return;
  }
  const page = pageOf(req);
  const named = reference ?? referenceOf(field(req, 'reference')?.trim().toUpperCase());
  try {
    res.redirect(303, myOrdersAddress(named, page, { done: await act() }));
  } catch (error) {
    // our own failure is the operator's to hear of, as the JSON path's error handler logs it
    if (!(error instanceof AppError) || error.status >= 500)
      log.error(
        `${req.method} ${loggableUrl(req.originalUrl)} form post failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    res.redirect(303, myOrdersAddress(named, page, { error: orderRefusal(error) }));
  }
}
