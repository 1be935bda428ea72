import { z } from 'zod';
import { emailSchema, planIdSchema, textSchema } from './common';

// 「截止前提醒我」 (issue 27): on an open campaign's page a visitor leaves an email; one mail 24 h before
// the campaign closes, with a signed cancel link (the shape of 到貨通知, contracts/stock-alerts.ts).

/** POST /api/closeReminders */
export const closeReminderInputSchema = z.object({ planId: planIdSchema, email: emailSchema });
/** POST /api/closeReminders/cancel: from the signed link in the reminder's mails. */
export const closeReminderCancelSchema = z.object({ token: textSchema.min(10).max(2000) });

const CLOSE_REMINDER_STATUSES = ['waiting', 'sent', 'cancelled'] as const;
export type CloseReminderStatus = (typeof CLOSE_REMINDER_STATUSES)[number];

/** How long before the closing the reminder is mailed. */
export const CLOSE_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** What the visitor is told: the reminder waits (registered now or before), was sent, or is cancelled. */
export const closeReminderAnswerSchema = z.object({ planId: textSchema, status: z.enum(CLOSE_REMINDER_STATUSES) }).meta({ id: 'CloseReminderAnswer' });
export type CloseReminderAnswer = z.infer<typeof closeReminderAnswerSchema>;
