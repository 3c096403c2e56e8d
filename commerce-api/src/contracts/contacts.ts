// Contact messages: the contact page and the inquiry dialog of a puppy (docs/product.md §3, §5, §7).
import * as v from 'valibot';
import type { PlanId } from './plans.ts';

const required = (message: string, max: number) =>
  v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, `Please keep it under ${max} characters`));

export const ContactSchema = v.object({
  name: required('Name is required', 100),
  email: v.pipe(required('Email is required', 254), v.email('Invalid email address')),
  phone: required('Phone is required', 40),
  message: required('Message is required', 5000),
  puppyId: v.optional(
    v.nullable(v.pipe(v.number('Unknown puppy'), v.integer('Unknown puppy'), v.minValue(1, 'Unknown puppy'))),
  ),
});
export type ContactInput = v.InferOutput<typeof ContactSchema>;

/**
 * A message to the team as the admin's list shows it (decision 0136): the sender's seller plan is the
 * server's, from their session when they wrote; a visitor's and a family's have none.
 */
export interface AdminContactMessageView {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** the account that wrote it, or null for a visitor */
  username: string | null;
  plan: PlanId | null;
  /** "Annual (priority)", "Monthly", "No plan" */
  planLabel: string;
  /** six-month and annual plans have priority support (docs/product.md §9) */
  priority: boolean;
  createdAt: string;
}

export interface AdminContactMessagesResponse {
  messages: AdminContactMessageView[];
}
