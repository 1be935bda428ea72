/**
 * Said only to a browser without JavaScript (a <noscript> in the first HTML, rendered by the ssr
 * function): what on the page cannot work without it (the cart lives in the browser, the checkouts make
 * the order id there), and the other way to order. Never a button that only reloads the page.
 */
export function NeedsJavaScript({ what, otherWay = '也可以來電或透過 LINE 訂購', className = 'needs-js' }: { what: string; otherWay?: string; className?: string }) {
  return (
    <noscript>
      <p className={className}>
        {what}需要啟用 JavaScript；{otherWay}。
      </p>
    </noscript>
  );
}
