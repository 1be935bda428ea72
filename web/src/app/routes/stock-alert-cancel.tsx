import { api } from '@/lib/api-client';
import { SignedCancelPage, type SignedCancelTexts } from '../signed-cancel-page';

const TEXTS: SignedCancelTexts = { title: '取消到貨通知', description: '取消青嶼書房的到貨通知。', headingId: 'sa-title', question: '確定不要收到這本書的到貨通知嗎？', doneText: '已取消，這本書到貨時不會再寄通知信給您。' };

/** /stockAlert/cancel?token=…: the signed link in every 到貨通知 mail. */
export function Component() {
  return <SignedCancelPage texts={TEXTS} cancel={(token) => api('POST /api/stockAlerts/cancel', { body: { token } })} />;
}
