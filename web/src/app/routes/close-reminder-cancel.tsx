import { api } from '@/lib/api-client';
import { SignedCancelPage, type SignedCancelTexts } from '../signed-cancel-page';

const TEXTS: SignedCancelTexts = { title: '取消截止前提醒', description: '取消青嶼書房團購活動的截止前提醒。', headingId: 'cr-title', question: '確定不要收到這個團購活動的截止前提醒嗎？', doneText: '已取消，活動截止前不會再寄提醒信給您。' };

/** /closeReminder/cancel?token=…: the signed link in every 「截止前提醒我」 mail. */
export function Component() {
  return <SignedCancelPage texts={TEXTS} cancel={(token) => api('POST /api/closeReminders/cancel', { body: { token } })} />;
}
