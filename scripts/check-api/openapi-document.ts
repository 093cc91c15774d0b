/**
 * The server's OpenAPI description (GET /api/docs/openapi.json) without a database: the routes
 * register on a bare Fastify with a stand-in that throws if touched, as the page checker does
 * (scripts/check-pages/server-routes.ts), and the document is asked for as a client would.
 */
export async function serverOpenApi(): Promise<Record<string, unknown>> {
  const [{ default: Fastify }, { registerApi }] = await Promise.all([import('fastify'), import('../../server/app.ts')]);
  const app = Fastify({ logger: false });
  const untouchable = new Proxy({} as Parameters<typeof registerApi>[1], {
    get: (_target, key) => {
      throw new Error(`the OpenAPI description touched the database (${String(key)})`);
    },
  });
  await registerApi(app, untouchable);
  const res = await app.inject('/api/docs/openapi.json');
  await app.close();
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/openapi.json answered ${res.statusCode}`);
  return res.json();
}
