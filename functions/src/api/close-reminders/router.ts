import { ROUTES } from '../../contracts/routes';
import { handle } from '../../http/route';
import { cancelCloseReminder, createCloseReminder } from './service';

/** /api/closeReminders: 「截止前提醒我」, for anyone; limited per address and per email. */
export const closeRemindersRoutes = [
  // 200 for a new and a known address alike: the answer does not tell who signed up.
  handle(ROUTES.createCloseReminder, ({ body }) => createCloseReminder(body.planId, body.email)),
  handle(ROUTES.cancelCloseReminder, ({ body }) => cancelCloseReminder(body.token)),
];
