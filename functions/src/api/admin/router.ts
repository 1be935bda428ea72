import { Router } from 'express';
import {
  adminIdParams,
  adminOrdersQuerySchema,
  adminPlanInputSchema,
  adminPlanUpdateSchema,
  adminProductInputSchema,
  adminProductUpdateSchema,
  archiveInputSchema,
  deliveryCorrectionSchema,
  launchInputSchema,
  orderStatusChangeSchema,
  setStockInputSchema,
} from '../../contracts/admin';
import { bankConfirmInputSchema, bankMatchInputSchema } from '../../contracts/bank';
import { requireAuth, requireOwner, requireUser } from '../../http/middleware/auth';
import { validate, validated } from '../../http/middleware/validate';
import { createProduct, getAdminProduct, listAdminProducts, setProductLaunched, setProductStock, stockMovements, updateProduct } from '../products/catalogue-service';
import { dashboardQuerySchema } from '../../contracts/dashboard';
import { organizerLinkParams } from '../../contracts/organizer';
import { dashboardFigures } from '../dashboard/service';
import { createOrganizerLink, listOrganizerLinks, revokeOrganizerLink } from '../organizer/service';
import { confirmDeposits, listLayouts, matchDeposits } from '../bank/service';
import { getAdminOrder, listOrders, paymentsToCheck } from '../orders/listing';
import { changeStatus, correctDelivery, ownerActor } from '../orders/order-status';
import { createPlan, deletePlan, getAdminPlan, listAdminPlans, planCsv, setPlanArchived, setPlanLaunched, updatePlan } from '../group-buying/plans-service';
import { sendCsv } from '../../http/send-csv';

const s = {
  orders: { query: adminOrdersQuerySchema },
  order: { params: adminIdParams.order },
  status: { params: adminIdParams.order, body: orderStatusChangeSchema },
  delivery: { params: adminIdParams.order, body: deliveryCorrectionSchema },
  archivePlan: { params: adminIdParams.plan, body: archiveInputSchema },
  bankMatch: { body: bankMatchInputSchema },
  link: { params: organizerLinkParams },
  dashboard: { query: dashboardQuerySchema },
  bankConfirm: { body: bankConfirmInputSchema },
  createProduct: { body: adminProductInputSchema },
  product: { params: adminIdParams.product },
  updateProduct: { params: adminIdParams.product, body: adminProductUpdateSchema },
  launchProduct: { params: adminIdParams.product, body: launchInputSchema },
  stock: { params: adminIdParams.product, body: setStockInputSchema },
  createPlan: { body: adminPlanInputSchema },
  plan: { params: adminIdParams.plan },
  updatePlan: { params: adminIdParams.plan, body: adminPlanUpdateSchema },
  launchPlan: { params: adminIdParams.plan, body: launchInputSchema },
};

