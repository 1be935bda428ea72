import { describeError } from '@contracts/errors';
import { useEffect } from 'react';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
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

/** The global error screen: status code, the Chinese message, the raw message and 返回首頁. */
export function ErrorView({ statusCode, statusMessage }: ErrorView) {
  const navigate = useNavigate();
  const chinese = describeError(statusCode, statusMessage);
  useEffect(() => {
    document.title = `${statusCode} ${chinese}｜青嶼書房`;
  }, [statusCode, chinese]);
  return (
    <main className="error-screen" aria-labelledby="error-title">
      <div className="error-screen__card">
        <p className="error-screen__code" aria-hidden="true">
          {statusCode}
        </p>
        <h1 id="error-title" className="error-screen__title">
          <span className="visually-hidden">錯誤 {statusCode}：</span>
          {chinese}
        </h1>
        <p className="error-screen__raw" data-testid="error-status-message">
          {statusMessage}
        </p>
        <button type="button" className="btn btn--primary" onClick={() => navigate('/', { replace: true })}>
          返回首頁
        </button>
      </div>
    </main>
  );
}

export function ErrorScreen() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadOnceForChunkError()) return null;
  return <ErrorView {...toErrorView(error)} />;
}
