// The `ssr` function's renderer (built by `vite build --ssr` into functions/ssr/, see web/vite.config.ts):
// runs the routes' loaders against the source the function hands in (its in-process services), renders
// the page with react-dom/server and returns the head tags, the body and the data the browser hydrates
// from (main.tsx). Its exports are typed by StorefrontRenderer, the contract functions/src/ssr/handler.ts
// loads it by.
import type { RenderResult, StorefrontRenderer } from '@contracts/storefront';
import { dehydrate, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, isRouteErrorResponse, StaticRouterProvider } from 'react-router';
import { createQueryClient } from '@/lib/data/queries';
import { PostedFormContext } from '@/lib/posted-form';
import { documentTitle, headFor, renderHead, scriptJson, SITE_DESCRIPTION, type Head, type HeadHandle } from './app/head';
import { routeModuleFiles } from './app/route-modules';
import { createRoutes } from './app/router';
import { buildSitemap } from './app/sitemap';

/** Renders one storefront URL (path + query) as the first HTML. `origin` is the site's absolute URL. */
export const render: StorefrontRenderer['render'] = async (url, origin, source, signal, posted): Promise<RenderResult> => {
  const qc = createQueryClient(source);
  const handler = createStaticHandler(createRoutes(qc, { head: headFor(qc), files: routeModuleFiles }));
  const context = await handler.query(new Request(new URL(url, origin), { signal }));
  if (context instanceof Response) {
    return { status: context.status, location: context.headers.get('Location') ?? '/', head: '', body: '', data: null, modules: [], failed: false, personal: false };
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  let failed = false;
  // prerender waits for every lazy part (the order form, the inquiry form) so the HTML is whole.
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <QueryClientProvider client={qc}>
        {/* A sign-up posted without JavaScript and refused: its form shows why (lib/posted-form.ts). */}
        <PostedFormContext value={posted ?? null}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </PostedFormContext>
      </QueryClientProvider>
    </StrictMode>,
    // A part that fails on the server is rendered by the browser instead; say which, for the logs.
    // progressiveChunkSize: one whole document, never large parts moved to the end by inline scripts (CSP).
    {
      signal,
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (err) => {
        failed = true;
        console.error('ssr: a part failed to render', url, err instanceof Error ? err.stack : err);
      },
    },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const body = Buffer.concat(chunks).toString('utf8');

  const error = context.errors ? Object.values(context.errors)[0] : undefined;
  let status = context.statusCode;
  let head: Head | null = null;
  if (error === undefined) {
    for (const m of [...context.matches].reverse()) {
      const h = (m.route.handle as { head?: HeadHandle } | undefined)?.head;
      if (h) {
        head = h(m.params);
        break;
      }
    }
  } else if (!isRouteErrorResponse(error)) {
    status = 500;
  }
  const { pathname: path, searchParams } = new URL(url, origin);
  const personal = head?.noindex === true && [...searchParams.keys()].some((k) => k !== 'redirect');
  const tags = head
    ? renderHead(head, origin)
    : renderHead({ title: status === 404 ? '找不到這個頁面' : error ? '發生錯誤' : '', description: SITE_DESCRIPTION, path, type: 'website', image: { path: '/images/other/og-image.png', width: 1200, height: 630, alt: documentTitle('') }, jsonLd: [] }, origin);
  // An error page is rendered afresh in the browser (the router's error objects do not travel as JSON).
  const data = error === undefined ? scriptJson({ router: { loaderData: context.loaderData, actionData: context.actionData }, queries: dehydrate(qc), ...(posted ? { posted } : {}) }) : null;
  const modules = context.matches.map((m) => (m.route.handle as { module?: string } | undefined)?.module).filter((f): f is string => !!f);
  return { status, modules, head: status === 404 ? `${tags}\n    <meta name="robots" content="noindex" />` : tags, body, data, failed, personal };
};

/** /sitemap.xml: the fixed pages, every launched book and every open campaign. */
export const sitemap: StorefrontRenderer['sitemap'] = (source, origin) => buildSitemap(source, origin);
