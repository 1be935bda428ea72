import { useLocation } from 'react-router';
import { ErrorView } from '../error-screen';

/** The catch-all: no layout, 404 "Page not found: {path}". */
export function Component() {
  const { pathname } = useLocation();
  return <ErrorView statusCode={404} statusMessage={`Page not found: ${pathname}`} />;
}
