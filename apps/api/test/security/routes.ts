// The routes an app instance has, as `METHOD /path` with parameter names replaced by ':' (Fastify's
// router merges parameters at one position, e.g. /conversation/:id|:email, so names are not kept).
import type { FastifyInstance } from 'fastify';

export const normaliseRoute = (method: string, url: string) =>
  `${method} ${url.replace(/:[A-Za-z_][\w]*(\|:[A-Za-z_][\w]*)*/g, ':')}`;

/** Reads app.printRoutes({ commonPrefix: false }): one node per line, four characters per level. */
export function registeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(',').map((m) => m.trim())) {
      if (method) routes.add(normaliseRoute(method, path));
    }
  }
  return routes;
}
