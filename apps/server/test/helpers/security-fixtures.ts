import type { FastifyInstance } from 'fastify';

export type Headers = Record<string, string>;
export type Access = 'public' | 'guest' | 'user' | 'admin';

/** One operation of the OpenAPI document, with the access rule the access plugin wrote into it. */
export interface ApiOperation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** OpenAPI form, e.g. `/api/orders/{id}/pay`. */
  path: string;
  /** `config.access` of the route; undefined when the route declares none. */
  access: Access | undefined;
  secured: boolean;
  hasBody: boolean;
}

/** Every /api operation the server publishes in /api/openapi.json. */
export async function apiOperations(app: FastifyInstance): Promise<ApiOperation[]> {
  const doc = (await app.inject('/api/openapi.json')).json<{
    paths: Record<string, Record<string, Record<string, unknown>>>;
  }>();
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({
      method: method.toUpperCase() as ApiOperation['method'],
      path,
      access: op['x-access'] as Access | undefined,
      secured: Array.isArray(op.security) && op.security.length > 0,
      hasBody: op.requestBody !== undefined,
    })),
  );
}

export const operationName = (op: Pick<ApiOperation, 'method' | 'path'>) =>
  `${op.method} ${op.path}`;

/** The path with `{id}` replaced (encoded, so hostile ids reach the route as they are). */
export const fillPath = (path: string, id: string) => path.replace('{id}', encodeURIComponent(id));
