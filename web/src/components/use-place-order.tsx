import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { describeError } from '@contracts/errors';
import { isApiError } from '@/lib/api-client';
import { forgetDraft } from '@/lib/checkout-draft';
import { checkoutOrderId, forgetCheckoutOrderId } from '@/lib/checkout-order-id';
import { invalidateAfterOrder } from '@/lib/data/queries';
import { notify } from '@/lib/toast';
import { CONFIRM_STEP, SENDING_STEP, type Stepper } from './checkout-stepper';

// Placing an order, the one way for the shop's cart (features/checkout) and a campaign's group cart
// (features/group-buying): the checkout's order id made once (every retry and double click sends the
// same one, lib/checkout-order-id.ts), the sending step while the request runs, then either the order
// (the id and the draft forgotten, stock and the campaign's progress reloaded) or back to the
// confirmation with the refusal in the server's words, field by field.

export interface PlaceOrderOptions<I, R> {
  stepper: Pick<Stepper, 'goTo'>;
  /** The checkout's keys in lib/checkout-order-id.ts and lib/checkout-draft.ts. */
  keys: { orderId: string; draft: string };
  /** The request, with the checkout's order id. */
  send: (orderId: string, input: I) => Promise<R>;
  /** A campaign's order: its cached progress is reloaded. */
  planId?: string;
  /** The order landed: the caller empties its cart and shows the order. */
  onPlaced: (placed: R) => void;
}

/** What the form's `items` (the cart's lines, which no field shows) was refused for. */
interface ItemsErrors {
  items?: { message?: string; root?: { message?: string } };
}

/** The refusal of an order, in the server's words: the catalogue's sentence, then each field's problem. */
function refusal(err: unknown): ReactNode {
  if (!isApiError(err)) return '訂單送出失敗，請稍後再試';
  return (
    <>
      <strong>{describeError(err.statusCode, err.statusMessage)}</strong>
      {err.details?.length ? (
        <ul>
          {err.details.map((d) => (
            <li key={d.path + d.message}>{d.message}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * `place` and `refused` for the stepper's submitWith (components/checkout-stepper.tsx); `problem` for its
 * StepForm: why the last try was refused.
 */
export function usePlaceOrder<I, R>({ stepper, keys, send, planId, onPlaced }: PlaceOrderOptions<I, R>) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<ReactNode>(null);
  const place = async (input: I) => {
    setProblem(null);
    stepper.goTo(SENDING_STEP);
    try {
      const placed = await send(checkoutOrderId(keys.orderId), input);
      forgetCheckoutOrderId(keys.orderId);
      forgetDraft(keys.draft);
      invalidateAfterOrder(queryClient, planId);
      onPlaced(placed);
    } catch (err) {
      stepper.goTo(CONFIRM_STEP);
      // The server refused this id for another order: the next try gets a new one.
      if (isApiError(err) && err.statusMessage === 'ORDER_CONFLICT') forgetCheckoutOrderId(keys.orderId);
      if (isApiError(err)) notify('error', describeError(err.statusCode, err.statusMessage));
      setProblem(refusal(err));
    }
  };
  const refused = (errors: ItemsErrors) => setProblem(errors.items?.message ?? errors.items?.root?.message ?? '請檢查填寫的資料');
  return { place, refused, problem };
}
