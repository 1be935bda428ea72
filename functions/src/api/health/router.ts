import { ROUTES } from '../../contracts/routes';
import { handle } from '../../http/route';
import { health } from './service';

/** /api/health: for uptime checks and after a deploy (docs/operations.md). 503 when Firestore is unreachable. */
export const healthRoutes = [handle(ROUTES.getHealth, () => health())];
