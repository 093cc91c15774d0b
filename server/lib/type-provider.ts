import type { FastifyTypeProvider } from 'fastify';
import type { Static, TSchema } from 'typebox';

/**
 * Fastify's type provider for the `typebox` package: a route's `schema.body`, `querystring` and
 * `params` type `req.body`, `req.query` and `req.params`, so handlers read what the schema
 * validated without casting. Use `app.withTypeProvider<TypeBoxProvider>()`.
 */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}
