import { PlanPage } from '@/features/group-buying/components/plan-page';

const intro = (
  <>
    <p>
      南區會計師公會與青嶼書房合作，為會員準備年度實務書團購：公司登記、營業稅申報與事務所實務三部曲，
      以團購優惠價直接在本頁訂購，免註冊、免登入。
    </p>
    <p>以往的紙本表單與 LINE 確認已改為線上訂購：送出訂單後立即收到訂單號碼與匯款資訊，也能隨時查詢訂單狀態。</p>
  </>
);

export function Component() {
  return <PlanPage planId="cpaSouth" landing={{ kicker: '南區會計師公會 會員專屬', intro }} />;
}
