import { closeReminderAnswerSchema, closeReminderCancelSchema, closeReminderInputSchema } from '../close-reminders';
import { emailSignUp, K, signedCancel, type RouteDecl } from './declare';

// 「截止前提醒我」 (issue 27): a mail before an open campaign closes (api/close-reminders/router.ts). Part of ROUTES (../routes.ts).

export const CLOSE_REMINDERS_ROUTES = {
  // 「截止前提醒我」 (issue 27): the shape of 到貨通知, for an open campaign.
  createCloseReminder: emailSignUp({
    path: '/api/closeReminders',
    tag: 'Group buying',
    summary: '「截止前提醒我」 on an open campaign',
    description:
      'One reminder per email and campaign, mailed once 24 h before the campaign closes (never to an address that unsubscribed from the shop\'s mails); a new one is confirmed by a mail with its cancel link (bound to that registration, valid until a day after the closing). A new and a known address both answer 200 alike. 404 for an unknown or unlaunched campaign, 409 `PLAN_CLOSED` once it has closed; rate-limited per address and per email.',
    limitName: 'close-reminder',
    body: closeReminderInputSchema,
    answer: { description: 'The reminder waits (signed up now or before)', schema: closeReminderAnswerSchema },
    conflict: K.planClosed,
  }),
  cancelCloseReminder: signedCancel({
    path: '/api/closeReminders/cancel',
    tag: 'Group buying',
    summary: 'Cancel a 「截止前提醒我」',
    description: "With the signed token of the reminder mails' link.",
    body: closeReminderCancelSchema,
    answer: { description: 'The reminder', schema: closeReminderAnswerSchema },
  }),
} as const satisfies Record<string, RouteDecl>;
