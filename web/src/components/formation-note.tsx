/**
 * What a pay-after-成團 order waiting for its campaign (awaitingFormation) says wherever it is shown in
 * place of the bank details: nothing to pay yet, the payment notice comes when the campaign forms, and
 * nothing is paid if it fails (docs/group-buying.md, "Pay after 成團").
 */
export function FormationNote({ paymentDueDays, headingLevel = 2 }: { paymentDueDays?: number; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="panel formation-note" aria-labelledby="formation-note-title" data-testid="formation-note">
      <Heading id="formation-note-title" className="formation-note__heading">
        等待成團，目前不需匯款
      </Heading>
      <p>
        這個團購活動達到成團門檻後才收款。成團時我們會寄出「收款通知」到您的信箱，附上匯款帳號、金額與匯款期限
        {paymentDueDays ? `（成團後 ${paymentDueDays} 天內）` : ''}。
      </p>
      <p className="muted">若活動最後未成團，訂單將取消，您不需支付任何款項。</p>
    </section>
  );
}