/** Shop-owner calls under /api/admin: 401 without a token, 403 for anyone but the owner. */
export function adminRouter() {
  const r = Router();
  r.use(requireAuth, requireOwner, (_req, res, next) => {
    res.set('Cache-Control', 'private, no-store');
    next();
  });

  // Orders
  r.get('/orders', validate(s.orders), async (req, res) => {
    res.json(await listOrders(validated(req, s.orders).query));
  });
  r.get('/orders/:orderId', validate(s.order), async (req, res) => {
    res.json(await getAdminOrder(validated(req, s.order).params.orderId));
  });
  r.post('/orders/:orderId/status', validate(s.status), async (req, res) => {
    const { params, body } = validated(req, s.status);
    res.json(await changeStatus(params.orderId, body, requireUser(req)));
  });
  r.put('/orders/:orderId/delivery', validate(s.delivery), async (req, res) => {
    const { params, body } = validated(req, s.delivery);
    res.json(await correctDelivery(params.orderId, body, requireUser(req)));
  });
  r.get('/payments', async (_req, res) => {
    res.json(await paymentsToCheck());
  });

  r.get('/dashboard', validate(s.dashboard), async (req, res) => {
    const { days, months } = validated(req, s.dashboard).query;
    res.json(await dashboardFigures(days, months));
  });

  // Bank statement matching
  r.get('/bank/layouts', async (_req, res) => {
    res.json(await listLayouts());
  });
  r.post('/bank/match', validate(s.bankMatch), async (req, res) => {
    res.json(await matchDeposits(validated(req, s.bankMatch).body.deposits));
  });
  r.post('/bank/confirm', validate(s.bankConfirm), async (req, res) => {
    res.json(await confirmDeposits(validated(req, s.bankConfirm).body, requireUser(req)));
  });

  // Catalogue and stock
  r.get('/products', async (_req, res) => {
    res.json(await listAdminProducts());
  });
  r.post('/products', validate(s.createProduct), async (req, res) => {
    res.status(201).json(await createProduct(validated(req, s.createProduct).body, ownerActor(requireUser(req))));
  });
  r.get('/products/:productId', validate(s.product), async (req, res) => {
    res.json(await getAdminProduct(validated(req, s.product).params.productId));
  });
  r.put('/products/:productId', validate(s.updateProduct), async (req, res) => {
    const { params, body } = validated(req, s.updateProduct);
    res.json(await updateProduct(params.productId, body));
  });
  r.patch('/products/:productId/launch', validate(s.launchProduct), async (req, res) => {
    const { params, body } = validated(req, s.launchProduct);
    res.json(await setProductLaunched(params.productId, body.launched));
  });
  r.get('/stock/:productId/movements', validate(s.product), async (req, res) => {
    res.json(await stockMovements(validated(req, s.product).params.productId));
  });
  r.put('/stock/:productId', validate(s.stock), async (req, res) => {
    const { params, body } = validated(req, s.stock);
    res.json(await setProductStock(params.productId, body, ownerActor(requireUser(req))));
  });

  // Campaigns
  r.get('/plans', async (_req, res) => {
    res.json(await listAdminPlans());
  });
  r.post('/plans', validate(s.createPlan), async (req, res) => {
    res.status(201).json(await createPlan(validated(req, s.createPlan).body));
  });
  r.get('/plans/:planId', validate(s.plan), async (req, res) => {
    res.json(await getAdminPlan(validated(req, s.plan).params.planId));
  });
  r.put('/plans/:planId', validate(s.updatePlan), async (req, res) => {
    const { params, body } = validated(req, s.updatePlan);
    res.json(await updatePlan(params.planId, body));
  });
  r.patch('/plans/:planId/launch', validate(s.launchPlan), async (req, res) => {
    const { params, body } = validated(req, s.launchPlan);
    res.json(await setPlanLaunched(params.planId, body.launched));
  });
  r.patch('/plans/:planId/archive', validate(s.archivePlan), async (req, res) => {
    const { params, body } = validated(req, s.archivePlan);
    res.json(await setPlanArchived(params.planId, body.archived));
  });
  r.delete('/plans/:planId', validate(s.plan), async (req, res) => {
    await deletePlan(validated(req, s.plan).params.planId);
    res.status(204).end();
  });
  r.get('/plans/:planId/organizer-links', validate(s.plan), async (req, res) => {
    res.json(await listOrganizerLinks(validated(req, s.plan).params.planId));
  });
  r.post('/plans/:planId/organizer-links', validate(s.plan), async (req, res) => {
    res.status(201).json(await createOrganizerLink(validated(req, s.plan).params.planId, ownerActor(requireUser(req))));
  });
  r.delete('/plans/:planId/organizer-links/:linkId', validate(s.link), async (req, res) => {
    const { planId, linkId } = validated(req, s.link).params;
    res.json(await revokeOrganizerLink(planId, linkId));
  });
  r.get('/plans/:planId/orders.csv', validate(s.plan), async (req, res) => {
    sendCsv(res, await planCsv(validated(req, s.plan).params.planId));
  });

  return r;
}
