// The admin's cancel of an order, asked for from /admin's order lookup and from a held payout
// (docs/decisions/0056, 0101): it says what the refund moves, with the amounts, and asks why. The reason
// is checked with the API's own AdminCancelOrderSchema (the same message), and both sides are mailed it.
// A refund the provider refuses is the caller's to show: the order then waits for an admin.
import { useEffect, type FormEvent } from 'react';
import {
  AdminCancelOrderSchema,
  type AdminCancelOrderInput,
  type OrderChangeResponse,
  type PayoutStatus,
} from '#contracts/orders.ts';
import { ApiError, postJson } from '../../lib/api-client.ts';
import { formatCents } from '../../lib/format.ts';
import { useSchemaForm } from '../../lib/forms.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { Field, RequiredNote } from '../Field.tsx';

export interface CancelTarget {
  reference: string;
  totalCents: number;
  payout: { status: PayoutStatus; amountCents: number | null } | null;
}

/** the cancel button's words, on the page and in the dialog */
export const cancelLabel = (totalCents: number) => `Cancel order and refund ${formatCents(totalCents)}`;

/** what the cancel does to the seller's payout, which goes before the buyer's money */
function payoutPart(payout: CancelTarget['payout']): string {
  if (!payout) return '';
  const of = payout.amountCents === null ? '' : ` of ${formatCents(payout.amountCents)}`;
  switch (payout.status) {
    case 'scheduled':
    case 'held':
    case 'releasing':
      return `The seller's payout${of} is stopped, and b`;
    case 'paid':
      return `The seller's payout${of} is taken back from the seller first, and b`;
    case 'transferring':
    case 'reversing':
      return `The seller's payout${of} is stopped or taken back, and b`;
    default:
      return '';
  }
}

export function cancelMessage({ reference, totalCents, payout }: CancelTarget): string {
  const part = payoutPart(payout);
  return `Cancel order ${reference} and refund ${formatCents(totalCents)} to the buyer? ${part || 'B'}oth sides are mailed your reason.`;
}

interface Props {
  target: CancelTarget;
  open: boolean;
  onClose: () => void;
  /** the API's answer to the cancel */
  onDone: (answer: OrderChangeResponse) => void;
  /** anything but a refused reason: the refund failed, or the request did */
  onFailed: (error: unknown) => void;
}

export function CancelOrderDialog({ target, open, onClose, onDone, onFailed }: Props) {
  const { register, handleSubmit, setError, reset, formState } = useSchemaForm(AdminCancelOrderSchema, { reason: '' });
  const { errors, isSubmitting } = formState;
  // every opening starts empty: a reason typed and abandoned is never sent by a later cancel
  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);

  const send = async (values: AdminCancelOrderInput) => {
    try {
      onDone(await postJson<OrderChangeResponse>(`/api/admin/orders/${target.reference}/cancel`, values));
    } catch (error) {
      const refused = error instanceof ApiError ? error.fields['reason'] : undefined;
      if (refused) setError('reason', { message: refused });
      else onFailed(error);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={
        <>
          Cancel order <span className="confirm-dialog-nowrap">{target.reference}</span>
        </>
      }
      message={cancelMessage(target)}
      confirmLabel={cancelLabel(target.totalCents)}
      keepLabel="Keep the order"
      destructive
      busy={isSubmitting}
      onSubmit={(event: FormEvent<HTMLFormElement>) => void handleSubmit(send)(event)}
      onClose={onClose}
    >
      <RequiredNote />
      <Field label="Reason for cancelling" required error={errors.reason?.message}>
        {(control) => <textarea rows={3} maxLength={500} {...control} {...register('reason')} />}
      </Field>
    </ConfirmDialog>
  );
}
