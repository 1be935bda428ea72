import { ROUTES } from '../../contracts/routes';
import { handle } from '../../http/route';
import { groupOrderFor, ordersOfPlan, placeGroupOrder, planForViewer } from './service';

/** /api/groupBuying (plans) and /api/groupOrder (group orders); the rules are in ./service.ts. */
export const groupBuyingRoutes = [
  handle(ROUTES.getPlan, ({ params, user }) => planForViewer(params.planId, user)),
  handle(ROUTES.listPlanOrders, ({ params }) => ordersOfPlan(params.planId)),
  handle(ROUTES.getGroupOrder, ({ params, user }) => groupOrderFor(params.planId, params.orderId, user)),
  handle(ROUTES.placeGroupOrder, async ({ params, body, user, status }) => {
    const { created, view } = await placeGroupOrder({ planId: params.planId, orderId: params.orderId, input: body, buyer: user });
    status(created ? 201 : 200);
    return view;
  }),
];
