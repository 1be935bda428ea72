import { NO_BANK_DIGITS } from '@contracts/orders';
import { Link } from 'react-router';

/**
 * Under the bank details of a success page: the 匯款帳號末 5 碼 the buyer gave at checkout, or that they
 * give them themselves after the transfer, at `where` (the order's page, or the lookup with the order
 * number filled in). `digits`: the order's, or null when the page may not see them (a masked group order).
 */
export function BankDigitsNote({ digits, where }: { digits: string | null; where: { to: string; label: string } }) {
  const link = <Link to={where.to}>{where.label}</Link>;
  return (
    <p data-testid="bank-digits-note">
      {digits === null ? (
        <>匯款帳號末 5 碼可在{link}填寫或更正，方便我們核對您的匯款。</>
      ) : digits === NO_BANK_DIGITS ? (
        <>匯款後，請到{link}填寫匯款帳號末 5 碼，方便我們核對您的匯款。</>
      ) : (
        <>
          您填寫的匯款帳號末 5 碼：<strong>{digits}</strong>。若改由其他帳戶匯款，請到{link}更正。
        </>
      )}
    </p>
  );
}
