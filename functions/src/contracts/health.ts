/** GET /api/health: what is running, and whether it reaches Firestore. No secret, no configuration. */
export interface HealthAnswer {
  status: 'ok';
  /** APP_VERSION when the deploy sets one, else the functions package's version. */
  version: string;
  /** The Cloud Run revision serving the request (K_REVISION), when deployed. */
  revision: string | null;
  firestore: { reachable: true; latencyMs: number };
  checkedAt: string;
}
