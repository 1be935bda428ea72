import { PlanPage } from '@/features/group-buying/components/plan-page';

const intro = (
  <p>一圈讀書會每季挑選一本實務書共讀，會員以團購價訂購，讀書會當天現場取書。想知道下一季的書單與開團時間，歡迎留下聯絡方式。</p>
);

export function Component() {
  return <PlanPage planId="onecircle" landing={{ kicker: '一圈讀書會 共讀團購', intro }} />;
}
