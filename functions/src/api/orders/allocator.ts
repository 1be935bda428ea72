import { drainQueue, submitOp, submitOps, type SubmitOptions } from '../../data/stock-allocator';
import type { AllocationOp } from '../../data/allocation-plan';
import { orderPlacedMail } from './order-mails';

// The services' one door to the stock allocator (functions/src/data/stock-allocator.ts): every call
// hands it the placement mail, since whichever call drains the queue applies other callers' placements.

const options = (deadlineMs?: number): SubmitOptions => ({ placedMail: orderPlacedMail, ...(deadlineMs !== undefined ? { deadlineMs } : {}) });

export const allocate = (op: AllocationOp, deadlineMs?: number) => submitOp(op, options(deadlineMs));
export const allocateAll = (ops: AllocationOp[], deadlineMs?: number) => submitOps(ops, options(deadlineMs));
/**
 * The scheduled backstop: drains requests whose requesters died before anyone drained them.
 * @public loaded lazily by functions/src/index.ts (require), which knip cannot follow.
 */
export const drainAllocations = () => drainQueue(orderPlacedMail);
