import { describeError, UNKNOWN_ERROR } from '@contracts/errors';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { isChunkLoadError, reloadOnceForChunkError } from '@/lib/chunk-reload';

export interface ErrorView {
  statusCode: number;
  statusMessage: string;
}

export function toErrorView(error: unknown): ErrorView {
  if (isApiError(error)) return { statusCode: error.statusCode, statusMessage: error.statusMessage };
  if (isRouteErrorResponse(error)) {
    const data = error.data as { statusMessage?: string } | string | undefined;
    const msg = typeof data === 'object' && data?.statusMessage ? data.statusMessage : error.statusText || 'Not Found';
    return { statusCode: error.status, statusMessage: msg };
  }
  return { statusCode: 500, statusMessage: 'Internal Server Error' };
}

/**
 * The global error screen: status code, the Chinese message and 返回首頁. The server's raw (English)
 * message is shown only when the catalogue has no words for it, for the shopper to quote to the shop.
 */
export function ErrorView({ statusCode, statusMessage }: ErrorView) {
  const navigate = useNavigate();
  const chinese = describeError(statusCode, statusMessage);
  useEffect(() => {
    document.title = `${statusCode} ${chinese}｜青嶼書房`;
  }, [statusCode, chinese]);
  return (
    <main className="error-screen" aria-labelledby="error-title">
      <div className="error-screen__card">
        <img className="error-screen__art" src="/images/error/lost-book.svg" alt="" width="240" height="160" />
        <p className="error-screen__code" aria-hidden="true">
          {statusCode}
        </p>
        <h1 id="error-title" className="error-screen__title">
          <span className="visually-hidden">錯誤 {statusCode}：</span>
          {chinese}
        </h1>
        <p className="muted">{hintFor(statusCode)}</p>
        {chinese === UNKNOWN_ERROR && (
          <p className="error-screen__raw" data-testid="error-status-message">
            {statusMessage}
          </p>
        )}
        <div className="button-row button-row--center">
          <button type="button" className="btn btn--primary" onClick={() => navigate('/', { replace: true })}>
            返回首頁
          </button>
        </div>
        <nav className="error-screen__links" aria-label="常用連結">
          <Link to="/bookstore">訂購書籍</Link>｜<Link to="/faq">常見問題</Link>｜<Link to="/contact">聯絡我們</Link>
        </nav>
      </div>
    </main>
  );
}

function hintFor(statusCode: number): string {
  if (statusCode === 404) return '您要找的頁面可能已經移除、改名，或網址輸入有誤。';
  if (statusCode === 401 || statusCode === 403) return '請登入有權限的帳號後再試一次。';
  if (statusCode >= 500) return '系統暫時無法處理您的要求，請稍後再試；若問題持續，歡迎來電告訴我們。';
  return '請確認資料後再試一次。';
}

export function ErrorScreen() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadOnceForChunkError()) return null;
  return <ErrorView {...toErrorView(error)} />;
}
