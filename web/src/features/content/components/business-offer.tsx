const OFFERS = [
  { title: '數量優惠', text: '同一書目 10 本以上享團體價，30 本以上另有專案報價。' },
  { title: '專屬團購頁', text: '為公會、學校或讀書會開設專屬團購頁，成員各自下單、各自付款。' },
  { title: '統一開立發票', text: '可依單位需求開立統一編號發票，或依成員分別開立。' },
  { title: '集中或分別寄送', text: '可寄到單位集中發放，也可逐一寄給成員；運費依購物須知。' },
];

const STEPS = ['填寫下方詢問表單，告訴我們書目、數量與需求', '1–2 個工作天內回覆報價與時程', '確認後開設團購頁或直接成立訂單', '匯款確認後出貨，提供寄件追蹤'];

export function BusinessOffer() {
  return (
    <>
      <section aria-labelledby="biz-offer">
        <h2 id="biz-offer">我們提供</h2>
        <ul className="card-grid offer-grid">
          {OFFERS.map((o) => (
            <li key={o.title} className="offer-card">
              <h3>{o.title}</h3>
              <p>{o.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="biz-steps">
        <h2 id="biz-steps">合作流程</h2>
        <ol className="steps">
          {STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </section>
    </>
  );
}
