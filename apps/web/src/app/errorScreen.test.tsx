import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './router.tsx';

// Spec §2: "The default router error screen shows 'Unexpected Application Error!' with the message."
// The app gets it by declaring no errorElement anywhere; this test fails if one is added to the tree.
// It mounts the app's real route table with one extra route that fails, and renders on the server.

describe('router error screen', () => {
  it("shows 'Unexpected Application Error!' with the error's message", async () => {
    const [root] = routes;
    const withFailure = [
      {
        ...root,
        children: [
          ...root.children.filter((r) => r.path !== '*'),
          {
            path: 'boom',
            loader: () => {
              throw new Error('Chart data could not be parsed');
            },
            element: <p>never shown</p>,
          },
        ],
      },
    ];
    const handler = createStaticHandler(withFailure);
    const context = await handler.query(new Request('http://localhost/boom'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
    expect(html).toContain('Unexpected Application Error!');
    expect(html).toContain('Chart data could not be parsed');
    expect(html).not.toContain('never shown');
  });

  it('no route in the table declares its own error screen', () => {
    const walk = (rs: any[]): boolean => rs.some((r) => r.errorElement || r.ErrorBoundary || (r.children && walk(r.children)));
    expect(walk(routes)).toBe(false);
  });
});
