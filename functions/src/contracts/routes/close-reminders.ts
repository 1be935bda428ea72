import { closeReminderAnswerSchema, closeReminderCancelSchema, closeReminderInputSchema } from '../close-reminders';
import { emailSignUp, K, signedCancel, type RouteDecl } from './declare';

// 「截止前提醒我」 (issue 27): a mail before an open campaign closes, the shape of 到貨通知 for an open campaign (api/close-reminders/router.ts). Part of ROUTES (../routes.ts).

export const CLOSE_REMINDERS_ROUTES = {
  createCloseReminder: emailSignUp(
    { path: '/api/closeReminders', tag: 'Group buying', limitName: 'close-reminder', conflict: K.planClosed, body: closeReminderInputSchema, answer: { description: 'The reminder waits (signed up now or before)', schema: closeReminderAnswerSchema } },
    '「截止前提醒我」 on an open campaign',
    'One reminder per email and campaign, mailed once 24 h before the campaign closes (never to an address that unsubscribed from the shop\'s mails); a new one is confirmed by a mail with its cancel link (bound to that registration, valid until a day after the closing). A new and a known address both answer 200 alike. 404 for an unknown or unlaunched campaign, 409 `PLAN_CLOSED` once it has closed; rate-limited per address and per email.',
  ),
  cancelCloseReminder: signedCancel({ path: '/api/closeReminders/cancel', tag: 'Group buying', body: closeReminderCancelSchema, answer: { description: 'The reminder', schema: closeReminderAnswerSchema } },
    'Cancel a 「截止前提醒我」', "With the signed token of the reminder mails' link."),
} as const satisfies Record<string, RouteDecl>;
