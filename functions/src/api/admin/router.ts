import { ROUTES } from '../../contracts/routes';
import { handle, sent } from '../../http/route';
import { sendCsv, sendXlsx } from '../../http/send-export';
import { createOrganizerLink, listOrganizerLinks, revokeOrganizerLink } from '../organizer/service';
import { confirmDeposits, listLayouts, matchDeposits } from '../bank/service';
import { createProduct, getAdminProduct, listAdminProducts, setProductLaunched, setProductStock, stockMovements, updateProduct } from '../products/owner-service';
import { dashboardFigures } from '../dashboard/service';
import { getAdminOrder, listOrders, paymentsToCheck } from '../orders/listing';
import { changeStatus, correctDelivery, ownerActor } from '../orders/order-status';
import { decideOutcome } from '../group-buying/outcome-service';
import { createPlan, deletePlan, getAdminPlan, listAdminPlans, planCsv, planXlsx, setPlanArchived, setPlanLaunched, updatePlan } from '../group-buying/plans-service';

/** The shop owner's console under /api/admin (access declared as `owner`: 401 without a token, 403 for anyone else). */
export const adminRoutes = [
  // Orders
  handle(ROUTES.adminListOrders, ({ query }) => listOrders(query)),
  handle(ROUTES.adminGetOrder, ({ params }) => getAdminOrder(params.orderId)),
  handle(ROUTES.adminChangeOrderStatus, ({ params, body, user }) => changeStatus(params.orderId, body, user)),
  handle(ROUTES.adminCorrectDelivery, ({ params, body, user }) => correctDelivery(params.orderId, body, user)),
  handle(ROUTES.adminPaymentsToCheck, () => paymentsToCheck()),
  handle(ROUTES.adminDashboard, ({ query }) => dashboardFigures(query.days, query.months)),

  // Bank statement matching
  handle(ROUTES.adminBankLayouts, () => listLayouts()),
  handle(ROUTES.adminBankMatch, ({ body }) => matchDeposits(body.deposits)),
  handle(ROUTES.adminBankConfirm, ({ body, user }) => confirmDeposits(body, user)),

  // Catalogue and stock
  handle(ROUTES.adminListProducts, () => listAdminProducts()),
  handle(ROUTES.adminCreateProduct, ({ body, user }) => createProduct(body, ownerActor(user))),
  handle(ROUTES.adminGetProduct, ({ params }) => getAdminProduct(params.productId)),
  handle(ROUTES.adminUpdateProduct, ({ params, body }) => updateProduct(params.productId, body)),
  handle(ROUTES.adminLaunchProduct, ({ params, body }) => setProductLaunched(params.productId, body.launched)),
  handle(ROUTES.adminStockMovements, ({ params }) => stockMovements(params.productId)),
  handle(ROUTES.adminSetStock, ({ params, body, user }) => setProductStock(params.productId, body, ownerActor(user))),

  // Campaigns
  handle(ROUTES.adminListPlans, () => listAdminPlans()),
  handle(ROUTES.adminCreatePlan, ({ body }) => createPlan(body)),
  handle(ROUTES.adminGetPlan, ({ params }) => getAdminPlan(params.planId)),
  handle(ROUTES.adminUpdatePlan, ({ params, body }) => updatePlan(params.planId, body)),
  handle(ROUTES.adminLaunchPlan, ({ params, body }) => setPlanLaunched(params.planId, body.launched)),
  handle(ROUTES.adminArchivePlan, ({ params, body }) => setPlanArchived(params.planId, body.archived)),
  handle(ROUTES.adminDeletePlan, async ({ params }) => {
    await deletePlan(params.planId);
    return undefined;
  }),
  handle(ROUTES.adminDecideOutcome, ({ params, body, user }) => decideOutcome(params.planId, body, ownerActor(user))),
  handle(ROUTES.adminListOrganizerLinks, ({ params }) => listOrganizerLinks(params.planId)),
  handle(ROUTES.adminCreateOrganizerLink, ({ params, user }) => createOrganizerLink(params.planId, ownerActor(user))),
  handle(ROUTES.adminRevokeOrganizerLink, ({ params }) => revokeOrganizerLink(params.planId, params.linkId)),
  handle(ROUTES.adminCreateDeskLink, ({ params, body, user }) => createOrganizerLink(params.planId, ownerActor(user), { holder: body.holder })),
  handle(ROUTES.adminPlanCsv, async ({ params, res }) => {
    sendCsv(res, await planCsv(params.planId));
    return sent;
  }),
  handle(ROUTES.adminPlanXlsx, async ({ params, res }) => {
    sendXlsx(res, await planXlsx(params.planId));
    return sent;
  }),
];
